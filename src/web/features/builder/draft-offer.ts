import { parseContent } from '@shared/landing-pages/parse-content.ts';
import { readPageSettings, type PageSettings } from '@shared/landing-pages/page-settings.ts';
import type { PageContent } from '@shared/landing-pages/types.ts';
import type { Draft } from './draft-store.ts';

export interface DraftOffer {
  readonly doc: PageContent;
  /** The settings kept with the work; none for a draft kept before pages had settings. */
  readonly settings?: PageSettings;
  readonly keptAt: Date;
  /** The page was saved after this work was kept: restoring it would bring back older content. */
  readonly olderThanSave: boolean;
}

/** The editor's work as a draft keeps it and compares it: the document and the settings, serialised. */
export interface KeptWork {
  readonly content: string;
  readonly settings: string;
}

export const serializeSettings = (settings: PageSettings) => JSON.stringify(settings);

/**
 * What to offer back when the editor opens: the kept work, unless there is none, it is what the
 * editor opens with anyway, or it is no longer a page the builder can read.
 */
export function draftOffer(draft: Draft | undefined, opening: KeptWork, lastSaved: Date | null): DraftOffer | null {
  if (!draft || (draft.content === opening.content && (draft.settings ?? opening.settings) === opening.settings)) return null;
  const parsed = parseContent(draft.content);
  if (!parsed.ok || parsed.source !== 'stored') return null;
  return {
    doc: parsed.content,
    settings: draft.settings === undefined ? undefined : readSettings(draft.settings),
    keptAt: new Date(draft.kept_at),
    olderThanSave: lastSaved !== null && draft.kept_at < lastSaved.getTime(),
  };
}

function readSettings(text: string): PageSettings {
  try {
    return readPageSettings(JSON.parse(text));
  } catch {
    return {};
  }
}
