import { useContent } from '@web/lib/i18n.ts';
import type { CommonContent } from '@web/features/site/content/types.ts';
import { useSiteSettings } from '@web/features/site/content/site-store.ts';
import { ConsentGate } from './consent-gate.tsx';

/** The spec's booking widget height. */
export const BOOKING_WIDGET_HEIGHT = 700;

/** The embedded booking page (after consent), 700 px high, with a plain link for those who prefer it. */
export function BookingWidget({ title, fallback }: { title: string; fallback: string }) {
  const { media, links } = useSiteSettings();
  const { consent: t } = useContent<CommonContent>('common');
  return (
    <div>
      <ConsentGate title={t.bookingTitle} text={t.bookingText} className="h-[700px] w-full rounded-2xl">
        {() => (
          <iframe
            src={media.bookingWidgetUrl}
            title={title}
            height={BOOKING_WIDGET_HEIGHT}
            className="h-[700px] w-full rounded-2xl border border-gray-200 bg-white"
            loading="lazy"
          />
        )}
      </ConsentGate>
      <p className="mt-3 text-center text-sm text-gray-600">
        <a href={links.booking} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline underline-offset-2">
          {fallback}
        </a>
      </p>
    </div>
  );
}
