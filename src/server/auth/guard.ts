import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, type SessionUser } from '../../shared/auth/api.ts';
import { staffPageRequests } from '../../shared/early-requests.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { errorBody } from '../http/errors.ts';
import { hostPolicy, isAllowedOrigin } from './origin.ts';
import { newToken } from './tokens.ts';
import { createSession, resolveSession, sessionCookieName } from './sessions.ts';
import { findUserByEmail, upsertUser } from './users.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session. Every other route requires one (see routeNeedsSession). */
    public?: boolean;
    /** What this route's 401 says when there is no session, where its screen promises its own words. */
    unauthenticatedMessage?: string;
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

/** A staff page's HTML (an unmatched route the app's shell answers): its response names first requests for a signed-in user. */
const isStaffPage = (url: string) => staffPageRequests(url.split('?')[0] ?? '', '') !== null;

/**
 * Who may reach a request's route. Decided on the route the router matched, never on the request's
 * spelling: Fastify routes on the decoded path, so `/%61pi/contacts`, an absolute-form target or any
 * other spelling that reaches a route meets that route's own rule. Default deny: a route needs a
 * session unless its options say `config: { public: true }`. Two kinds of route carry no staff data
 * and are open without marking: files of the built app (@fastify/static gives each `config.file`)
 * and requests no route matched, which the not-found handler answers with a 404.
 */
function routeNeedsSession(route: FastifyRequest['routeOptions']): boolean {
  if (route.url === undefined) return false;
  const config = route.config as { public?: boolean; file?: string };
  return !config.public && typeof config.file !== 'string';
}

const HOST_MESSAGES = {
  malformed: 'This request names no valid host.',
  foreign: 'This server does not answer to that host name. Open it at its own address (its owner can add one in PUBLIC_URL or ALLOWED_HOSTS).',
} as const;

/**
 * One hook on every request: a Host that is not ours is refused (DNS rebinding: before any route,
 * static files and the app's pages included, and before the session or the development sign-in),
 * a foreign Origin on a write is refused (CSRF), and a route that needs a session (see
 * routeNeedsSession) gets 401 without one, so no route can forget the check.
 */
export function registerGuard(app: FastifyInstance, db: Db, config: Config): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  const hostOf = hostPolicy(config.publicUrl, config.allowedHosts);

  app.addHook('onRequest', async (request, reply) => {
    const host = hostOf(request.host);
    if (host !== 'ours') {
      request.log.info({ host: request.host.slice(0, 200) }, 'refused a request for a host this server does not answer to');
      return host === 'malformed'
        ? reply.status(400).send(errorBody('bad_host', HOST_MESSAGES.malformed))
        : reply.status(421).send(errorBody('misdirected_request', HOST_MESSAGES.foreign));
    }
    if (!SAFE_METHODS.has(request.method) && !isAllowedOrigin(request, config.publicUrl)) {
      return reply.status(403).send(errorBody('forbidden_origin', 'This request came from another site and was refused.'));
    }
    const route = request.routeOptions;
    const token = request.cookies[sessionCookieName(config)];
    // Files and unmatched paths never read the session (an asset request costs no database query),
    // except a staff page's: its response names the screen's first requests, for a signed-in user only.
    const readsSession = route.url !== undefined ? !(route.config as { file?: string }).file : isStaffPage(request.url);
    if (token && readsSession) {
      const session = await resolveSession(db, token);
      if (session) {
        request.user = session.user;
        request.sessionId = session.sessionId;
        if (session.renewedUntil) setSessionCookie(reply, config, token, session.renewedUntil);
      }
    }
    if (request.user || !routeNeedsSession(route)) return;
    if (config.devAutologin) return signInDevUser(request, reply, db, config);
    const message = (route.config as { unauthenticatedMessage?: string }).unauthenticatedMessage ?? AUTH_MESSAGES.sessionMissing;
    return reply.status(401).send(errorBody('unauthenticated', message));
  });
}

async function signInDevUser(request: FastifyRequest, reply: FastifyReply, db: Db, config: Config): Promise<void> {
  const user = (await findUserByEmail(db, DEV_USER_EMAIL)) ?? (await upsertUser(db, DEV_USER_EMAIL, newToken())).user;
  const { token, expiresAt } = await createSession(db, user.id, request.headers['user-agent']);
  request.log.warn(`MYCRM_DEV_AUTOLOGIN: signed in ${request.ip} as ${DEV_USER_EMAIL} without a password (development only)`);
  request.user = { id: user.id, email: user.email, role: user.role };
  setSessionCookie(reply, config, token, expiresAt);
}
