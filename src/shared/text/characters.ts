/*
 * Which characters a text field may hold. No zod here: the public sign-up form imports this file
 * and must stay light. `safe-text.ts` turns it into the zod rule every schema uses.
 */

export const TEXT_MESSAGES = {
  controlCharacter: 'Remove the invisible control characters from this field (tabs and line breaks only fit multi-line fields)',
  brokenCharacter: 'This field contains a broken character (an unpaired surrogate). Retype it and try again.',
} as const;

export type TextProblem = keyof typeof TEXT_MESSAGES;

// Unicode's control characters (C0, DEL, C1). PostgreSQL refuses NUL outright; the rest only hide
// text from people and break exports. Multi-line text keeps tab, line feed and carriage return.
/* eslint-disable no-control-regex -- matching control characters is the point */
const ONE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F]/;
const MULTILINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/* eslint-enable no-control-regex */
// Half of a UTF-16 surrogate pair without its other half: no character at all, and not encodable as UTF-8.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a text's characters, if anything. */
export function textProblem(value: string, { multiline = false }: { multiline?: boolean } = {}): TextProblem | undefined {
  if ((multiline ? MULTILINE_FORBIDDEN : ONE_LINE_FORBIDDEN).test(value)) return 'controlCharacter';
  if (LONE_SURROGATE.test(value)) return 'brokenCharacter';
  return undefined;
}
