import type { Db } from '../db/client.ts';
import { runImport, stopImport, type ImportRun } from './import.ts';

/*
 * Runs the imports of this instance's requests in its background, a batch per turn of the event
 * loop (runImport), so requests get in between batches. Stopping the server ends them as stopped
 * after the batch in progress: their rows to write are in this process's memory only.
 */

export interface ImportRunner {
  run(run: ImportRun): void;
  /** Lets the batch in progress commit, then ends every running import as stopped. */
  stop(): Promise<void>;
}

interface Log {
  error(obj: object, msg?: string): void;
}

export function startImportRunner({ db, log }: { db: Db; log: Log }): ImportRunner {
  const running = new Set<Promise<void>>();
  const runs = new Set<ImportRun>();

  async function work(run: ImportRun) {
    try {
      await runImport(db, run);
    } catch (error) {
      log.error({ err: error, jobId: run.jobId }, 'contact import failed');
      await stopImport(db, run).catch((stopError: unknown) => log.error({ err: stopError, jobId: run.jobId }, 'contact import could not be ended'));
    }
  }

  return {
    run(run) {
      runs.add(run);
      const done = work(run).finally(() => {
        runs.delete(run);
        running.delete(done);
      });
      running.add(done);
    },
    async stop() {
      // Taking the lease back stops each run at its next batch ('lost'); the batch in progress commits first.
      await Promise.all([...runs].map((run) => stopImport(db, run)));
      await Promise.all(running);
    },
  };
}
