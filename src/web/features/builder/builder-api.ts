import { useQuery } from '@tanstack/react-query';
import {
  LANDING_PAGE_PATHS,
  PAGE_CHANGED_CODE,
  cssResultSchema,
  landingPageResultSchema,
  pageVersionListSchema,
  pageVersionResultSchema,
  type LandingPage,
} from '@shared/landing-pages/api.ts';
import type { PageSettings } from '@shared/landing-pages/page-settings.ts';
import { publicStatementSchema, type PublicStatement } from '@shared/privacy/consent.ts';
import { CONSENT_PATHS } from '@shared/privacy/paths.ts';
import type { LpConsent } from '@render/render-context.ts';
import { ApiError, apiParsed } from '@web/lib/api.ts';

/** The builder's calls: the page it edits, its saves, and the CSS of the classes on its canvas. */

const BUILDER_KEY = ['landing-pages', 'builder'] as const;
export const builderPageKey = (id: string) => [...BUILDER_KEY, id] as const;
/** The admin list and the dashboard show what a save changed. */
export const STALE_AFTER_SAVE = [['landing-pages', 'list'], ['dashboard']] as const;

export async function fetchPage(id: string): Promise<LandingPage> {
  return (await apiParsed(landingPageResultSchema, 'GET', LANDING_PAGE_PATHS.one.path({ id }))).page;
}

/** The page as it was when the builder opened; read once, later reads are Reload's. */
export function useBuilderPage(id: string | null) {
  return useQuery({ queryKey: builderPageKey(id ?? ''), queryFn: () => fetchPage(id!), enabled: id !== null, staleTime: Infinity, retry: 1 });
}

/**
 * The consent statement landing-page forms show, as /lp shows it (in English: pages have no
 * language), so the canvas draws a form as visitors get it. Until it loads, forms draw without it.
 */
export function useLandingPageConsent(): LpConsent | undefined {
  return useQuery({
    queryKey: ['privacy', 'public-statement', 'landing_page'],
    queryFn: () => apiParsed(publicStatementSchema, 'GET', CONSENT_PATHS.publicStatement.path({ kind: 'landing_page' })),
    staleTime: 60_000,
    select: toLpConsent,
  }).data;
}

/**
 * Module-level, so the query keeps its answer's object from one render to the next: the canvas's
 * render context holds it, and a new one each render would redraw every component on every keystroke.
 */
const toLpConsent = (statement: PublicStatement): LpConsent => ({ version: statement.version, text: statement.text_en });

/** The page as stored now, for the Debug dialog: read afresh each time it opens. */
export function useStoredPage(id: string, enabled: boolean) {
  return useQuery({ queryKey: [...BUILDER_KEY, id, 'stored'], queryFn: () => fetchPage(id), enabled, staleTime: 0, gcTime: 0 });
}

/** The first save of a new page: 'New Landing Page' with a unique slug, active. */
export async function createBuilderPage(content: string, settings: PageSettings): Promise<LandingPage> {
  return (await apiParsed(landingPageResultSchema, 'POST', LANDING_PAGE_PATHS.builder, { content, settings })).page;
}

/**
 * Later saves: the content and settings, and page_type builder; title, slug and state stay as they
 * are. `baseVersion` is the version the editor loaded: the server refuses the save if another came since.
 */
export async function saveBuilderPage(id: string, content: string, settings: PageSettings, baseVersion: number): Promise<LandingPage> {
  return (await apiParsed(landingPageResultSchema, 'PUT', LANDING_PAGE_PATHS.content.path({ id }), { content, settings, base_version: baseVersion })).page;
}

/** Whether a save was refused because someone else saved the page since it was loaded. */
export const isSaveConflict = (error: unknown) => error instanceof ApiError && error.code === PAGE_CHANGED_CODE;

const pageVersionsKey = (id: string) => [...BUILDER_KEY, id, 'versions'] as const;

/** The page's kept versions, newest first; read afresh each time the History dialog opens. */
export function usePageVersions(id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: pageVersionsKey(id ?? ''),
    queryFn: async () => (await apiParsed(pageVersionListSchema, 'GET', LANDING_PAGE_PATHS.versions.path({ id: id! }))).versions,
    enabled: enabled && id !== null,
    staleTime: 0,
  });
}

export async function fetchVersion(pageId: string, versionId: string) {
  return (await apiParsed(pageVersionResultSchema, 'GET', LANDING_PAGE_PATHS.version.path({ id: pageId, versionId }))).version;
}

export async function fetchCanvasCss(classes: string[]) {
  return apiParsed(cssResultSchema, 'POST', LANDING_PAGE_PATHS.css, { classes });
}
