import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { compress, sendCompressed, type Compressed } from '../http/compressed.ts';
import { staffPageRequests } from '../../shared/early-requests.ts';
import { screenPreloads } from './module-preloads.ts';
import {
  isSiteLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE,
  LANGUAGE_QUERY,
  requestLanguage,
  SITE_LANGUAGES,
  type SiteLanguage,
} from '../../shared/site/languages.ts';
import { LANGUAGE_VIEW_QUERY, ORIGIN_SLOT } from '../../shared/site/seo.ts';

/** A prerendered public page: its HTML in each language. */
type Prerendered = Record<SiteLanguage, Compressed>;

export const NOT_FOUND_PAGE = '404';

/**
 * The public pages the build rendered to HTML (dist/web/prerendered/{en,de}/{page}.html, written by
 * src/web/prerender.tsx), keyed by path; '404' is the page for unknown paths.
 */
function loadPrerendered(webDir: string, origin: string): Map<string, Prerendered> {
  // The build wrote ORIGIN_SLOT where the site's address goes: only this server knows it.
  const withOrigin = (html: string) => html.replaceAll(ORIGIN_SLOT, escapeAttribute(origin));
  const pages = new Map<string, Prerendered>();
  const dir = path.join(webDir, 'prerendered');
  const [first] = SITE_LANGUAGES;
  if (!fs.existsSync(path.join(dir, first))) return pages;
  for (const file of fs.readdirSync(path.join(dir, first)).filter((f) => f.endsWith('.html'))) {
    const name = file.slice(0, -'.html'.length);
    const byLanguage = Object.fromEntries(
      SITE_LANGUAGES.map((language) => [language, compress(withOrigin(fs.readFileSync(path.join(dir, language, file), 'utf8')))]),
    ) as Prerendered;
    pages.set(name === 'index' ? '/' : name === NOT_FOUND_PAGE ? NOT_FOUND_PAGE : `/${name}`, byLanguage);
  }
  return pages;
}

/** The request's path as the router saw it (percent-decoded), for choosing the kind of 404. */
export function decodedPath(url: string): string {
  const raw = url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}


/** The built browser app's pages, ready to send: prerendered public pages, else the app's index.html. */
export interface SitePages {
  /** True when the browser app is built (index.html exists). */
  built: boolean;
  /** Sends the page at `page` (a path, or NOT_FOUND_PAGE) with `status`; unknown or absent: the app shell. */
  send(reply: FastifyReply, status: number, page?: string): FastifyReply;
}

/**
 * The language switch's links (`?lang=de`): store the choice in the cookie the pages are sent by, and
 * send the visitor back to the page without the parameter. Works without any script. The address
 * sent back is the page's own path (`pagePath`, one of the prerendered pages), never the request's:
 * a request path like `/.//evil.example/x` would otherwise become a redirect to another site.
 */
function switchLanguage(reply: FastifyReply, language: SiteLanguage, secure: boolean, pagePath: string): FastifyReply {
  const search = new URLSearchParams(reply.request.url.split('?')[1] ?? '');
  search.delete(LANGUAGE_QUERY);
  const rest = search.toString();
  rememberLanguage(reply, language, secure);
  return reply.redirect(rest ? `${pagePath}?${rest}` : pagePath, 303);
}

/** The visitor's language choice, read by the server on every public page (and by scripts: not httpOnly). */
function rememberLanguage(reply: FastifyReply, language: SiteLanguage, secure: boolean) {
  reply.setCookie(LANGUAGE_COOKIE, language, { path: '/', maxAge: LANGUAGE_COOKIE_MAX_AGE, sameSite: 'lax', secure, httpOnly: false });
}

/**
 * A staff page names, in a Link header, what its app asks for first: its code (every chunk of the
 * screen, `code`), and for a signed-in user the session and the screen's first data, so the browser
 * fetches all of it at once instead of discovering it script by script.
 */
function preloadFirstRequests(reply: FastifyReply, page: string | undefined, code: string[]) {
  const requests = page === undefined ? null : staffPageRequests(page, reply.request.url.split('?')[1] ?? '');
  if (!requests) return;
  reply.header('Vary', 'Cookie');
  const data = reply.request.user ? [requests.session, ...requests.screen] : [];
  const links = [...code, ...data.map((href) => `<${href}>; rel=preload; as=fetch; crossorigin`)];
  if (links.length > 0) reply.header('Link', links.join(', '));
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `origin`: the site's public address, for the canonical and alternate addresses in each page's head. */
export function createSitePages(webDir: string, { secureCookies, origin }: { secureCookies: boolean; origin: string }): SitePages {
  const indexFile = path.join(webDir, 'index.html');
  const indexSource = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
  const indexHtml = indexSource === undefined ? undefined : compress(indexSource);
  const prerendered = indexHtml ? loadPrerendered(webDir, origin) : new Map<string, Prerendered>();
  const preloads = indexSource === undefined ? new Map<string, string[]>() : screenPreloads(webDir);

  return {
    built: indexHtml !== undefined,
    send(reply, status, page) {
      reply.header('Cache-Control', 'no-cache');
      const prerenderedPage = page === undefined ? undefined : prerendered.get(page);
      if (prerenderedPage) {
        const { cookies, headers, query } = reply.request;
        const chosen = (query as Record<string, unknown> | undefined)?.[LANGUAGE_QUERY];
        // The 404 page has no path of its own to go back to: it answers in the chosen language at once.
        if (isSiteLanguage(chosen) && page !== NOT_FOUND_PAGE) return switchLanguage(reply, chosen, secureCookies, page!);
        if (isSiteLanguage(chosen)) rememberLanguage(reply, chosen, secureCookies);
        const viewed = (query as Record<string, unknown> | undefined)?.[LANGUAGE_VIEW_QUERY];
        const language = isSiteLanguage(chosen)
          ? chosen
          : isSiteLanguage(viewed)
            ? viewed
            : requestLanguage(cookies[LANGUAGE_COOKIE], headers['accept-language']);
        reply.header('Vary', 'Cookie, Accept-Language').header('Content-Language', language);
        return sendCompressed(reply, status, prerenderedPage[language]);
      }
      if (!indexHtml) {
        return reply
          .status(status === 200 ? 503 : status)
          .type('text/plain; charset=utf-8')
          .send('The web app is not built. Run `npm run build` (or `npm run dev` while developing).');
      }
      preloadFirstRequests(reply, page, (page !== undefined && preloads.get(page)) || []);
      return sendCompressed(reply, status, indexHtml);
    },
  };
}
