import { parseContent } from '@shared/landing-pages/parse-content.ts';
import type { PageContent } from '@shared/landing-pages/types.ts';
import type { Draft } from './draft-store.ts';

export interface DraftOffer {
  readonly doc: PageContent;
  readonly keptAt: Date;
  /** The page was saved after this work was kept: restoring it would bring back older content. */
  readonly olderThanSave: boolean;
}

/**
 * What to offer back when the editor opens: the kept work, unless there is none, it is what the
 * editor opens with anyway, or it is no longer a page the builder can read.
 */
export function draftOffer(draft: Draft | undefined, openingContent: string, lastSaved: Date | null): DraftOffer | null {
  if (!draft || draft.content === openingContent) return null;
  const parsed = parseContent(draft.content);
  if (!parsed.ok || parsed.source !== 'stored') return null;
  return { doc: parsed.content, keptAt: new Date(draft.kept_at), olderThanSave: lastSaved !== null && draft.kept_at < lastSaved.getTime() };
}
