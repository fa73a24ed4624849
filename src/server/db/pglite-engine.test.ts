import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { protocol } from '@electric-sql/pglite';
import { describe, expect, inject, it } from 'vitest';
import { testDriver } from '../../../tests/helpers/test-db-config.ts';
import { startPgliteEngine } from './pglite-engine.ts';

const template = () => new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
const textOf = (chunks: Uint8Array[]) => Buffer.concat(chunks).toString('latin1');

// The thread the embedded database runs on (the session's own tests cover what goes through it).
describe.runIf(testDriver === 'pglite')('the embedded database thread', () => {
  it('answers protocol messages with PostgreSQL’s bytes, errors included, and refuses work once closed', async () => {
    const engine = await startPgliteEngine({ loadDataDir: template(), setup: [] });
    const answer = textOf(await engine.exchange(protocol.serialize.query("select 'from the thread' as said"), true));
    expect(answer).toContain('from the thread');
    // A statement PostgreSQL refuses is an answer too (an ErrorResponse), not a failure of the thread.
    expect(textOf(await engine.exchange(protocol.serialize.query('select * from no_such_table'), true))).toContain('no_such_table');
    const dump = await engine.dumpDataDir();
    expect(dump.size).toBeGreaterThan(1_000_000);
    await engine.close();
    await engine.close();
    await expect(engine.exchange(protocol.serialize.query('select 1'), true)).rejects.toThrow('The embedded database is closed');
  });

  it('says why it cannot start', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-engine-'));
    const file = path.join(dir, 'not-a-directory');
    fs.writeFileSync(file, 'x');
    try {
      await expect(startPgliteEngine({ dataDir: file, setup: [] })).rejects.toThrow(/\S/);
      await expect(startPgliteEngine({ loadDataDir: template(), setup: ['select * from no_such_table'] })).rejects.toThrow('no_such_table');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
