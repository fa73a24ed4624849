import { newNodeId, type IdMaker } from '../ids.ts';
import type { PageContent } from '../types.ts';
import { MEDIUM, templateParts, WIDE } from './parts.ts';

/** A personal introduction: who the coach is, how they work, what clients say, and how to get in touch. */
export function aboutMePage(makeId: IdMaker = newNodeId): PageContent {
  const p = templateParts(makeId);
  return [
    p.section('bg-white', WIDE, [
      p.grid(2, [
        [p.make('image', { src: '/images/founder.svg', alt: 'Portrait of Anna Beispiel', width: '100%', height: 'auto', objectFit: 'cover', tailwindClasses: 'mx-auto max-w-sm rounded-2xl' })],
        [
          p.paragraph('About me', 'text-sm font-semibold uppercase tracking-wider text-primary-700'),
          p.heading('Hello, I am Anna', 'h1', 'mt-3 text-4xl font-bold tracking-tight text-gray-900 sm:text-5xl'),
          p.paragraph('I help people who are good at their jobs but no longer sure they are in the right one. Before coaching, I spent twelve years in HR, so I know both sides of the interview table.', 'mt-6 text-lg text-gray-700'),
          p.paragraph('I work from Vienna, online and in person, in German and English.', 'mt-4 text-lg text-gray-700'),
        ],
      ], '3rem', 'items-center'),
    ]),
    p.section('space-y-6 bg-gray-50', MEDIUM, [
      p.heading('How I work', 'h2', 'text-3xl font-bold tracking-tight text-gray-900'),
      p.list([
        'Honest questions rather than ready-made answers',
        'Small, concrete steps between sessions',
        'Methods from systemic coaching and positive psychology',
        'Complete confidentiality',
      ], 'list-disc space-y-2 pl-6 text-lg text-gray-800'),
    ]),
    p.section('space-y-6 bg-white', MEDIUM, [
      p.heading('What clients say', 'h2', 'text-center text-3xl font-bold tracking-tight text-gray-900'),
      p.make('testimonial', { quote: 'Warm, direct and very well prepared. I came with a knot in my stomach and left with a plan.', author: 'Lena H.', position: 'Product designer' }),
    ]),
    p.section('space-y-6 bg-primary-700 text-white', MEDIUM, [
      p.heading('Let us talk', 'h2', 'text-3xl font-bold tracking-tight text-white'),
      p.make('contactInfo', { email: 'hello@example.com', phone: '+43 1 234 5678', address: 'Beispielgasse 1\n1010 Vienna', tailwindClasses: 'text-white' }),
      p.make('socialLinks', { platforms: ['linkedin', 'instagram'], links: { linkedin: 'https://www.linkedin.com/', instagram: 'https://www.instagram.com/' } }),
    ], { anchor: 'contact' }),
  ];
}
