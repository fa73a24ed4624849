/** Slug rules of the landing pages, shared by the admin form and the server. */

export const SLUG_MIN = 3;
export const SLUG_MAX = 50;
/** Where pages are published: /lp/{slug}. */
export const PUBLIC_PAGE_BASE = '/lp';

export const SLUG_MESSAGES = {
  required: 'URL slug is required',
  tooShort: 'URL slug must be at least 3 characters',
  tooLong: 'URL slug must be less than 50 characters',
  characters: 'URL slug can only contain lowercase letters, numbers, and hyphens',
  edgeHyphen: 'URL slug cannot start or end with a hyphen',
  doubleHyphen: 'URL slug cannot contain consecutive hyphens',
  taken: 'This URL slug is already taken',
} as const;

/** The first rule the slug breaks, in the specified order, or null when it is valid. */
export function slugError(slug: string): string | null {
  if (!slug) return SLUG_MESSAGES.required;
  if (slug.length < SLUG_MIN) return SLUG_MESSAGES.tooShort;
  // Fifty characters are allowed; the message says "3-50", as users have always read it.
  if (slug.length > SLUG_MAX) return SLUG_MESSAGES.tooLong;
  if (!/^[a-z0-9-]+$/.test(slug)) return SLUG_MESSAGES.characters;
  if (slug.startsWith('-') || slug.endsWith('-')) return SLUG_MESSAGES.edgeHyphen;
  if (slug.includes('--')) return SLUG_MESSAGES.doubleHyphen;
  return null;
}

/** What typing into the slug field keeps: lowercase letters, digits and hyphens. */
export function stripSlugInput(typed: string): string {
  return typed.replace(/[^a-z0-9-]/g, '');
}

/**
 * The slug derived from a title: lowercase, accents folded (ü -> u), special characters removed,
 * spaces to hyphens, hyphens collapsed and trimmed, cut to the maximum length.
 */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}

/** The prefix of a new page's slug; then -1 … -100 are tried, then a timestamp. */
export const DEFAULT_SLUG_PREFIX = 'landing-page';
const SLUG_SUFFIX_TRIES = 100;

/** The candidates for a unique slug, in the order they are tried (the last one uses the clock). */
export function slugCandidates(prefix: string, now: number): string[] {
  const numbered = Array.from({ length: SLUG_SUFFIX_TRIES }, (_, i) => `${prefix}-${i + 1}`);
  return [prefix, ...numbered, `${prefix}-${now}`];
}

/** A converted page's slug: converted-{timestamp}. */
export const convertedSlug = (now: number) => `converted-${now}`;
