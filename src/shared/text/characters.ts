/*
 * Which characters a text field may hold. No zod here: the public sign-up form imports this file
 * and must stay light. `safe-text.ts` turns it into the zod rule every schema uses.
 */

export const TEXT_MESSAGES = {
  controlCharacter: 'Remove the invisible control characters from this field (tabs and line breaks only fit multi-line fields)',
  bidiControl: 'Remove the invisible text-direction characters from this field: they can make text read differently from what it is',
  brokenCharacter: 'This field contains a broken character (an unpaired surrogate). Retype it and try again.',
} as const;

export type TextProblem = keyof typeof TEXT_MESSAGES;

// Unicode's control characters (C0, DEL, C1). PostgreSQL refuses NUL outright; the rest only hide
// text from people and break exports. Multi-line text keeps tab, line feed and carriage return.
/* eslint-disable no-control-regex -- matching control characters is the point */
const ONE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F]/;
const MULTILINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/* eslint-enable no-control-regex */

// Invisible characters that change the order in which text is shown ("Trojan Source"): an override
// makes `invoice\u202Efdp.exe` display as `invoiceexe.pdf`. A one-line value (a name, title, slug,
// tag, file name) never needs any of them, since Unicode orders mixed scripts by itself, so it
// refuses them all: embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069) and the
// direction marks (U+200E, U+200F, U+061C). Multi-line prose refuses only the embeddings and
// overrides, which reorder letters within a run and exist for spoofing; isolates and marks only
// set the direction around a word, which right-to-left prose legitimately needs.
const ONE_LINE_BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;
const MULTILINE_BIDI = /[\u202A-\u202E]/;

// Half of a UTF-16 surrogate pair without its other half: no character at all, and not encodable as UTF-8.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The text with what a database cannot store in text or JSON (NUL, lone surrogates) replaced by
 * U+FFFD: for keeping refused input to show back, such as a refused CSV row in an import's report.
 */
export const storableText = (value: string): string =>
  // eslint-disable-next-line no-control-regex -- NUL is what is replaced
  value.replace(/\u0000/g, '\ufffd').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\ufffd');

/** What is wrong with a text's characters, if anything. */
export function textProblem(value: string, { multiline = false }: { multiline?: boolean } = {}): TextProblem | undefined {
  if ((multiline ? MULTILINE_FORBIDDEN : ONE_LINE_FORBIDDEN).test(value)) return 'controlCharacter';
  if ((multiline ? MULTILINE_BIDI : ONE_LINE_BIDI).test(value)) return 'bidiControl';
  if (LONE_SURROGATE.test(value)) return 'brokenCharacter';
  return undefined;
}
