import { createHash } from 'node:crypto';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { islandsInHtml } from '../../render/islands.ts';
import { PageDocument } from '../../render/page-document.tsx';
import { BuilderPageBody } from '../../render/render-page.tsx';
import { HtmlPage } from '../../render/viewer/html-page.tsx';
import { LeadOutcomeBanner } from '../../render/viewer/lead-status.tsx';
import { PageNotFound } from '../../render/viewer/not-found.tsx';
import { VERSION_PREVIEW_MESSAGES } from '../../shared/landing-pages/builder.ts';
import type { PageType } from '../../shared/landing-pages/page-types.ts';
import { VIEWER_MESSAGES } from '../../shared/landing-pages/viewer.ts';
import { compress, type Compressed } from '../http/compressed.ts';
import type { IslandScripts } from './islands.ts';
import { classesInHtml, cssForClasses } from './page-css.ts';
import type { RenderedPage } from './page-cache.ts';
import type { LandingPageRow } from './service.ts';

/** The page react pages show (spec 002: "react: the waiting-list page"). */
export const REACT_PAGE = '/learning-ecosystem-mastery';
const CSS_SLOT = '/*page-css*/';

export type LeadOutcome = 'ok' | 'error';

/**
 * A whole HTML document, from the markup out: rendered once, then given the CSS of exactly the
 * classes in it (the renderer's own and the author's, inline) and the scripts of exactly the islands
 * it contains (none for a page without forms or videos).
 */
export async function renderDocument(
  { title, robots, islands }: { title: string; robots?: string; islands: IslandScripts },
  body: ReactNode,
): Promise<{ html: Compressed; etag: string }> {
  const markup = renderToStaticMarkup(
    <PageDocument title={title} css={CSS_SLOT} robots={robots}>
      {body}
    </PageDocument>,
  );
  const { css } = await cssForClasses(classesInHtml(markup));
  const scripts = islandsInHtml(markup)
    .map((island) => islands[island])
    .filter((src): src is string => Boolean(src))
    .map((src) => `<script type="module" src="${src}"></script>`)
    .join('');
  // An author's arbitrary class value could hold "</style"; escaped, it stays inside the style element.
  const text = `<!doctype html>${markup
    .replace(CSS_SLOT, () => css.replace(/<\/style/gi, '<\\/style'))
    .replace('</head>', () => `${scripts}</head>`)}`;
  return { html: compress(text), etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` };
}

/** A published page as visitors get it; `outcome` announces a form result after a plain POST (never cached). */
export async function renderLandingPage(page: LandingPageRow, islands: IslandScripts, outcome?: LeadOutcome): Promise<RenderedPage> {
  if (page.page_type === 'react') return { pageId: page.id, sitePage: REACT_PAGE };
  const body =
    page.page_type === 'html' ? (
      <HtmlPage slug={page.slug} title={page.title} outcome={outcome} />
    ) : (
      <>
        {outcome ? <LeadOutcomeBanner outcome={outcome} /> : null}
        <BuilderPageBody content={page.content} slug={page.slug} />
      </>
    );
  return { pageId: page.id, ...(await renderDocument({ title: page.title, islands }, body)) };
}

export async function renderNotFound(slug: string): Promise<Compressed> {
  return (await renderDocument({ title: VIEWER_MESSAGES.notFoundTitle, robots: 'noindex', islands: {} }, <PageNotFound slug={slug} />)).html;
}

/**
 * A kept version of a page as the public renderer shows it, for the builder's History preview:
 * no island scripts (nothing runs, no form is sent) and never indexed. A react page only ever shows
 * the built-in page, so its preview says that.
 */
export async function renderVersionPreview(page: { title: string; slug: string }, version: { content: string; page_type: PageType }): Promise<Compressed> {
  const body =
    version.page_type === 'react' ? (
      <p className="p-8 text-gray-800">{VERSION_PREVIEW_MESSAGES.react}</p>
    ) : (
      <BuilderPageBody content={version.content} slug={page.slug} />
    );
  return (await renderDocument({ title: page.title, robots: 'noindex', islands: {} }, body)).html;
}
