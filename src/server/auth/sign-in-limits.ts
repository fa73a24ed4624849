import { normalizeEmail } from '../../shared/contacts.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { clearHits, countHit, forgiveHit } from '../http/rate-limit.ts';

/**
 * Once an email has had more failures than `maxPerEmail` from all addresses together (guessing
 * spread over many machines), each address gets only this many tries for it per window: guessing
 * slows to a trickle, while the owner, typing the right password, still gets in.
 */
export const TRIES_PER_ADDRESS_UNDER_ATTACK = 3;

export type SignInAdmission = { admitted: true } | { admitted: false; retryAfterSeconds: number };

const keysOf = (email: string, ip: string) => {
  const address = normalizeEmail(email);
  return { ip: `login:ip:${ip}`, emailAtIp: `login:email-ip:${address}|${ip}`, email: `login:email:${address}` };
};

/**
 * Counts one sign-in attempt and says whether it may go ahead. Failures are counted per address
 * (one machine trying many accounts), per email and address (one machine guessing one password)
 * and per email from everywhere. The narrowest count goes first and a refused attempt counts no
 * further, so hammering from one address never adds to what the owner's own address is allowed.
 */
export async function admitSignIn(db: Db, limits: Config['login'], email: string, ip: string): Promise<SignInAdmission> {
  const keys = keysOf(email, ip);
  const perIp = await countHit(db, keys.ip, limits.maxPerIp, limits.windowMs);
  if (perIp.over) return { admitted: false, retryAfterSeconds: perIp.retryAfterSeconds };
  const atIp = await countHit(db, keys.emailAtIp, limits.maxPerEmailIp, limits.windowMs);
  if (atIp.over) return { admitted: false, retryAfterSeconds: atIp.retryAfterSeconds };
  const everywhere = await countHit(db, keys.email, limits.maxPerEmail, limits.windowMs);
  if (everywhere.over && atIp.hits > TRIES_PER_ADDRESS_UNDER_ATTACK) {
    return { admitted: false, retryAfterSeconds: Math.min(atIp.retryAfterSeconds, everywhere.retryAfterSeconds) };
  }
  return { admitted: true };
}

/** The right password: the attempt was no failure, and this address's failures for the email are forgiven. */
export async function signInSucceeded(db: Db, email: string, ip: string): Promise<void> {
  const keys = keysOf(email, ip);
  await forgiveHit(db, keys.ip);
  await forgiveHit(db, keys.email);
  await clearHits(db, keys.emailAtIp);
}
