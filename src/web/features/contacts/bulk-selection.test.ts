import { describe, expect, it } from 'vitest';
import type { BulkJob } from '@shared/contacts/bulk.ts';
import { jobSummary, matchingTarget, pickedTarget, targetText } from './bulk-selection.ts';

const job = (patch: Partial<BulkJob>): BulkJob => ({
  id: 'j',
  action: 'tag',
  tag: 'VIP',
  status: 'done',
  total: 0,
  done: 0,
  changed: 0,
  error: null,
  created_at: new Date(),
  finished_at: null,
  ...patch,
});

describe('what the bulk actions apply to', () => {
  it('names rows picked by their count, and all that match with "all", capped counts with "+"', () => {
    expect(targetText(pickedTarget(['a']))).toBe('1 contact');
    expect(targetText(pickedTarget(['a', 'b', 'c']))).toBe('3 contacts');
    const view = { search: 'an', status: 'customer' as const, source: undefined, kit_state: 'cancelled' as const, tag: 'VIP', sort: 'email' as const, order: 'asc' as const };
    expect(targetText(matchingTarget(view, 12345, false))).toBe('all 12,345 contacts');
    expect(targetText(matchingTarget(view, 1000, true))).toBe('all 1,000+ contacts');
    // The filter goes to the server without the sort: order does not change which contacts match.
    expect(matchingTarget(view, 1, false).selection).toEqual({ kind: 'matching', filters: { search: 'an', status: 'customer', source: undefined, kit_state: 'cancelled', tag: 'VIP' } });
  });
});

describe('what a job did', () => {
  it('reads progress while running, then the outcome with the contacts left as they were', () => {
    expect(jobSummary(job({ status: 'running', total: 12345, done: 1500 }))).toBe('Adding tag "VIP": 1,500 of 12,345');
    expect(jobSummary(job({ action: 'delete', tag: null, status: 'running', total: 3, done: 0 }))).toBe('Deleting contacts: 0 of 3');
    expect(jobSummary(job({ total: 260, done: 260, changed: 250 }))).toBe('Tag "VIP" added to 250 contacts (10 already had it)');
    expect(jobSummary(job({ action: 'untag', total: 2, done: 2, changed: 1 }))).toBe('Tag "VIP" removed from 1 contact (1 did not have it)');
    expect(jobSummary(job({ action: 'delete', tag: null, total: 1200, done: 1200, changed: 1200 }))).toBe('1,200 contacts deleted');
    expect(jobSummary(job({ status: 'failed', total: 900, done: 500, changed: 500, error: 'The tag is gone.' }))).toBe('Stopped after 500 of 900: The tag is gone.');
  });
});
