import { createHash, randomUUID } from 'node:crypto';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { islandsInHtml } from '../../render/islands.ts';
import { HeadMeta } from '../../render/head-meta.tsx';
import { PageDocument } from '../../render/page-document.tsx';
import { BuilderPageBody, ContentErrorPanel } from '../../render/render-page.tsx';
import type { LpConsent } from '../../render/render-context.ts';
import { pageRenderContext } from '../../render/render-node.tsx';
import { GetStarted, HtmlPage } from '../../render/viewer/html-page.tsx';
import { LeadOutcomeBanner } from '../../render/viewer/lead-status.tsx';
import { PageNotFound } from '../../render/viewer/not-found.tsx';
import { NotLiveNotice } from '../../render/viewer/preview-notice.tsx';
import { VERSION_PREVIEW_MESSAGES } from '../../shared/landing-pages/builder.ts';
import type { PageHeadMeta } from '../../shared/landing-pages/page-settings.ts';
import type { PageType } from '../../shared/landing-pages/page-types.ts';
import { renderUnits } from '../../shared/landing-pages/render-cost.ts';
import { RENDER_LIMITS, VIEWER_MESSAGES, type LeadOutcome } from '../../shared/landing-pages/viewer.ts';
import { compressAsync, type Compressed } from '../http/compressed.ts';
import type { IslandScripts } from './islands.ts';
import { landingPageHead } from './page-head.ts';
import { classesInHtml, cssForClasses } from './page-css.ts';
import type { RenderedHtml, RenderedPage } from './page-cache.ts';
import { renderInSlices, yieldToEventLoop } from './render-in-slices.tsx';
import type { LandingPageRow } from './service.ts';

/** The page a landing page of type react shows: the waiting-list page. */
const REACT_PAGE = '/learning-ecosystem-mastery';
const CSS_SLOT = '/*page-css*/';
/** Placeholders in rendered markup; random per process, so no author's text can spell one. */
const OUTCOME_SLOT = `\uE000outcome-${randomUUID()}\uE001`;
const SLUG_SLOT = `\uE000slug-${randomUUID()}\uE001`;

interface ShellMeta {
  title: string;
  robots?: string;
  head?: PageHeadMeta;
}

const shell = ({ title, robots, head }: ShellMeta, body: ReactNode) => (
  <PageDocument title={title} css={CSS_SLOT} robots={robots} favicon={head?.favicon} meta={head ? <HeadMeta meta={head} /> : undefined}>
    {body}
  </PageDocument>
);

/**
 * A whole HTML document from its markup: given the CSS of exactly the classes in it (the renderer's
 * own and the author's, inline) and the scripts of exactly the islands it contains (none for a page
 * without forms or videos). `alsoIn` is markup that will fill a slot of the page: its classes and
 * islands count as the page's.
 */
async function finishDocument(markup: string, islands: IslandScripts, alsoIn: readonly string[] = []): Promise<string> {
  // Each step over a large page's whole markup is work of its own, with other requests between.
  await yieldToEventLoop();
  const all = alsoIn.length > 0 ? [markup, ...alsoIn].join('') : markup;
  const { css } = await cssForClasses(classesInHtml(all));
  await yieldToEventLoop();
  const scripts = islandsInHtml(all)
    .map((island) => islands[island])
    .filter((src): src is string => Boolean(src))
    .map((src) => `<script type="module" src="${src}"></script>`)
    .join('');
  // An author's arbitrary class value could hold "</style"; escaped, it stays inside the style element.
  return `<!doctype html>${markup.replace(CSS_SLOT, () => css.replace(/<\/style/gi, '<\\/style')).replace('</head>', () => `${scripts}</head>`)}`;
}

const etagOf = (text: string) => `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;

/**
 * A page whose markup holds OUTCOME_SLOT, finished and ready to send: the slot filled as it is
 * without an outcome, and where it sits, so a form's outcome is written into the same bytes
 * later without rendering anything again.
 */
async function withOutcomeSlot(markup: string, islands: IslandScripts, slot: (outcome?: LeadOutcome) => string): Promise<Omit<RenderedHtml, 'pageId'>> {
  const plainSlot = slot();
  const markupOf = { ok: slot('ok'), error: slot('error') };
  const text = await finishDocument(markup, islands, [plainSlot, markupOf.ok, markupOf.error]);
  await yieldToEventLoop();
  const at = text.indexOf(OUTCOME_SLOT);
  const before = text.slice(0, at);
  const plain = `${before}${plainSlot}${text.slice(at + OUTCOME_SLOT.length)}`;
  const start = Buffer.byteLength(before);
  return {
    html: await compressAsync(plain),
    etag: etagOf(plain),
    outcome: { start, end: start + Buffer.byteLength(plainSlot), markup: markupOf },
  };
}

/** The render units of stored builder content; 0 for content that is not JSON (the body says why). */
function unitsOf(content: string): number {
  try {
    return renderUnits(JSON.parse(content));
  } catch {
    return 0;
  }
}

/**
 * How a staff preview differs from the published page: never indexed, a notice above a page that is
 * not active, and an html page's own HTML read from `rawHtmlSrc` (the preview's, which staff can
 * reach whether the page is active or not).
 */
export interface StaffPreview {
  rawHtmlSrc: string;
}

/**
 * A published page as visitors get it, with a slot for a form's outcome after a plain POST. A
 * builder page over the render budget shows why instead of its content, which is never rendered;
 * any other is rendered in slices (render-in-slices.tsx). Its forms show `page.consent`'s statement. Its head carries the page's search and
 * link-preview settings, addresses absolute from `origin` (the configured public address). With
 * `preview`, the same page for staff, never indexed whatever its settings say.
 */
export async function renderLandingPage(
  page: { consent?: LpConsent } & Pick<LandingPageRow, 'id' | 'slug' | 'title' | 'content' | 'page_type' | 'is_active' | 'settings'>,
  islands: IslandScripts,
  origin: string,
  preview?: StaffPreview,
): Promise<RenderedPage> {
  if (page.page_type === 'react') return { pageId: page.id, sitePage: REACT_PAGE };
  const head = landingPageHead(page, origin);
  const meta: ShellMeta = preview ? { title: page.title, head: { ...head, noindex: true } } : { title: page.title, head };
  const notice = preview && !page.is_active ? <NotLiveNotice slug={page.slug} /> : null;
  if (page.page_type === 'html') {
    const markup = renderToStaticMarkup(
      shell(
        meta,
        <>
          {notice}
          <HtmlPage slug={page.slug} title={page.title} src={preview?.rawHtmlSrc}>
            {OUTCOME_SLOT}
          </HtmlPage>
        </>,
      ),
    );
    const slot = (outcome?: LeadOutcome) => renderToStaticMarkup(<GetStarted slug={page.slug} outcome={outcome} consent={page.consent} />);
    return { pageId: page.id, ...(await withOutcomeSlot(markup, islands, slot)) };
  }
  const units = unitsOf(page.content);
  const markup =
    units > RENDER_LIMITS.units
      ? renderToStaticMarkup(
          shell(
            meta,
            <>
              {notice}
              {OUTCOME_SLOT}
              <ContentErrorPanel message={VIEWER_MESSAGES.tooLarge(units, RENDER_LIMITS.units)} details={[]} />
            </>,
          ),
        )
      : await renderInSlices(
          (ctx) =>
            shell(
              meta,
              <>
                {notice}
                {OUTCOME_SLOT}
                <BuilderPageBody content={page.content} slug={page.slug} ctx={ctx} />
              </>,
            ),
          pageRenderContext(page.slug, page.consent),
        );
  const slot = (outcome?: LeadOutcome) => (outcome ? renderToStaticMarkup(<LeadOutcomeBanner outcome={outcome} />) : '');
  return { pageId: page.id, ...(await withOutcomeSlot(markup, islands, slot)) };
}

/** The Page Not Found page as text around the place of the slug, which each request fills in. */
export async function renderNotFoundTemplate(): Promise<{ before: string; after: string }> {
  const markup = renderToStaticMarkup(shell({ title: VIEWER_MESSAGES.notFoundTitle, robots: 'noindex' }, <PageNotFound slug={SLUG_SLOT} />));
  const [before, after] = (await finishDocument(markup, {})).split(SLUG_SLOT) as [string, string];
  return { before, after };
}

/**
 * A kept version of a page as the public renderer shows it, for the builder's History preview:
 * no island scripts (nothing runs, no form is sent) and never indexed. A react page only ever shows
 * the built-in page, so its preview says that.
 */
export async function renderVersionPreview(page: { title: string; slug: string }, version: { content: string; page_type: PageType }): Promise<Compressed> {
  const meta = { title: page.title, robots: 'noindex' };
  const markup =
    version.page_type === 'react'
      ? renderToStaticMarkup(shell(meta, <p className="p-8 text-gray-800">{VERSION_PREVIEW_MESSAGES.react}</p>))
      : await renderInSlices((ctx) => shell(meta, <BuilderPageBody content={version.content} slug={page.slug} ctx={ctx} />), pageRenderContext(page.slug));
  return compressAsync(await finishDocument(markup, {}));
}
