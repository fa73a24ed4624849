import { PAGE_PREVIEW_MESSAGES } from '../../shared/landing-pages/api.ts';
import { VIEWER_PATHS } from '../../shared/landing-pages/viewer.ts';

/** The strip above a staff preview of an inactive page: what is shown here, visitors cannot see yet. */
export function NotLiveNotice({ slug }: { slug: string }) {
  return (
    <aside aria-label="Staff preview" className="border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950">
      {PAGE_PREVIEW_MESSAGES.notLive(VIEWER_PATHS.page.path({ slug }))}
    </aside>
  );
}
