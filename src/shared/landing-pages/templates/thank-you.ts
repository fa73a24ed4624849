import { newNodeId, type IdMaker } from '../ids.ts';
import type { PageContent } from '../types.ts';
import { MEDIUM, templateParts } from './parts.ts';

/** Where a sign-up lands: the thanks, what happens next, and one more step to take. */
export function thankYouPage(makeId: IdMaker = newNodeId): PageContent {
  const p = templateParts(makeId);
  return [
    p.section('space-y-6 bg-teal-50 text-center', MEDIUM, [
      p.heading('Thank you, you are on the list!', 'h1', 'text-4xl font-bold tracking-tight text-gray-900 sm:text-5xl'),
      p.paragraph('Please check your inbox: we have sent you an email to confirm your address. If it is not there in a few minutes, look in your spam folder.', 'text-lg text-gray-700'),
    ], { styles: { paddingBlock: '5rem' } }),
    p.section('space-y-6 bg-white', MEDIUM, [
      p.heading('What happens next', 'h2', 'text-3xl font-bold tracking-tight text-gray-900'),
      p.make('list', {
        type: 'ol',
        items: ['Confirm your email address with one click.', 'You will receive everything you signed up for in the next email.', 'Once a week, at most, a short letter with an idea you can use.'],
        tailwindClasses: 'space-y-3 text-lg text-gray-800',
      }),
    ]),
    p.section('bg-white', MEDIUM, [
      p.make('cta', { title: 'While you wait', description: 'Say hello on Instagram, where I share short exercises every week.', buttonText: 'Follow on Instagram', buttonUrl: 'https://www.instagram.com/' }),
    ], { styles: { paddingBlock: '0 4rem' } }),
  ];
}
