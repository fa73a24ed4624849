import { timingSafeEqual } from 'node:crypto';
import { AUTH_MESSAGES, type SessionUser } from '../../shared/auth/api.ts';
import type { SetupInput } from '../../shared/users/api.ts';
import type { Db } from '../db/client.ts';
import { deleteSetting, readSetting, readSettingForUpdate, writeSetting } from '../settings/service.ts';
import { users } from './schema.ts';
import { AppError } from '../http/errors.ts';
import { hashPassword } from './passwords.ts';
import { hashToken, newToken } from './tokens.ts';
import { countUsers, toSessionUser } from './users.ts';
import { normalizeEmail } from '../../shared/contacts.ts';

/**
 * First run: with no user in the database, the server prints a one-time link whose page creates
 * the first admin. The token is stored hashed and deleted when the admin is created.
 */
const SETUP_KEY = 'setup_token_hash';

/** Returns a fresh setup token when no user exists yet, otherwise undefined. */
export async function issueSetupToken(db: Db): Promise<string | undefined> {
  if ((await countUsers(db)) > 0) return undefined;
  const token = newToken();
  await writeSetting(db, SETUP_KEY, hashToken(token));
  return token;
}

async function storedHash(db: Db): Promise<string | undefined> {
  return (await readSetting(db, SETUP_KEY))?.value || undefined;
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export async function isSetupTokenValid(db: Db, token: string): Promise<boolean> {
  const stored = await storedHash(db);
  return Boolean(stored && sameHash(stored, hashToken(token)) && (await countUsers(db)) === 0);
}

export async function completeSetup(db: Db, input: SetupInput): Promise<SessionUser> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    // Lock the token row: of two simultaneous setups, the second finds the token gone.
    const row = await readSettingForUpdate(tx, SETUP_KEY);
    const valid = row?.value && sameHash(row.value, hashToken(input.token)) && (await countUsers(tx)) === 0;
    if (!valid) throw new AppError(403, 'setup_closed', AUTH_MESSAGES.setupLinkInvalid);
    const [user] = await tx
      .insert(users)
      .values({ email: normalizeEmail(input.email), password_hash: passwordHash })
      .returning();
    await deleteSetting(tx, SETUP_KEY);
    return toSessionUser(user!);
  });
}
