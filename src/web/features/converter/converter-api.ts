import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LANDING_PAGE_PATHS, landingPageResultSchema, TITLE_MAX } from '@shared/landing-pages/api.ts';
import { CONVERT_URL_PATH, convertUrlResultSchema } from '@shared/landing-pages/converter/api.ts';
import { serializeContent } from '@shared/landing-pages/parse-content.ts';
import { convertedSlug } from '@shared/landing-pages/slug.ts';
import type { PageContent } from '@shared/landing-pages/types.ts';
import { apiParsed } from '@web/lib/api.ts';
import { queryKeys } from '@web/lib/query-keys.ts';

/** The converter's calls: the server fetches a page (behind its address guard), and creates the converted page. */

/** The landing pages' lists (landing-pages-api.ts) and the dashboard's figures change when a page is created. */
const STALE_AFTER_CREATE = [['landing-pages'], queryKeys.dashboard] as const;

export function useFetchPage() {
  return useMutation({
    mutationFn: (url: string) => apiParsed(convertUrlResultSchema, 'POST', CONVERT_URL_PATH, { url }),
  });
}

/** The name a converted page gets: its source's title, else ours. */
export const CONVERTED_PAGE_TITLE = 'Converted landing page';

/**
 * Creates a builder page from converted sections through the landing pages API: slug
 * converted-{timestamp}, inactive, content as the builder saves it.
 */
export function useCreateConvertedPage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ sections, title }: { sections: PageContent; title: string | undefined }) => {
      const body = {
        title: (title?.trim() || CONVERTED_PAGE_TITLE).slice(0, TITLE_MAX),
        slug: convertedSlug(Date.now()),
        content: serializeContent(sections),
        page_type: 'builder',
        is_active: false,
      };
      return (await apiParsed(landingPageResultSchema, 'POST', LANDING_PAGE_PATHS.list, body)).page;
    },
    onSuccess: () => Promise.all(STALE_AFTER_CREATE.map((queryKey) => client.invalidateQueries({ queryKey: [...queryKey] }))),
  });
}
