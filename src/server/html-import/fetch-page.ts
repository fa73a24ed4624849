import dns from 'node:dns';
import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import { Agent, request } from 'undici';
import { FETCH_LIMITS, FETCH_MESSAGES } from '../../shared/landing-pages/converter/api.ts';
import { AppError } from '../http/errors.ts';
import { isIpAddress, isPublicAddress } from './address-policy.ts';

export interface FetchPageOptions {
  /** Which resolved addresses may be contacted (public ones); tests also allow their server on 127.0.0.1. */
  readonly isAllowedAddress?: (address: string) => boolean;
  /** Resolves a host name to all its addresses (dns.lookup with all: true); tests give fixed answers. */
  readonly resolve?: (host: string) => Promise<readonly LookupAddress[]>;
  readonly limits?: Partial<Record<keyof typeof FETCH_LIMITS, number>>;
}

export interface FetchedPage {
  readonly html: string;
  /** Where the page finally came from, after redirects. */
  readonly url: string;
}

const systemResolve = (host: string) => dns.promises.lookup(host, { all: true, verbatim: true });

const refused = (message: string) => new AppError(422, 'url_not_allowed', message);
const failed = (message: string) => new AppError(502, 'fetch_failed', message);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches a web page for the converter, guarded against server-side request forgery
 * (docs/security.md): http and https only; every address the host resolves to must be public
 * (address-policy.ts), and the connection goes to the address that was checked (a pinned lookup),
 * so a second DNS answer cannot swap in an internal one; each redirect is checked the same way, at
 * most 5 of them; the body must be text/html and at most 5 MB, and everything must finish in 10 s.
 * Failures are AppErrors with a message for the person who typed the address.
 */
export async function fetchPage(address: string, options: FetchPageOptions = {}): Promise<FetchedPage> {
  const limits = { ...FETCH_LIMITS, ...options.limits };
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), limits.timeoutMs);
  try {
    let url = parseWebAddress(address);
    for (let redirects = 0; ; redirects++) {
      const hop = await requestOnce(url, deadline.signal, options);
      try {
        const location = hop.response.headers.location;
        if (REDIRECTS.has(hop.response.statusCode) && typeof location === 'string') {
          if (redirects >= limits.maxRedirects) throw failed(FETCH_MESSAGES.tooManyRedirects);
          url = parseWebAddress(new URL(location, url).href);
          continue;
        }
        return { html: await readHtml(hop.response, limits.maxBytes), url: url.href };
      } finally {
        hop.close();
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (deadline.signal.aborted) throw new AppError(504, 'fetch_timeout', FETCH_MESSAGES.timeout);
    throw failed(FETCH_MESSAGES.unreachable(reasonOf(error)));
  } finally {
    clearTimeout(timer);
  }
}

function parseWebAddress(address: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw refused(FETCH_MESSAGES.scheme);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused(FETCH_MESSAGES.scheme);
  return url;
}

/** The address to connect to: every address of the host checked, the first one used. */
async function checkedAddress(url: URL, signal: AbortSignal, options: FetchPageOptions): Promise<LookupAddress> {
  const allowed = options.isAllowedAddress ?? isPublicAddress;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: readonly LookupAddress[];
  if (isIpAddress(host)) addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  else {
    try {
      addresses = await abortable((options.resolve ?? systemResolve)(host), signal);
    } catch (error) {
      if (signal.aborted) throw error;
      throw refused(FETCH_MESSAGES.notFound(host));
    }
  }
  if (addresses.length === 0) throw refused(FETCH_MESSAGES.notFound(host));
  // One private answer among public ones is enough to refuse: the host is not what it claims.
  if (!addresses.every((a) => allowed(a.address))) throw refused(FETCH_MESSAGES.privateAddress);
  return addresses[0]!;
}

/** A lookup that answers every question with the address already checked. */
function pinnedLookup(pinned: LookupAddress) {
  return (_host: string, options: LookupOneOptions | LookupAllOptions, callback: (...args: unknown[]) => void) => {
    if ((options as LookupAllOptions).all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

async function requestOnce(url: URL, signal: AbortSignal, options: FetchPageOptions) {
  const pinned = await checkedAddress(url, signal, options);
  const agent = new Agent({ connect: { lookup: pinnedLookup(pinned) as never }, keepAliveTimeout: 1, pipelining: 0 });
  try {
    const response = await request(url, {
      dispatcher: agent,
      method: 'GET',
      signal,
      headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1', 'user-agent': 'mycrm-html-import/1.0' },
    });
    return {
      response,
      close: () => {
        // A body dropped unread errors with 'aborted': that is the point, not a failure to report.
        response.body.on('error', () => undefined);
        response.body.destroy();
        void agent.destroy();
      },
    };
  } catch (error) {
    void agent.destroy();
    throw error;
  }
}

type Response = Awaited<ReturnType<typeof request>>;

async function readHtml(response: Response, maxBytes: number): Promise<string> {
  if (response.statusCode < 200 || response.statusCode >= 300) throw failed(FETCH_MESSAGES.status(response.statusCode));
  const contentType = String(response.headers['content-type'] ?? '');
  if (!/^text\/html\s*(?:;|$)/i.test(contentType)) throw failed(FETCH_MESSAGES.notHtml(contentType.split(';')[0]!.trim()));
  if (Number(response.headers['content-length']) > maxBytes) throw failed(FETCH_MESSAGES.tooLarge);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw failed(FETCH_MESSAGES.tooLarge);
    chunks.push(chunk as Buffer);
  }
  return decode(Buffer.concat(chunks), contentType);
}

/** Text in the page's own encoding: the Content-Type's charset, else a `<meta charset>` near the top, else UTF-8. */
function decode(bytes: Buffer, contentType: string): string {
  const declared = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1] ?? /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(bytes.subarray(0, 2048).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = (error as { code?: string }).code ?? cause?.code;
  if (code === 'ECONNREFUSED') return 'the connection was refused';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'the connection was closed';
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT')) return 'its certificate is not valid';
  return error instanceof Error ? error.message : String(error);
}
