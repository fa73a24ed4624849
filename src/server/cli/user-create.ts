import { parseArgs } from 'node:util';
import { newPasswordSchema } from '../../shared/auth.ts';
import { upsertUser } from '../auth/users.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';

/**
 * `npm run user:create -- --email you@example.com --password '…'`
 * Creates a user, or resets the password of an existing one (and signs that user out everywhere).
 * Uses the same database settings as the server (DATA_DIR or DATABASE_URL).
 */
async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
  const email = values.email?.trim();
  if (!email || !values.password) {
    console.error('Usage: npm run user:create -- --email you@example.com --password "a long passphrase"');
    process.exit(2);
  }
  const password = newPasswordSchema.safeParse(values.password);
  if (!password.success) {
    console.error(password.error.issues[0]?.message);
    process.exit(2);
  }
  const database = await openDatabase(loadConfig());
  try {
    const { user, created } = await upsertUser(database.db, email, password.data);
    console.log(created ? `Created user ${user.email}.` : `Password reset for ${user.email}; their sessions were signed out.`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
