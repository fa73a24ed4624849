import { buildApp } from './app.ts';
import { issueSetupToken } from './auth/setup.ts';
import { loadConfig, type Config } from './config.ts';
import { logSiteChecklist, siteChecklist } from './dashboard/site-checklist.ts';
import { openDatabase } from './db/client.ts';
import { startKitImportRunner } from './kit/import/runner.ts';
import { secretKeyProvider } from './kit/settings.ts';
import { startKitWorker } from './kit/worker.ts';
import { startKitWebhookWorker } from './kit/webhooks/worker.ts';
import { shutDown } from './shutdown.ts';

let config: Config | undefined;

async function main() {
  config = loadConfig();
  const database = await openDatabase(config);
  const app = await buildApp({ config, database });
  // Syncs to Kit run in the background, from the durable queue shared by every instance.
  const kitWorker = startKitWorker({ db: database.db, config, log: app.log });
  // Events Kit's webhooks delivered are applied from their inbox, also shared by every instance.
  const webhookWorker = startKitWebhookWorker({ db: database.db, log: app.log, secret: secretKeyProvider(config.dataDir, config.kit.secretKey) });
  // Imports from Kit and the reconciliation passes too: durable jobs any instance takes up.
  const kitImports = startKitImportRunner({ db: database.db, config, log: app.log });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down (at most ${config!.shutdownTimeoutMs} ms)`);
    const workers = [kitWorker, kitImports, webhookWorker];
    process.exit(await shutDown({ app, workers, database, timeoutMs: config!.shutdownTimeoutMs }));
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const baseUrl = config.publicUrl ?? `http://localhost:${port}`;
  app.log.info(`mycrm is running at ${baseUrl} (database: ${database.driver === 'pglite' ? `embedded, in ${config.dataDir}` : 'PostgreSQL'})`);
  logSiteChecklist(app.log, siteChecklist(config.webDir));
  if (!config.publicUrl && config.allowedHosts.length === 0 && !['localhost', '127.0.0.1', '::1'].includes(config.host)) {
    app.log.warn(`HOST=${config.host}, but only localhost, 127.0.0.1 and [::1] are answered: set PUBLIC_URL (or ALLOWED_HOSTS) to the address people use, or they get 421.`);
  }
  if (config.devAutologin) app.log.warn('MYCRM_DEV_AUTOLOGIN=1: every visitor is signed in as a development user. Never use this in production.');

  const setupToken = await issueSetupToken(database.db);
  if (setupToken) {
    // The link is a password for the first administrator: printed once, for the owner, never logged.
    const link = `${baseUrl}/setup?token=${setupToken}`;
    app.log.warn('No administrator exists yet: open the one-time setup link printed on the console to create one.');
    process.stdout.write(`\n  First start: create your administrator account at\n  ${link}\n  (the link works until an administrator exists)\n\n`);
  }
}

main().catch((error) => {
  // Startup problems (configuration, a locked data directory) are explained by their message; with
  // LOG_LEVEL=debug (once the configuration could be read) the whole error is printed.
  console.error(config?.logLevel === 'debug' ? error : `mycrm could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
