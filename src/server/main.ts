import { buildApp } from './app.ts';
import { issueSetupToken } from './auth/setup.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const app = await buildApp({ config, database });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const baseUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  app.log.info(`mycrm is running at ${baseUrl} (database: ${database.driver === 'pglite' ? `embedded, in ${config.dataDir}` : 'PostgreSQL'})`);
  if (config.devAutologin) app.log.warn('MYCRM_DEV_AUTOLOGIN=1: every visitor is signed in as a development user. Never use this in production.');

  const setupToken = await issueSetupToken(database.db);
  if (setupToken) {
    app.log.warn(`No administrator exists yet. Create one within this run at: ${baseUrl}/setup?token=${setupToken}`);
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
