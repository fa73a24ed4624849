import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { AUTH_MESSAGES, type SessionUser } from '../../shared/auth/api.ts';
import { normalizeEmail } from '../../shared/contacts.ts';
import { INVITE_VALID_HOURS, USER_MESSAGES, type AcceptInviteInput, type InviteState, type PendingInvite } from '../../shared/users/api.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation, isUuid } from '../db/sql-helpers.ts';
import { userInvites, users } from './schema.ts';
import { AppError, notFound } from '../http/errors.ts';
import { hashPassword } from './passwords.ts';
import { hashToken, newToken } from './tokens.ts';
import { findUserByEmail, toSessionUser } from './users.ts';

/**
 * Adding a colleague: a one-time link, like the first-start setup link. The token is shown once to
 * the person who invites and stored only as its SHA-256; the link works for 72 hours and once.
 */
const INVITE_VALID_MS = INVITE_VALID_HOURS * 60 * 60 * 1000;

type Invite = typeof userInvites.$inferSelect;

const emailTaken = () => new AppError(409, 'email_taken', USER_MESSAGES.emailTaken, { email: USER_MESSAGES.emailTaken });

export async function createInvite(db: Db, email: string, invitedBy: string): Promise<{ email: string; expires_at: string; token: string }> {
  const address = normalizeEmail(email);
  if (await findUserByEmail(db, address)) throw emailTaken();
  const token = newToken();
  const expiresAt = new Date(Date.now() + INVITE_VALID_MS);
  await db.transaction(async (tx) => {
    // The author's row first, as a removal locks every user row first: a removal at the same moment
    // either ends before this (the author is gone, and so is their session) or waits for the invite
    // and deletes it with them. Never an invite outliving its author, nor a deadlock between the two.
    const [author] = await tx.select({ id: users.id }).from(users).where(eq(users.id, invitedBy)).for('key share');
    if (!author) throw new AppError(401, 'unauthenticated', AUTH_MESSAGES.sessionMissing);
    // A new link for the same address replaces any earlier one that was not used.
    await tx.delete(userInvites).where(and(eq(userInvites.email, address), isNull(userInvites.used_at)));
    await tx.insert(userInvites).values({ email: address, token_hash: hashToken(token), invited_by: invitedBy, expires_at: expiresAt });
  });
  return { email: address, expires_at: expiresAt.toISOString(), token };
}

/** Invites whose link still works, newest first, with who made them; expired ones are not pending. */
export async function listPendingInvites(db: Db): Promise<PendingInvite[]> {
  const rows = await db
    .select({ id: userInvites.id, email: userInvites.email, invited_by: users.email, created_at: userInvites.created_at, expires_at: userInvites.expires_at })
    .from(userInvites)
    .innerJoin(users, eq(users.id, userInvites.invited_by))
    .where(and(isNull(userInvites.used_at), gt(userInvites.expires_at, new Date())))
    .orderBy(desc(userInvites.created_at), desc(userInvites.id));
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString(), expires_at: row.expires_at.toISOString() }));
}

/**
 * Revokes a pending invite: deleted, so its link is as unknown as a made-up one from now on. An
 * acceptance holding the invite's lock finishes first, and then it is used, not pending.
 */
export async function revokeInvite(db: Db, id: string): Promise<void> {
  const notPending = () => notFound(USER_MESSAGES.inviteNotPending);
  if (!isUuid(id)) throw notPending();
  const [revoked] = await db
    .delete(userInvites)
    .where(and(eq(userInvites.id, id), isNull(userInvites.used_at), gt(userInvites.expires_at, new Date())))
    .returning({ id: userInvites.id });
  if (!revoked) throw notPending();
}

function stateOf(invite: Invite | undefined, now = new Date()): InviteState {
  if (!invite) return 'invalid';
  if (invite.used_at) return 'used';
  return invite.expires_at > now ? 'valid' : 'expired';
}

const findInvite = async (db: Db, token: string) =>
  (await db.select().from(userInvites).where(eq(userInvites.token_hash, hashToken(token))).limit(1))[0];

export async function checkInvite(db: Db, token: string): Promise<{ state: InviteState; email?: string }> {
  const invite = await findInvite(db, token);
  const state = stateOf(invite);
  return state === 'valid' ? { state, email: invite!.email } : { state };
}

function refusal(state: Exclude<InviteState, 'valid'>): AppError {
  if (state === 'expired') return new AppError(410, 'invite_expired', USER_MESSAGES.inviteExpired);
  if (state === 'used') return new AppError(410, 'invite_used', USER_MESSAGES.inviteUsed);
  return new AppError(404, 'invite_invalid', USER_MESSAGES.inviteInvalid);
}

/** Creates the invited account with the chosen password and uses the link up; the caller signs the new user in. */
export async function acceptInvite(db: Db, input: AcceptInviteInput): Promise<SessionUser> {
  // Checked before hashing, so a stranger's made-up tokens cost no argon2 time.
  const before = stateOf(await findInvite(db, input.token));
  if (before !== 'valid') throw refusal(before);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      // Locked: of two acceptances of one link, the second finds it used.
      const [invite] = await tx.select().from(userInvites).where(eq(userInvites.token_hash, hashToken(input.token))).for('update');
      const state = stateOf(invite);
      if (state !== 'valid') throw refusal(state);
      if (await findUserByEmail(tx, invite!.email)) throw new AppError(409, 'email_taken', USER_MESSAGES.inviteEmailTaken);
      const [user] = await tx.insert(users).values({ email: invite!.email, password_hash: passwordHash }).returning();
      await tx.update(userInvites).set({ used_at: new Date() }).where(eq(userInvites.id, invite!.id));
      return toSessionUser(user!);
    });
  } catch (error) {
    // The same address was added another way (user:create) at the same moment.
    if (isUniqueViolation(error, 'users_email_lower_key')) throw new AppError(409, 'email_taken', USER_MESSAGES.inviteEmailTaken);
    throw error;
  }
}
