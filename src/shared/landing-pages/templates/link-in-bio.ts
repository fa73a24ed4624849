import { newNodeId, type IdMaker } from '../ids.ts';
import type { PageContent } from '../types.ts';
import { NARROW, templateParts } from './parts.ts';

/** One narrow column for a social profile's link: name, one line, the links that matter as big buttons. */
export function linkInBioPage(makeId: IdMaker = newNodeId): PageContent {
  const p = templateParts(makeId);
  const link = (text: string, href: string) => p.link(text, href, 'w-full bg-white py-4 text-lg text-primary-800 shadow-sm ring-1 ring-primary-200 hover:bg-primary-50');
  return [
    p.section('min-h-screen space-y-4 bg-primary-50 text-center', NARROW, [
      p.make('image', { src: '/images/founder.svg', alt: 'Anna Beispiel', width: '112px', height: '112px', objectFit: 'cover', tailwindClasses: 'mx-auto rounded-full ring-4 ring-white' }),
      p.heading('Anna Beispiel', 'h1', 'text-2xl font-bold text-gray-900'),
      p.paragraph('Career coach in Vienna · helping you find work that fits', 'text-gray-700'),
      link('Free webinar: find clarity in 60 minutes', '#'),
      link('Download the Good Decisions Workbook', '#'),
      link('Book a free first call', '#'),
      link('Read the blog', '#'),
      p.make('socialLinks', { platforms: ['instagram', 'linkedin'], links: { instagram: 'https://www.instagram.com/', linkedin: 'https://www.linkedin.com/' }, tailwindClasses: 'justify-center pt-4' }),
    ], { styles: { paddingBlock: '3rem' } }),
  ];
}
