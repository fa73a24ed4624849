import helmet from '@fastify/helmet';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CONSENT_BOOT_SCRIPT } from '../../shared/site/consent.ts';

/**
 * The public site's third parties, all loaded only after cookie consent: videos from YouTube's
 * privacy-enhanced domain, the booking widget (Calendly), and the Meta pixel when META_PIXEL_ID is set.
 */
const EMBED_ORIGINS = ['https://www.youtube-nocookie.com', 'https://calendly.com'];
const PIXEL_SCRIPT_ORIGIN = 'https://connect.facebook.net';
const PIXEL_ENDPOINT_ORIGIN = 'https://www.facebook.com';

/** The one inline script allowed, by its hash: it shows the cookie banner before the first paint. */
const CONSENT_BOOT_HASH = `'sha256-${createHash('sha256').update(CONSENT_BOOT_SCRIPT).digest('base64')}'`;

/**
 * Security headers on every response. The content security policy allows our own scripts only,
 * plus the public pages' embeds above, in this one place.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { isProduction, metaPixelId }: { isProduction: boolean; metaPixelId?: string },
) {
  const pixel = Boolean(metaPixelId);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...(pixel ? [PIXEL_SCRIPT_ORIGIN] : []), CONSENT_BOOT_HASH],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...(pixel ? [PIXEL_ENDPOINT_ORIGIN, PIXEL_SCRIPT_ORIGIN] : [])],
        'frame-src': ["'self'", ...EMBED_ORIGINS, ...(pixel ? [PIXEL_ENDPOINT_ORIGIN] : [])],
        'frame-ancestors': ["'self'"],
        'form-action': ["'self'"],
        'object-src': ["'none'"],
        'upgrade-insecure-requests': isProduction ? [] : null,
      },
    },
    frameguard: { action: 'sameorigin' },
    // Not helmet's no-referrer: under it a browser sends `Origin: null` with a plain form post (a page
    // working without JavaScript), which the CSRF check must refuse. Other sites still learn nothing.
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: isProduction ? undefined : false,
    crossOriginEmbedderPolicy: false,
  });
}
