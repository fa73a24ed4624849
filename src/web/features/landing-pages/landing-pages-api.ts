import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LANDING_PAGE_PATHS,
  landingPageListSchema,
  landingPageResultSchema,
  slugCheckResultSchema,
  type LandingPageFormInput,
  type LandingPageSummary,
} from '@shared/landing-pages/api.ts';
import { apiParsed, del } from '@web/lib/api.ts';

/** The landing pages API (src/server/landing-pages/routes.ts) as TanStack Query hooks; every answer is parsed by its contract schema. */

const PAGES_KEY = ['landing-pages'] as const;
const listKey = (search: string) => [...PAGES_KEY, 'list', search] as const;
const pageKey = (id: string) => [...PAGES_KEY, 'page', id] as const;
const slugCheckKey = (slug: string, excludeId: string | null) => [...PAGES_KEY, 'slug-check', slug, excludeId] as const;
/** The dashboard counts pages: a page made or removed changes its figure. */
const DASHBOARD_KEY = ['dashboard'] as const;

const withQuery = (path: string, query: Record<string, string | null | undefined>) => {
  const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return params.size ? `${path}?${params}` : path;
};

/** The pages, newest first, searched on the server by title or slug; the last list stays on screen while the next loads. */
export function useLandingPages(search: string) {
  return useQuery({
    queryKey: listKey(search),
    queryFn: async () => (await apiParsed(landingPageListSchema, 'GET', withQuery(LANDING_PAGE_PATHS.list, { search }))).pages,
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

/** One page with its whole content, for the Edit dialog (the list carries only a preview). */
export function useLandingPage(id: string | null) {
  return useQuery({
    queryKey: pageKey(id ?? ''),
    queryFn: async () => (await apiParsed(landingPageResultSchema, 'GET', LANDING_PAGE_PATHS.one.path({ id: id! }))).page,
    enabled: id !== null,
    // Always the stored content: another tab may have saved since.
    staleTime: 0,
  });
}

/** Whether a valid slug is free (the page being edited excluded); `slug` null asks nothing. */
export function useSlugCheck(slug: string | null, excludeId: string | null) {
  return useQuery({
    queryKey: slugCheckKey(slug ?? '', excludeId),
    queryFn: () => apiParsed(slugCheckResultSchema, 'GET', withQuery(LANDING_PAGE_PATHS.slugCheck, { slug, exclude_id: excludeId })),
    enabled: slug !== null,
    staleTime: 0,
    retry: false,
  });
}

function useRefreshPages() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: PAGES_KEY }), client.invalidateQueries({ queryKey: DASHBOARD_KEY })]);
}

/**
 * Creates a page, or updates the one with `id` if it is still at `baseVersion` (the version the form
 * loaded); otherwise the server answers 409 'page_changed'.
 */
export function useSaveLandingPage() {
  const refresh = useRefreshPages();
  return useMutation({
    mutationFn: async ({ id, values, baseVersion }: { id: string | null; values: LandingPageFormInput; baseVersion: number }) =>
      (
        await (id
          ? apiParsed(landingPageResultSchema, 'PUT', LANDING_PAGE_PATHS.one.path({ id }), { ...values, base_version: baseVersion })
          : apiParsed(landingPageResultSchema, 'POST', LANDING_PAGE_PATHS.list, values))
      ).page,
    onSuccess: refresh,
  });
}

/** The page as stored now, read past the cache (after a save was refused as a conflict). */
export async function fetchLandingPage(id: string) {
  return (await apiParsed(landingPageResultSchema, 'GET', LANDING_PAGE_PATHS.one.path({ id }))).page;
}

/** What a 409 on save means for the live check: that slug is taken now, whatever it said before. */
export function useMarkSlugTaken() {
  const client = useQueryClient();
  return (slug: string, excludeId: string | null) => client.setQueryData(slugCheckKey(slug, excludeId), { available: false });
}

/**
 * Activate/Deactivate: the card shows the new state at once and goes back if the server refuses.
 * Every cached list (one per search) holds the page, so each is updated.
 */
export function useSetPageActive() {
  const client = useQueryClient();
  const refresh = useRefreshPages();
  const setInLists = (id: string, isActive: boolean) =>
    client.setQueriesData<LandingPageSummary[]>({ queryKey: [...PAGES_KEY, 'list'] }, (pages) =>
      pages?.map((page) => (page.id === id ? { ...page, is_active: isActive } : page)),
    );
  return useMutation({
    mutationFn: async ({ id, isActive }: { id: string; isActive: boolean }) =>
      (await apiParsed(landingPageResultSchema, 'PATCH', LANDING_PAGE_PATHS.one.path({ id }), { is_active: isActive })).page,
    onMutate: async ({ id, isActive }) => {
      await client.cancelQueries({ queryKey: [...PAGES_KEY, 'list'] });
      setInLists(id, isActive);
    },
    onError: (_error, { id, isActive }) => setInLists(id, !isActive),
    onSettled: refresh,
  });
}

export function useDeleteLandingPage() {
  const refresh = useRefreshPages();
  return useMutation({
    mutationFn: (id: string) => del(LANDING_PAGE_PATHS.one.path({ id })),
    onSuccess: refresh,
  });
}
