import { parseArgs } from 'node:util';
import { emailSchema } from '../../shared/auth/api.ts';
import { newPasswordSchema } from '../../shared/users/password-policy.ts';
import { upsertUser } from '../auth/users.ts';
import { loadConfig } from '../config.ts';
import { DatabaseInUseError, openDatabase, type Database } from '../db/client.ts';

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
  // The rules of the setup and invite forms apply here too.
  for (const check of [emailSchema.safeParse(email), newPasswordSchema.safeParse(values.password)]) {
    if (!check.success) {
      console.error(check.error.issues[0]?.message);
      process.exit(2);
    }
  }
  const config = loadConfig();
  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    // The embedded database belongs to the running server: the app itself can do what this command would.
    const settings = `${config.publicUrl ?? `http://localhost:${config.port}`}/crm/settings`;
    console.error(
      `${error.message}\n\nWhile the server runs, use the app instead (${settings}):\n` +
        '  - Settings -> Change password: a signed-in user sets a new password (their other sessions are signed out).\n' +
        '  - Settings -> Invite a user: creates a one-time link with which a colleague sets their own password.\n' +
        'If nobody can sign in any more, stop the server and run this command again.',
    );
    process.exit(3);
  }
  try {
    const { user, created } = await upsertUser(database.db, email, values.password);
    console.log(created ? `Created user ${user.email}.` : `Password reset for ${user.email}; their sessions were signed out.`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
