import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_MESSAGES, loginSchema } from '../../shared/auth.ts';
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

  r.post('/api/auth/login', { schema: { body: loginSchema }, config: { public: true } }, async (request, reply) => {
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

  r.post('/api/auth/logout', async (request, reply) => {
    if (request.sessionId) await revokeSession(db, request.sessionId);
    clearSessionCookie(reply, config);
    return reply.status(204).send();
  });

  r.get('/api/auth/session', async (request) => ({ user: request.user }));

  r.post(
    '/api/auth/setup/check',
    { schema: { body: z.object({ token: z.string().max(200) }) }, config: { public: true } },
    async (request) => ({ valid: await isSetupTokenValid(db, request.body.token) }),
  );

  r.post('/api/auth/setup', { schema: { body: setupSchema }, config: { public: true } }, async (request, reply) => {
    const user = await completeSetup(db, request.body);
    request.log.info({ email: user.email }, 'first administrator created; the setup link is closed');
    return reply.status(201).send({ user });
  });
}
