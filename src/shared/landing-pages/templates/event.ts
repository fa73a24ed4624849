import { newNodeId, type IdMaker } from '../ids.ts';
import type { PageContent } from '../types.ts';
import { MEDIUM, NARROW, templateParts, WIDE } from './parts.ts';

/** An in-person event: what, when and where at a glance, the day's programme, and registration. */
export function eventPage(makeId: IdMaker = newNodeId): PageContent {
  const p = templateParts(makeId);
  const fact = (label: string, value: string) => [p.paragraph(label, 'text-sm font-semibold uppercase tracking-wider text-gray-600'), p.paragraph(value, 'mt-1 text-lg font-semibold text-gray-900')];
  return [
    p.section('p-0', WIDE, [
      p.make('hero', {
        title: 'Reset Day: a workshop for a calmer year',
        subtitle: 'One Saturday in Berlin to look back, sort out what matters and plan the months ahead with like-minded people.',
        overlay: 0.2,
        tailwindClasses: 'rounded-none bg-teal-900 py-20',
      }),
    ], { styles: { paddingBlock: '0', paddingInline: '0' } }),
    p.section('bg-white', WIDE, [
      p.grid(3, [fact('When', 'Saturday, 14 March, 10:00–17:00'), fact('Where', 'Coworking Mitte, Berlin'), fact('Price', '€149 incl. lunch')], '1.5rem', 'rounded-2xl bg-gray-50 p-6'),
    ], { styles: { paddingBlock: '3rem' } }),
    p.section('space-y-6 bg-white', MEDIUM, [
      p.heading('The programme', 'h2', 'text-3xl font-bold tracking-tight text-gray-900'),
      p.list([
        '10:00  Arrival, coffee and a short round of introductions',
        '10:30  Looking back: what the last year taught you',
        '12:30  Lunch together',
        '13:30  Priorities: choosing three things that matter',
        '15:30  Your plan for the next 90 days',
        '16:45  Closing round',
      ], 'list-none space-y-3 pl-0 text-lg text-gray-800'),
      p.make('divider', { type: 'horizontal' }),
      p.paragraph('Twelve places only, so there is time for every question. You will receive a confirmation and directions by email.', 'text-gray-700'),
    ]),
    p.section('space-y-5 bg-teal-50', NARROW, [
      p.heading('Register for Reset Day', 'h2', 'text-3xl font-bold tracking-tight text-gray-900'),
      p.paragraph('Registering reserves your place; payment follows by invoice.', 'text-gray-700'),
      ...p.leadFields('Reserve my place', [
        p.make('select', { label: 'Diet', options: ['No preference', 'Vegetarian', 'Vegan'], required: 'false' }),
      ]),
    ], { anchor: 'signup' }),
  ];
}
