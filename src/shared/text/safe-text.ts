import { z } from 'zod';
import { TEXT_MESSAGES, textProblem } from './characters.ts';

export interface SafeTextOptions {
  /** Allows tab and line breaks (descriptions, addresses); one-line fields refuse them. */
  multiline?: boolean;
  /** The message when the value is missing or not a string. */
  error?: string;
}

/**
 * The string every schema starts from: refuses control characters and broken (lone surrogate)
 * characters with a field message, before any trim, length or format rule runs. Chain those after it:
 * `safeText().trim().max(100)`.
 */
export function safeText({ multiline = false, error }: SafeTextOptions = {}) {
  return z.string(error === undefined ? undefined : { error }).check((ctx) => {
    const problem = textProblem(ctx.value, { multiline });
    if (problem) ctx.issues.push({ code: 'custom', message: TEXT_MESSAGES[problem], input: ctx.value, continue: false });
  });
}
