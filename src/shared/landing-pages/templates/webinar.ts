import { newNodeId, type IdMaker } from '../ids.ts';
import type { PageContent } from '../types.ts';
import { MEDIUM, NARROW, templateParts, WIDE } from './parts.ts';

/** A free live webinar: the promise and date, what attendees learn, the sign-up form, the host. */
export function webinarPage(makeId: IdMaker = newNodeId): PageContent {
  const p = templateParts(makeId);
  const learn = (title: string, text: string) => [p.heading(title, 'h3', 'text-xl font-semibold text-gray-900'), p.paragraph(text, 'mt-2 text-gray-700')];
  return [
    p.section('space-y-6 bg-primary-700 text-center text-white', MEDIUM, [
      p.paragraph('Free live webinar · Thursday, 19:00 CET · 60 minutes', 'text-sm font-semibold uppercase tracking-wider text-primary-100'),
      p.heading('Find clarity for your next career step in 60 minutes', 'h1', 'text-4xl font-bold tracking-tight text-white sm:text-5xl'),
      p.paragraph('A practical session for professionals who feel stuck: three exercises you can use the same evening, and live answers to your questions.', 'text-lg text-primary-100 sm:text-xl'),
      p.link('Save my free seat', '#signup', 'bg-white px-8 py-3 text-lg text-primary-800 hover:bg-primary-50'),
    ]),
    p.section('space-y-10 bg-white', WIDE, [
      p.heading('What you will take away', 'h2', 'text-center text-3xl font-bold tracking-tight text-gray-900'),
      p.grid(3, [
        learn('Know what you want', 'A short values exercise that turns a vague feeling into a clear direction.'),
        learn('See your options', 'How to list realistic next steps without quitting everything at once.'),
        learn('Take the first step', 'One small action for the coming week, so the webinar does not stay theory.'),
      ]),
    ]),
    p.section('space-y-5 bg-gray-50', NARROW, [
      p.heading('Save your free seat', 'h2', 'text-3xl font-bold tracking-tight text-gray-900'),
      p.paragraph('Sign up and you will get the link to the live room by email, plus the recording afterwards.', 'text-gray-700'),
      ...p.leadFields('Save my seat'),
    ], { anchor: 'signup' }),
    p.section('space-y-8 bg-white', MEDIUM, [
      p.heading('Your host', 'h2', 'text-center text-3xl font-bold tracking-tight text-gray-900'),
      p.paragraph('Anna Beispiel has coached more than 300 professionals through career changes since 2015. She is a certified systemic coach and works in German and English.', 'text-center text-lg text-gray-700'),
      p.make('testimonial', { quote: 'After the webinar I finally knew which question to ask myself. Three months later I started my new job.', author: 'Markus K.', position: 'Project manager, Munich', tailwindClasses: '' }),
    ]),
    p.section('bg-gray-900 text-center', MEDIUM, [p.paragraph('© Anna Beispiel Coaching', 'text-sm text-gray-300')], { styles: { paddingBlock: '2rem' } }),
  ];
}
