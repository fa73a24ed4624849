import { newNodeId, type IdMaker } from '../ids.ts';
import type { PageContent } from '../types.ts';
import { MEDIUM, NARROW, templateParts, WIDE } from './parts.ts';

/** A waiting list for a programme not open yet: the promise, the sign-up first, then why to wait for it. */
export function waitingListPage(makeId: IdMaker = newNodeId): PageContent {
  const p = templateParts(makeId);
  const reason = (title: string, text: string) => [p.heading(title, 'h3', 'text-lg font-semibold text-gray-900'), p.paragraph(text, 'mt-2 text-gray-700')];
  return [
    p.section('space-y-5 bg-teal-50', NARROW, [
      p.paragraph('Opening this spring · Limited places', 'text-sm font-semibold uppercase tracking-wider text-teal-800'),
      p.heading('Calm Leadership: the 8-week group programme', 'h1', 'text-4xl font-bold tracking-tight text-gray-900 sm:text-5xl'),
      p.paragraph('Lead your team with less stress and more presence. Join the waiting list to hear first when places open, with an early-bird price for the list only.', 'text-lg text-gray-700'),
      ...p.leadFields('Join the waiting list'),
    ], { anchor: 'signup' }),
    p.section('space-y-10 bg-white', WIDE, [
      p.heading('Why people wait for it', 'h2', 'text-center text-3xl font-bold tracking-tight text-gray-900'),
      p.grid(3, [
        reason('Small groups', 'Eight participants at most, so every session has room for your situation.'),
        reason('Weekly practice', 'One live session a week and short exercises that fit into a working day.'),
        reason('Lasting habits', 'You leave with routines for hard conversations, priorities and recovery.'),
      ]),
    ]),
    p.section('space-y-6 bg-white', MEDIUM, [
      p.make('testimonial', { quote: 'The first programme where I did not just learn about leadership, I changed how I lead on Monday morning.', author: 'Julia S.', position: 'Head of Operations' }),
      p.paragraph('No spam: one email when places open, and you can leave the list at any time.', 'text-center text-sm text-gray-600'),
    ]),
  ];
}
