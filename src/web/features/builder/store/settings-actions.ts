import { compactSettings, PAGE_SETTINGS_MESSAGES, type PageSettings } from '@shared/landing-pages/page-settings.ts';
import { commit } from './commit.ts';
import type { EditorState } from './editor-state.ts';

/** The Page settings dialog's Apply: the page's search and link-preview settings, as one step of the history. */
export type SettingsAction = { readonly type: 'setPageSettings'; readonly settings: PageSettings };

const sameSettings = (a: PageSettings, b: PageSettings) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** Empty fields are left out; settings equal to the current ones make no step. */
export function setPageSettings(state: EditorState, { settings }: SettingsAction): EditorState {
  const next = compactSettings(settings);
  if (sameSettings(next, state.settings)) return state;
  return commit(state, () => ({ doc: state.doc, settings: next, name: PAGE_SETTINGS_MESSAGES.stepName }));
}
