import { useContent } from '@web/lib/i18n.ts';
import type { CommonContent, SiteSettings } from '@web/features/site/content/types.ts';
import { useSiteSettings } from '@web/features/site/content/site-store.ts';
import { ConsentGate } from './consent-gate.tsx';

/** The embedded booking calendar's height, in px (an iframe does not take its content's height). */
const BOOKING_WIDGET_HEIGHT = 700;

/** The booking calendars of site.json's links that a page can embed. */
export type BookingCalendar = keyof Pick<SiteSettings['links'], 'booking' | 'implementationSession'>;

/**
 * A Calendly booking page as an inline embed (without Calendly's own cookie banner: ours asked).
 * Derived from the page's link, so the embedded calendar and the link under it never differ.
 */
function bookingEmbedUrl(pageUrl: string): string {
  const url = new URL(pageUrl);
  url.searchParams.set('embed_type', 'Inline');
  url.searchParams.set('hide_gdpr_banner', '1');
  return url.toString();
}

/** The embedded booking page (after consent), 700 px high, with a plain link to the same page for those who prefer it. */
export function BookingWidget({ calendar, title, fallback }: { calendar: BookingCalendar; title: string; fallback: string }) {
  const { links } = useSiteSettings();
  const { consent: t } = useContent<CommonContent>('common');
  const pageUrl = links[calendar];
  return (
    <div>
      <ConsentGate title={t.bookingTitle} text={t.bookingText} className="h-[700px] w-full rounded-2xl">
        <iframe
          src={bookingEmbedUrl(pageUrl)}
          title={title}
          height={BOOKING_WIDGET_HEIGHT}
          className="h-[700px] w-full rounded-2xl border border-gray-200 bg-white"
          loading="lazy"
        />
      </ConsentGate>
      <p className="mt-3 text-center text-sm text-gray-600">
        <a href={pageUrl} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline underline-offset-2">
          {fallback}
        </a>
      </p>
    </div>
  );
}
