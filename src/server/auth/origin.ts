import type { FastifyRequest } from 'fastify';

/** scheme://host:port of an http(s) address (default ports dropped, host lower-cased), else undefined. */
function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a state-changing request may come from the Origin it carries (CSRF): our public address
 * (PUBLIC_URL), or the address the request itself was sent to, compared by scheme, host and port,
 * so http://crm.example cannot write to https://crm.example, nor one port to another. The scheme and
 * host are the ones a trusted proxy reports (X-Forwarded-Proto and -Host) when TRUST_PROXY says so.
 */
export function isAllowedOrigin(request: Pick<FastifyRequest, 'headers' | 'protocol' | 'host'>, publicUrl: string | undefined): boolean {
  const origin = request.headers.origin;
  // Browsers always send Origin on cross-site writes; tools without it carry no cookie of ours.
  if (origin === undefined) return true;
  const claimed = originOf(origin);
  if (!claimed) return false; // "null" (sandboxed frames, some redirects) and anything unparsable
  if (publicUrl && claimed === originOf(publicUrl)) return true;
  return Boolean(request.host) && claimed === originOf(`${request.protocol}://${request.host}`);
}
