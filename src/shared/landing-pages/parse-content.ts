import { pageContentSchema } from './content-schema.ts';
import { defaultPage } from './default-page.ts';
import type { IdMaker } from './ids.ts';
import type { PageContent } from './types.ts';

export type ParsedContent =
  | { readonly ok: true; readonly content: PageContent; readonly source: 'stored' | 'default' }
  | { readonly ok: false; readonly message: string; readonly details: readonly string[] };

/** More problems than this only repeat the first ones' story. */
const MAX_DETAILS = 20;

/**
 * Reads stored builder content. Missing content (none, or only blanks) gives the default page
 * with source 'default'; content that is not JSON or not a valid page gives a message
 * and one line per problem ('sections[0].components[2].props.level: ...'). The builder falls back
 * to the default page on an error; the viewer shows the error.
 */
export function parseContent(json: string | null | undefined, makeId?: IdMaker): ParsedContent {
  if (json == null || json.trim() === '') return { ok: true, content: defaultPage(makeId), source: 'default' };
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: 'The content is not valid JSON', details: [reason] };
  }
  const result = pageContentSchema.safeParse(data);
  if (result.success) return { ok: true, content: result.data, source: 'stored' };
  const details = result.error.issues.slice(0, MAX_DETAILS).map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
  const more = result.error.issues.length - details.length;
  if (more > 0) details.push(`... and ${more} more`);
  return { ok: false, message: 'The content is not a valid page', details };
}

/** The saved form: pretty-printed JSON text. */
export function serializeContent(doc: PageContent): string {
  return JSON.stringify(doc, null, 2);
}

function formatPath(path: readonly PropertyKey[]): string {
  let text = 'sections';
  for (const key of path) text += typeof key === 'number' ? `[${key}]` : `.${String(key)}`;
  return text;
}
