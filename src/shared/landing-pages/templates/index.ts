import { defaultPage } from '../default-page.ts';
import { newNodeId, type IdMaker } from '../ids.ts';
import type { PageContent } from '../types.ts';
import { aboutMePage } from './about-me.ts';
import { coachingOfferPage } from './coaching-offer.ts';
import { eventPage } from './event.ts';
import { freeDownloadPage } from './free-download.ts';
import { linkInBioPage } from './link-in-bio.ts';
import { thankYouPage } from './thank-you.ts';
import { waitingListPage } from './waiting-list.ts';
import { webinarPage } from './webinar.ts';

/** A designed starting point for a new page: what the gallery shows of it, and the page it makes (fresh ids each time). */
export interface PageTemplate {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  /** The title and address the page is meant for, for the owner to give it when saving. */
  readonly title: string;
  readonly slug: string;
  readonly make: (makeId?: IdMaker) => PageContent;
}

export const PAGE_TEMPLATES: readonly PageTemplate[] = [
  { id: 'webinar', name: 'Webinar sign-up', description: 'A free live session: date, what attendees learn, a sign-up form and the host.', title: 'Free webinar', slug: 'webinar', make: webinarPage },
  { id: 'waiting-list', name: 'Waiting list', description: 'A programme that opens soon: the promise and a sign-up form first, then why to wait.', title: 'Waiting list', slug: 'waiting-list', make: waitingListPage },
  { id: 'coaching-offer', name: 'Coaching offer with pricing', description: 'Your coaching: how it works, three packages with prices, a client quote and a call to book.', title: 'Coaching packages', slug: 'coaching', make: coachingOfferPage },
  { id: 'free-download', name: 'Free download', description: 'A workbook or checklist in exchange for an email address, with the form beside what is inside.', title: 'Free workbook', slug: 'free-workbook', make: freeDownloadPage },
  { id: 'event', name: 'Event', description: 'A workshop or meetup: when, where and the price at a glance, the programme and registration.', title: 'Workshop', slug: 'workshop', make: eventPage },
  { id: 'about-me', name: 'About me', description: 'Introduce yourself: your portrait and story, how you work, a client quote and your contact details.', title: 'About me', slug: 'about', make: aboutMePage },
  { id: 'link-in-bio', name: 'Link in bio', description: 'One page for your social profile: your name and the links that matter as big buttons.', title: 'Links', slug: 'links', make: linkInBioPage },
  { id: 'thank-you', name: 'Thank-you page', description: 'Where a sign-up lands: thanks, what happens next and one more step.', title: 'Thank you', slug: 'thank-you', make: thankYouPage },
];

/** The template with this id, or undefined for an id no template has (a stale or hand-typed address). */
export function findTemplate(id: string | null | undefined): PageTemplate | undefined {
  return id ? PAGE_TEMPLATES.find((template) => template.id === id) : undefined;
}

/** A new page from the template with this id, or the default page when there is none. */
export function templatePage(id: string | null | undefined, makeId: IdMaker = newNodeId): PageContent {
  return (findTemplate(id)?.make ?? defaultPage)(makeId);
}

/** The builder's new-page address asks for a template by this search parameter. */
export const TEMPLATE_PARAM = 'template';

/** Each template's screenshot (scripts/template-screenshots.ts writes them into public/). */
export const templateImagePath = (id: string) => `/templates/${id}.webp`;
