import { slugError, slugFromTitle, stripSlugInput } from '@shared/landing-pages/slug.ts';

/** The slug field's pure rules; the dialog wires them to the form. */

/**
 * The slug once the title changed from `previousTitle` to `title`: it follows the title while it is
 * empty or still the slug the earlier title gave, so a slug the person typed is never overwritten.
 */
export function slugAfterTitleChange(slug: string, previousTitle: string, title: string): string {
  return slug === '' || slug === slugFromTitle(previousTitle) ? slugFromTitle(title) : slug;
}

/**
 * What typing into the slug field leaves (only lowercase letters, digits and hyphens), and where
 * the caret goes: after the same kept characters as before, not to the end.
 */
export function stripTypedSlug(typed: string, caret: number): { value: string; caret: number } {
  return { value: stripSlugInput(typed), caret: stripSlugInput(typed.slice(0, caret)).length };
}

/** The live check's states. */
export type SlugCheckState = 'idle' | 'checking' | 'available' | 'taken';

/** The server's answer about the settled slug: still on its way, failed (no connection), or given. */
export type SlugCheckAnswer = 'pending' | 'failed' | { available: boolean };

/**
 * Where the live check stands for `slug`: idle while the slug breaks a rule (nothing to ask) or when
 * the check could not be made (the server still refuses a taken slug on save); checking while the
 * person is still typing (`settledSlug` lags behind) or the answer is on its way.
 */
export function slugCheckState(slug: string, settledSlug: string, answer: SlugCheckAnswer): SlugCheckState {
  if (slugError(slug) !== null) return 'idle';
  if (slug !== settledSlug || answer === 'pending') return 'checking';
  if (answer === 'failed') return 'idle';
  return answer.available ? 'available' : 'taken';
}
