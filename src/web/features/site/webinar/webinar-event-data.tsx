import { useSiteSettings } from '@web/features/site/content/site-store.ts';

/** The webinar as schema.org data for search engines: online, free (0 EUR), 28 Sep 2025, 11:00–12:00 Berlin. */
const WEBINAR_EVENT = {
  name: 'Learning Ecosystem Webinar',
  startDate: '2025-09-28T11:00:00+02:00',
  endDate: '2025-09-28T12:00:00+02:00',
  timezone: 'Europe/Berlin',
  price: 0,
  currency: 'EUR',
} as const;

export function WebinarEventData() {
  const { brand } = useSiteSettings();
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: WEBINAR_EVENT.name,
    startDate: WEBINAR_EVENT.startDate,
    endDate: WEBINAR_EVENT.endDate,
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    location: { '@type': 'VirtualLocation', url: '/learning-ecosystem-webinar' },
    organizer: { '@type': 'Organization', name: brand },
    offers: { '@type': 'Offer', price: WEBINAR_EVENT.price, priceCurrency: WEBINAR_EVENT.currency, availability: 'https://schema.org/InStock' },
  };
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}
