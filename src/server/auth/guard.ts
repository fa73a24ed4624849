import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, type SessionUser } from '../../shared/auth.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { errorBody } from '../http/errors.ts';
import { newToken } from './tokens.ts';
import { createSession, resolveSession, sessionCookieName } from './sessions.ts';
import { findUserByEmail, upsertUser } from './users.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session. Every other /api route requires one. */
    public?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const DEV_USER_EMAIL = 'dev@mycrm.local';

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expires: Date): void {
  reply.setCookie(sessionCookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isProduction,
    expires,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), { path: '/', httpOnly: true, sameSite: 'lax', secure: config.isProduction });
}

/** The origins a state-changing request may come from: our own address (as the browser saw it). */
function isAllowedOrigin(request: FastifyRequest, config: Config): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // Browsers always send Origin on cross-site writes; tools without it carry no cookie of ours.
  if (config.publicUrl && origin === new URL(config.publicUrl).origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * Applied once to every request under /api: a foreign Origin on a write is refused (CSRF), and a
 * route without `config.public` requires a session, so no route can forget it.
 */
export function registerGuard(app: FastifyInstance, db: Db, config: Config): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    if (!SAFE_METHODS.has(request.method) && !isAllowedOrigin(request, config)) {
      return reply.status(403).send(errorBody('forbidden_origin', 'This request came from another site and was refused.'));
    }
    const token = request.cookies[sessionCookieName(config)];
    if (token) {
      const session = await resolveSession(db, token);
      if (session) {
        request.user = session.user;
        request.sessionId = session.sessionId;
        if (session.renewedUntil) setSessionCookie(reply, config, token, session.renewedUntil);
      }
    }
    if (request.user || request.routeOptions.config.public) return;
    if (config.devAutologin) return signInDevUser(request, reply, db, config);
    return reply.status(401).send(errorBody('unauthenticated', AUTH_MESSAGES.sessionMissing));
  });
}

async function signInDevUser(request: FastifyRequest, reply: FastifyReply, db: Db, config: Config): Promise<void> {
  const user = (await findUserByEmail(db, DEV_USER_EMAIL)) ?? (await upsertUser(db, DEV_USER_EMAIL, newToken())).user;
  const { token, expiresAt } = await createSession(db, user.id, request.headers['user-agent']);
  request.log.warn(`MYCRM_DEV_AUTOLOGIN: signed in ${request.ip} as ${DEV_USER_EMAIL} without a password (development only)`);
  request.user = { id: user.id, email: user.email, role: user.role };
  setSessionCookie(reply, config, token, expiresAt);
}
