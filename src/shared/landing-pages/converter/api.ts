import { z } from 'zod';
import { safeText } from '../../text/safe-text.ts';
import { CONVERTER_MESSAGES, HTML_MAX_BYTES } from './messages.ts';

/**
 * The HTTP contract of fetching a page for the converter (src/server/html-import/routes.ts). The
 * server only fetches (a GET), behind its guard against private addresses; the browser converts.
 */
export const CONVERT_URL_PATH = '/api/landing-pages/convert-url';

/** Fetching a URL: http and https only, at most 5 redirects, 5 MB and 10 s (docs/architecture.md). */
export const FETCH_LIMITS = {
  maxBytes: HTML_MAX_BYTES,
  timeoutMs: 10_000,
  maxRedirects: 5,
  urlMaxLength: 2048,
} as const;

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const convertUrlBodySchema = z.object({
  url: safeText({ error: CONVERTER_MESSAGES.invalidUrl })
    .trim()
    .max(FETCH_LIMITS.urlMaxLength, CONVERTER_MESSAGES.invalidUrl)
    .refine(isWebAddress, CONVERTER_MESSAGES.invalidUrl),
});
export type ConvertUrlBody = z.output<typeof convertUrlBodySchema>;

export const convertUrlResultSchema = z.object({
  html: z.string(),
  /** The address the page was finally fetched from (after redirects): relative links resolve against it. */
  url: z.string(),
});
export type ConvertUrlResult = z.output<typeof convertUrlResultSchema>;

/** Why a page was not fetched. The page shows them below 'Failed to fetch HTML from URL'. */
export const FETCH_MESSAGES = {
  scheme: 'Only http and https addresses can be fetched',
  notFound: (host: string) => `The address ${host} could not be found`,
  privateAddress: 'This address points to a private or local network and cannot be fetched',
  tooManyRedirects: `The page redirected more than ${FETCH_LIMITS.maxRedirects} times`,
  tooLarge: 'The page is larger than 5 MB',
  timeout: 'The page took longer than 10 seconds to load',
  notHtml: (type: string) => `The address did not send an HTML page (it sent ${type || 'no content type'})`,
  status: (status: number) => `The page answered with status ${status}`,
  unreachable: (reason: string) => `The page could not be reached: ${reason}`,
} as const;
