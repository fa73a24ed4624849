import type { Flag, NumberField } from './fields.ts';

/**
 * List items, select options, pricing features and social platforms are typed one entry per line;
 * blank lines are dropped and the rest stored as a list. Entries are trimmed: a space
 * before or after an entry is never meant.
 */
export function linesToList(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The text an editor shows for a stored list: one entry per line. */
export function listToLines(list: unknown): string {
  return Array.isArray(list) ? list.filter((entry) => typeof entry === 'string').join('\n') : '';
}

/** A checkbox's value as stored: the strings 'true' and 'false'. */
export function toFlag(checked: boolean): Flag {
  return checked ? 'true' : 'false';
}

/** Whether a stored checkbox value is on; older content may hold a real boolean. */
export function isFlagOn(value: unknown): boolean {
  return value === true || value === 'true';
}

/**
 * A number typed into a field with limits (grid columns 1-4, hero overlay 0-1 in steps of 0.1,
 * textarea rows 1-20): snapped to the step and kept within the range. Text that is no number gives
 * the field's default.
 */
export function numberInput(field: NumberField, text: string): number {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value)) return field.default;
  const snapped = field.min + Math.round((value - field.min) / field.step) * field.step;
  // Steps like 0.1 leave binary dust (0.30000000000000004); round to the step's decimals.
  const decimals = (String(field.step).split('.')[1] ?? '').length;
  return Math.min(field.max, Math.max(field.min, Number(snapped.toFixed(decimals))));
}
