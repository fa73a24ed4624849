import { hash, verify } from '@node-rs/argon2';

/** argon2id at OWASP's current minimum (19 MiB, 2 passes, 1 lane). */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified against when the email is unknown, so a miss costs as long as a wrong password. */
let decoy: Promise<string> | undefined;
export async function burnVerifyTime(password: string): Promise<void> {
  decoy ??= hashPassword('decoy-password-for-timing');
  await verifyPassword(await decoy, password);
}
