import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every response. The content security policy allows our own scripts only;
 * public pages' embeds (video, booking) are added here, in one place, when they arrive.
 */
export async function registerSecurityHeaders(app: FastifyInstance, { isProduction }: { isProduction: boolean }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-ancestors': ["'self'"],
        'form-action': ["'self'"],
        'object-src': ["'none'"],
        'upgrade-insecure-requests': isProduction ? [] : null,
      },
    },
    frameguard: { action: 'sameorigin' },
    strictTransportSecurity: isProduction ? undefined : false,
    crossOriginEmbedderPolicy: false,
  });
}
