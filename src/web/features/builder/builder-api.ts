import { useQuery } from '@tanstack/react-query';
import {
  LANDING_PAGE_PATHS,
  cssResultSchema,
  landingPageResultSchema,
  type LandingPage,
} from '@shared/landing-pages/api.ts';
import { apiParsed } from '@web/lib/api.ts';

/** The builder's calls: the page it edits, its saves, and the CSS of the classes on its canvas. */

const BUILDER_KEY = ['landing-pages', 'builder'] as const;
export const builderPageKey = (id: string) => [...BUILDER_KEY, id] as const;
/** The admin list and the dashboard show what a save changed. */
export const STALE_AFTER_SAVE = [['landing-pages', 'list'], ['dashboard']] as const;

export async function fetchPage(id: string): Promise<LandingPage> {
  return (await apiParsed(landingPageResultSchema, 'GET', LANDING_PAGE_PATHS.one(id))).page;
}

/** The page as it was when the builder opened; read once, later reads are Reload's. */
export function useBuilderPage(id: string | null) {
  return useQuery({ queryKey: builderPageKey(id ?? ''), queryFn: () => fetchPage(id!), enabled: id !== null, staleTime: Infinity, retry: 1 });
}

/** The first save of a new page: 'New Landing Page' with a unique slug, active. */
export async function createBuilderPage(content: string): Promise<LandingPage> {
  return (await apiParsed(landingPageResultSchema, 'POST', LANDING_PAGE_PATHS.builder, { content })).page;
}

/**
 * Later saves: the content, and page_type builder (spec 001, 4). Title, slug and state are read
 * first, so a rename made in the admin list meanwhile is kept.
 */
export async function saveBuilderPage(id: string, content: string): Promise<LandingPage> {
  const page = await fetchPage(id);
  const values = { title: page.title, slug: page.slug, content, page_type: 'builder', is_active: page.is_active };
  return (await apiParsed(landingPageResultSchema, 'PUT', LANDING_PAGE_PATHS.one(page.id), values)).page;
}

export async function fetchCanvasCss(classes: string[]) {
  return apiParsed(cssResultSchema, 'POST', LANDING_PAGE_PATHS.css, { classes });
}
