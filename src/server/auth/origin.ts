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

/** A host as the Host header names it: the name lower-cased without a final dot, the port ('' for 80 and 443). */
export interface HostAddress {
  hostname: string;
  port: string;
}

/** A name or IPv4 address, or an IPv6 address in brackets, and a port: nothing else (no user, path or space). */
const HOST_SYNTAX = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::\d{1,5})?$/;

/** The host a Host header (or an ALLOWED_HOSTS entry) names, as the URL parser reads it; undefined when it names none. */
export function parseHost(value: string | undefined): HostAddress | undefined {
  if (!value || !HOST_SYNTAX.test(value)) return undefined;
  try {
    const url = new URL(`http://${value}`);
    return { hostname: url.hostname.replace(/\.$/, ''), port: url.port === '443' ? '' : url.port };
  } catch {
    return undefined;
  }
}

/**
 * Loopback literals are answered on any port, in every environment. DNS rebinding, what the host
 * check stops, always arrives with the attacker's own host name in Host (the browser believes it
 * is still talking to the attacker's site, now resolving to this machine); a browser sends
 * localhost, 127.0.0.1 or [::1] only for a page it loaded from this machine's loopback address
 * itself. Any port, because a proxy on the same machine forwards the Host it was asked for (Vite's
 * dev server on 5173, nginx's default proxy_pass to 127.0.0.1:3000), and PORT=0 picks one at start.
 */
const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

export type HostVerdict = 'ours' | 'foreign' | 'malformed';

/**
 * Which Host a request may name (its X-Forwarded-Host instead when TRUST_PROXY trusts the sender,
 * as Fastify's `request.host` reads it): PUBLIC_URL's host and port, an ALLOWED_HOSTS entry (a bare
 * name allows any port of it, `name:port` that port only), or a loopback literal. Anything else is
 * a request for another site, and a browser that sends one was sent here by DNS rebinding.
 */
export function hostPolicy(publicUrl: string | undefined, allowedHosts: readonly string[]): (host: string | undefined) => HostVerdict {
  const allowed: Array<{ hostname: string; port: string | undefined }> = allowedHosts.map((entry) => {
    const parsed = parseHost(entry)!;
    return { hostname: parsed.hostname, port: /:\d+$/.test(entry) ? parsed.port : undefined };
  });
  if (publicUrl) {
    const url = new URL(publicUrl);
    allowed.push({ hostname: url.hostname.replace(/\.$/, ''), port: url.port === '443' ? '' : url.port });
  }
  return (host) => {
    const parsed = parseHost(host);
    if (!parsed) return 'malformed';
    if (LOOPBACK_HOSTNAMES.has(parsed.hostname)) return 'ours';
    return allowed.some((a) => a.hostname === parsed.hostname && (a.port === undefined || a.port === parsed.port)) ? 'ours' : 'foreign';
  };
}
