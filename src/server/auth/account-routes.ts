import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInviteSchema,
  changePasswordResponseSchema,
  changePasswordSchema,
  inviteCheckResponseSchema,
  inviteCheckSchema,
  inviteIdParamsSchema,
  inviteResponseSchema,
  inviteSchema,
  pendingInviteListResponseSchema,
  USER_PATHS,
  userIdParamsSchema,
  userListResponseSchema,
} from '../../shared/users/api.ts';
import { userResponseSchema } from '../../shared/auth/api.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { changePassword, listUsers, removeUser } from './accounts.ts';
import { clearSessionCookie, setSessionCookie } from './guard.ts';
import { acceptInvite, checkInvite, createInvite, listPendingInvites, revokeInvite } from './invites.ts';
import { createSession, revokeSession } from './sessions.ts';

/** Account management for signed-in staff (Settings), and the public page behind an invite link. */
export async function accountRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    USER_PATHS.changePassword,
    { schema: { body: changePasswordSchema, response: { 200: changePasswordResponseSchema } } },
    async (request) => changePassword(db, config, request.user!, request.sessionId, request.body),
  );

  r.get(USER_PATHS.users, { schema: { response: { 200: userListResponseSchema } } }, async () => ({ users: await listUsers(db) }));

  r.post(USER_PATHS.invites, { schema: { body: inviteSchema, response: { 201: inviteResponseSchema } } }, async (request, reply) => {
    const invite = await createInvite(db, request.body.email, request.user!.id);
    request.log.info({ invitedBy: request.user!.id }, 'staff invite created');
    return reply.status(201).send({ invite });
  });

  r.get(USER_PATHS.invites, { schema: { response: { 200: pendingInviteListResponseSchema } } }, async () => ({
    invites: await listPendingInvites(db),
  }));

  r.delete(
    USER_PATHS.invite.pattern,
    { schema: { params: inviteIdParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await revokeInvite(db, request.params.id);
      request.log.info({ revokedBy: request.user!.id, invite: request.params.id }, 'staff invite revoked');
      return reply.status(204).send(null);
    },
  );

  r.delete(
    USER_PATHS.user.pattern,
    { schema: { params: userIdParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await removeUser(db, request.params.id);
      request.log.info({ removedBy: request.user!.id, removed: request.params.id }, 'staff user removed');
      if (request.params.id === request.user!.id) clearSessionCookie(reply, config);
      return reply.status(204).send(null);
    },
  );

  r.post(
    USER_PATHS.checkInvite,
    { schema: { body: inviteCheckSchema, response: { 200: inviteCheckResponseSchema } }, config: { public: true } },
    async (request) => checkInvite(db, request.body.token),
  );

  r.post(
    USER_PATHS.acceptInvite,
    { schema: { body: acceptInviteSchema, response: { 201: userResponseSchema } }, config: { public: true } },
    async (request, reply) => {
      const user = await acceptInvite(db, request.body);
      // Whoever was signed in in this browser before is signed out: it now belongs to the new user.
      if (request.sessionId) await revokeSession(db, request.sessionId);
      const { token, expiresAt } = await createSession(db, user.id, request.headers['user-agent']);
      setSessionCookie(reply, config, token, expiresAt);
      request.log.info({ userId: user.id }, 'invite accepted; staff user created');
      return reply.status(201).send({ user });
    },
  );
}
