import { newNodeId, type IdMaker } from '../ids.ts';
import type { PageContent } from '../types.ts';
import { MEDIUM, templateParts, WIDE } from './parts.ts';

/** A free download (a workbook, a checklist) in exchange for an email address: what is inside, then the form beside it. */
export function freeDownloadPage(makeId: IdMaker = newNodeId): PageContent {
  const p = templateParts(makeId);
  return [
    p.section('bg-accent-50', WIDE, [
      p.grid(2, [
        [
          p.paragraph('Free workbook · 24 pages · PDF', 'text-sm font-semibold uppercase tracking-wider text-accent-800'),
          p.heading('The Good Decisions Workbook', 'h1', 'mt-4 text-4xl font-bold tracking-tight text-gray-900 sm:text-5xl'),
          p.paragraph('Seven exercises that help you decide with a calm head, whether it is a new job, a move or a big "yes" you are not sure about.', 'mt-6 text-lg text-gray-700'),
          p.list(['Find out what really matters to you', 'Weigh options without endless pro-and-con lists', 'Notice when fear is making the decision', 'Turn the decision into a first step'], 'mt-6 list-disc space-y-2 pl-6 text-gray-800'),
        ],
        [
          p.make('container', { padding: '2rem', maxWidth: '100%', tailwindClasses: 'space-y-4 rounded-2xl bg-white shadow-lg ring-1 ring-gray-200' }, [
            p.heading('Get the workbook', 'h2', 'text-2xl font-bold text-gray-900'),
            p.paragraph('Enter your email and the download link is on its way.', 'text-gray-700'),
            ...p.leadFields('Send me the workbook'),
          ]),
        ],
      ], '3rem'),
    ], { anchor: 'signup' }),
    p.section('space-y-6 bg-white', MEDIUM, [
      p.heading('Who made it', 'h2', 'text-center text-3xl font-bold tracking-tight text-gray-900'),
      p.paragraph('I am Anna, a coach for people at a crossroads. This workbook holds the exercises my clients ask for most, written so you can do them on your own in an afternoon.', 'text-center text-lg text-gray-700'),
      p.make('testimonial', { quote: 'I printed it, did one exercise each evening, and by Friday the decision I had postponed for months was made.', author: 'Tobias R.', position: 'Teacher, Zurich' }),
    ]),
  ];
}
