import { describe, expect, it } from 'vitest';
import { IMPORT_JOB_MESSAGES, type ImportJob } from '@shared/contacts/import-job.ts';
import { importJobSummary } from './import-job-summary.ts';

const job = (patch: Partial<ImportJob>): ImportJob => ({
  id: 'i',
  status: 'running',
  file_name: 'fair.csv',
  total: 48_000,
  done: 12_500,
  created: 12_000,
  updated: 400,
  skipped: 101,
  erased: 0,
  invalid: 7,
  report: null,
  error: null,
  created_at: new Date(),
  finished_at: null,
  ...patch,
});

describe('an import in a sentence', () => {
  it('names the file and the rows done while it runs', () => {
    expect(importJobSummary(job({}))).toBe('Importing contacts from fair.csv: 12,500 of 48,000 rows');
    expect(importJobSummary(job({ file_name: null, total: 1, done: 0 }))).toBe('Importing contacts: 0 of 1 row');
  });

  it('gives the report’s figures once done, and where it stopped and why when it failed', () => {
    expect(importJobSummary(job({ status: 'done', done: 48_000 }))).toBe('Import finished: 12,000 created, 400 updated, 101 skipped, 7 invalid');
    expect(importJobSummary(job({ status: 'failed', error: IMPORT_JOB_MESSAGES.stopped }))).toBe(
      `Import stopped after 12,500 of 48,000 rows: ${IMPORT_JOB_MESSAGES.stopped}`,
    );
  });
});
