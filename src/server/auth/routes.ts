import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  AUTH_PATHS,
  loginSchema,
  setupCheckResponseSchema,
  setupCheckSchema,
  userResponseSchema,
} from '../../shared/auth/api.ts';
import { setupSchema } from '../../shared/users/api.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { clearSessionCookie, setSessionCookie } from './guard.ts';
import { burnVerifyTime, verifyPassword } from './passwords.ts';
import { createSession, revokeSession } from './sessions.ts';
import { completeSetup, isSetupTokenValid } from './setup.ts';
import { admitSignIn, signInSucceeded } from './sign-in-limits.ts';
import { findUserByEmail, toSessionUser } from './users.ts';

export async function authRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(AUTH_PATHS.login, { schema: { body: loginSchema, response: { 200: userResponseSchema } }, config: { public: true } }, async (request, reply) => {
    const { email, password } = request.body;
    const admission = await admitSignIn(db, config.login, email, request.ip);
    if (!admission.admitted) {
      reply.header('Retry-After', String(admission.retryAfterSeconds));
      throw new AppError(429, 'rate_limited', AUTH_MESSAGES.tooManyAttempts);
    }

    const user = await findUserByEmail(db, email);
    const valid = user ? await verifyPassword(user.password_hash, password) : (await burnVerifyTime(password), false);
    if (!user || !valid) throw new AppError(401, 'invalid_credentials', AUTH_MESSAGES.invalidCredentials);

    await signInSucceeded(db, email, request.ip);
    const { token, expiresAt } = await createSession(db, user.id, request.headers['user-agent']);
    setSessionCookie(reply, config, token, expiresAt);
    return { user: toSessionUser(user) };
  });

  r.post(AUTH_PATHS.logout, { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    if (request.sessionId) await revokeSession(db, request.sessionId);
    clearSessionCookie(reply, config);
    return reply.status(204).send(null);
  });

  // The guard answers 401 before this runs when nobody is signed in.
  r.get(AUTH_PATHS.session, { schema: { response: { 200: userResponseSchema } } }, async (request) => ({ user: request.user! }));

  r.post(
    AUTH_PATHS.setupCheck,
    { schema: { body: setupCheckSchema, response: { 200: setupCheckResponseSchema } }, config: { public: true } },
    async (request) => ({ valid: await isSetupTokenValid(db, request.body.token) }),
  );

  r.post(AUTH_PATHS.setup, { schema: { body: setupSchema, response: { 201: userResponseSchema } }, config: { public: true } }, async (request, reply) => {
    const user = await completeSetup(db, request.body);
    request.log.info({ email: user.email }, 'first administrator created; the setup link is closed');
    return reply.status(201).send({ user });
  });
}
