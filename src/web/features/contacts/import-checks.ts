import { useEffect, useState } from 'react';
import { checkImportRow, IMPORT_MESSAGES, type ImportMapping } from '@shared/contacts/csv.ts';
import type { ContactValues } from '@shared/contacts/form.ts';

/** One row as the import will treat it: the same rules as the server, run in the browser first. */
export type RowCheck =
  | { row: number; status: 'ready'; values: ContactValues }
  | { row: number; status: 'invalid' | 'repeated'; email: string; reason: string };

/** Checks rows in order; `firstRowByEmail` carries the emails seen so far (the first row of an email wins). */
export function checkRows(
  rows: ReadonlyArray<Record<string, string>>,
  from: number,
  to: number,
  mapping: Partial<ImportMapping>,
  knownTags: ReadonlySet<string>,
  firstRowByEmail: Map<string, number>,
): RowCheck[] {
  const checks: RowCheck[] = [];
  for (let i = from; i < Math.min(to, rows.length); i++) {
    const row = i + 1;
    const result = checkImportRow(rows[i], mapping, knownTags);
    if (!result.ok) {
      checks.push({ row, status: 'invalid', email: result.email, reason: result.reason });
      continue;
    }
    const first = firstRowByEmail.get(result.values.email);
    if (first !== undefined) {
      checks.push({ row, status: 'repeated', email: result.values.email, reason: IMPORT_MESSAGES.duplicateInFile(first) });
      continue;
    }
    firstRowByEmail.set(result.values.email, row);
    checks.push({ row, status: 'ready', values: result.values });
  }
  return checks;
}

export interface CheckSummary {
  checked: number;
  total: number;
  ready: number;
  invalid: number;
  repeated: number;
  /** The ready rows' emails, once every row is checked (the server counts people erased before among them). */
  emails: readonly string[];
}

const NO_EMAILS: readonly string[] = [];

/** Rows per slice: each slice takes a few milliseconds, so typing and clicking never wait. */
const SLICE = 500;

/**
 * Checks every row of the file in slices between frames, so a 10,000-row file keeps the dialog
 * responsive; the summary fills in as it goes and restarts when the mapping changes.
 */
export function useCheckSummary(
  rows: ReadonlyArray<Record<string, string>>,
  mapping: Partial<ImportMapping>,
  knownTags: ReadonlySet<string>,
): CheckSummary {
  const empty = { checked: 0, total: rows.length, ready: 0, invalid: 0, repeated: 0, emails: NO_EMAILS };
  const [state, setState] = useState({ inputs: { rows, mapping, knownTags }, summary: empty });
  // A new file, mapping or tag list starts over (during render, not in an effect: no stale frame).
  const current = state.inputs.rows === rows && state.inputs.mapping === mapping && state.inputs.knownTags === knownTags;
  if (!current) setState({ inputs: { rows, mapping, knownTags }, summary: empty });

  useEffect(() => {
    let cancelled = false;
    const seen = new Map<string, number>();
    const totals = { ready: 0, invalid: 0, repeated: 0 };
    const step = (from: number) => {
      if (cancelled) return;
      for (const check of checkRows(rows, from, from + SLICE, mapping, knownTags, seen)) totals[check.status]++;
      const checked = Math.min(rows.length, from + SLICE);
      setState((s) =>
        s.inputs.rows === rows && s.inputs.mapping === mapping && s.inputs.knownTags === knownTags
          ? { ...s, summary: { checked, total: rows.length, ...totals, emails: checked < rows.length ? NO_EMAILS : [...seen.keys()] } }
          : s,
      );
      if (checked < rows.length) timer = setTimeout(step, 0, checked);
    };
    let timer = setTimeout(step, 0, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [rows, mapping, knownTags]);

  return current ? state.summary : empty;
}
