import type { Config } from '../config.ts';

/**
 * The site's own address for absolute links (canonical addresses, link previews, the sitemap):
 * PUBLIC_URL, else this machine's. Never the request's Host header, which anyone can spell, and
 * which would otherwise end up in cached pages.
 */
export const publicOrigin = (config: Pick<Config, 'publicUrl' | 'port'>): string => config.publicUrl ?? `http://localhost:${config.port}`;
