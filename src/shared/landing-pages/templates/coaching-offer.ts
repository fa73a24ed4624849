import { newNodeId, type IdMaker } from '../ids.ts';
import type { PageContent } from '../types.ts';
import { MEDIUM, templateParts, WIDE } from './parts.ts';

/** A coaching offer: who it is for, how it works, three packages side by side, a client's words and a call to book. */
export function coachingOfferPage(makeId: IdMaker = newNodeId): PageContent {
  const p = templateParts(makeId);
  const step = (title: string, text: string) => [p.heading(title, 'h3', 'text-xl font-semibold text-gray-900'), p.paragraph(text, 'mt-2 text-gray-700')];
  const plan = (title: string, price: string, features: string[], ctaText: string, highlighted = false) => [
    p.make('pricingCard', { title, price, period: '', features, ctaText, tailwindClasses: highlighted ? 'h-full ring-2 ring-primary-600' : 'h-full' }),
  ];
  return [
    p.section('bg-white', WIDE, [
      p.make('heroWithNavigation', {
        logoText: 'Anna Beispiel Coaching',
        navigationItems: [
          { name: 'How it works', href: '#how' },
          { name: 'Packages', href: '#packages' },
          { name: 'Contact', href: '#contact' },
        ],
        loginText: '',
        title: 'Coaching for your next chapter',
        description: 'One-to-one coaching for professionals who want a clear direction, better decisions and the courage to act on them.',
        primaryCtaText: 'See the packages',
        primaryCtaLink: '#packages',
        secondaryCtaText: 'How it works',
        secondaryCtaLink: '#how',
      }),
    ], { styles: { paddingBlock: '0' } }),
    p.section('space-y-10 bg-gray-50', WIDE, [
      p.heading('How it works', 'h2', 'text-center text-3xl font-bold tracking-tight text-gray-900'),
      p.grid(3, [
        step('1. Free first call', 'Thirty minutes to see where you stand and whether we are a good fit.'),
        step('2. Sessions that fit', 'Online or in person in Vienna, every two weeks, with exercises between sessions.'),
        step('3. Results you keep', 'A written plan after every session, so your progress stays visible.'),
      ]),
    ], { anchor: 'how' }),
    p.section('space-y-10 bg-white', WIDE, [
      p.heading('Packages', 'h2', 'text-center text-3xl font-bold tracking-tight text-gray-900'),
      p.paragraph('Prices include VAT. Every package starts with a free first call.', 'text-center text-gray-700'),
      p.grid(3, [
        plan('Clarity session', '€190', ['One 90-minute session', 'Written summary', 'Email follow-up after a week'], 'Book a session'),
        plan('Focus package', '€890', ['Five 60-minute sessions', 'Exercises between sessions', 'Email support for 3 months'], 'Choose Focus', true),
        plan('Leadership journey', '€1,690', ['Ten 60-minute sessions', 'Personality profile', 'Priority booking and support'], 'Choose Leadership'),
      ]),
    ], { anchor: 'packages' }),
    p.section('space-y-6 bg-gray-50', MEDIUM, [
      p.make('testimonial', { quote: 'Anna asked the questions I had avoided for years. Five sessions later I had a plan and had already started on it.', author: 'Sabine M.', position: 'Team lead, Graz' }),
    ]),
    p.section('bg-white', WIDE, [
      p.make('cta', { title: 'Not sure which package fits?', description: 'Book a free 30-minute call and we will find out together.', buttonText: 'Book a free call', buttonUrl: 'mailto:hello@example.com' }),
    ], { anchor: 'contact' }),
  ];
}
