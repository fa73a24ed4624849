/**
 * The owner checklist's rule: what the public site's content files (public/content/…,
 * public/webinar-content*.json) still show from the shipped sample instead of the owner's own details.
 * One rule for the dashboard's 'Public site checklist' and the list `npm start` logs.
 */

/** A content file as the site reads it: its path under the project (e.g. public/content/site.json) and its JSON. */
export interface ContentFile {
  file: string;
  content: unknown;
}

export interface SitePlaceholder {
  /** What is wrong, for the owner. */
  problem: string;
  /** Where to change it: the file, and the field's path in it (`legal.street`, `items[2].url`). */
  file: string;
  path: string;
  value: string;
}

export const PLACEHOLDER_PROBLEMS = {
  sample: 'Sample detail from the shipped content',
  videoId: 'Placeholder or invalid YouTube video id',
  example: 'Link or address at an example domain',
} as const;

/** A YouTube video id is 11 characters of letters, digits, '-' and '_'; the sample's are all X. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const SAMPLE_VIDEO_ID = /^x+$/i;
const VIDEO_ID_KEY = /videoid$/i;

/** The reserved example domains (RFC 2606), in a link or an email address, any subdomain. */
const EXAMPLE_DOMAIN = /(?:^|[/@.\s])example\.(?:com|org|net)(?![a-z0-9-])/i;

/** The German sample's stand-ins for a real address, phone and VAT id. */
const SAMPLE_DETAILS = [/Muster(?:straße|strasse|stadt|mann|frau)/i, /\bDE0{9}\b/, /^\+\d{1,3}[\s0]+$/, /^12345$/];

/** An input's placeholder text is meant as an example ('you@example.com'), so it is never a finding. */
const EXAMPLE_KEYS = new Set(['placeholder']);

export function findPlaceholders(files: readonly ContentFile[]): SitePlaceholder[] {
  const found: SitePlaceholder[] = [];
  const visit = (file: string, value: unknown, path: string, key: string) => {
    if (Array.isArray(value)) value.forEach((item, i) => visit(file, item, `${path}[${i}]`, key));
    else if (value && typeof value === 'object') {
      for (const [name, child] of Object.entries(value)) visit(file, child, path ? `${path}.${name}` : name, name);
    } else if (typeof value === 'string' && !EXAMPLE_KEYS.has(key)) {
      const problem = problemOf(key, value);
      if (problem) found.push({ problem, file, path, value });
    }
  };
  for (const { file, content } of files) visit(file, content, '', '');
  return found;
}

function problemOf(key: string, value: string): string | null {
  if (VIDEO_ID_KEY.test(key) && value !== '' && (SAMPLE_VIDEO_ID.test(value) || !VIDEO_ID.test(value))) return PLACEHOLDER_PROBLEMS.videoId;
  if (EXAMPLE_DOMAIN.test(value)) return PLACEHOLDER_PROBLEMS.example;
  if (SAMPLE_DETAILS.some((pattern) => pattern.test(value))) return PLACEHOLDER_PROBLEMS.sample;
  return null;
}
