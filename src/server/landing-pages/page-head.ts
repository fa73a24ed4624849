import { pageDefaults, pageHeadMeta, readPageSettings, type PageHeadMeta } from '../../shared/landing-pages/page-settings.ts';
import { parseContent } from '../../shared/landing-pages/parse-content.ts';
import { VIEWER_PATHS } from '../../shared/landing-pages/viewer.ts';
import type { LandingPageRow } from './service.ts';

/** What a published page's head says about it: its settings, with its own first heading, text and image as defaults. */
export function landingPageHead(page: Pick<LandingPageRow, 'slug' | 'title' | 'content' | 'page_type' | 'settings'>, origin: string): PageHeadMeta {
  const parsed = page.page_type === 'builder' ? parseContent(page.content) : undefined;
  return pageHeadMeta({
    title: page.title,
    settings: readPageSettings(page.settings),
    defaults: parsed?.ok ? pageDefaults(parsed.content) : {},
    origin,
    path: VIEWER_PATHS.page.path({ slug: page.slug }),
  });
}
