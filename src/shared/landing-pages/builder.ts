/** The builder's texts, limits and address, for the editor and its tests. */

export const BUILDER_LIMITS = {
  /** The property panel's width in px: default (the reset value) and limits. */
  panelWidth: { min: 300, max: 800, default: 384 },
  /** The property editor's share of the panel's height (the component tree has the rest). */
  editorRatio: { min: 0.15, max: 0.85, default: 0.65 },
  /** Banners after save and reload clear after this long. */
  statusMs: 5_000,
} as const;

/** The builder of a saved page, or of a new one ('new'). */
export const builderPath = (id: string) => `/crm/landing-pages/${id}/builder`;
export const NEW_PAGE_ID = 'new';

export const BUILDER_MESSAGES = {
  noPageId: 'No landing page ID available for reload',
  noContent: 'No content found in database',
  invalidJson: (reason: string) => `Invalid JSON content in database: ${reason}`,
  reloadFailed: (reason: string) => `Failed to reload: ${reason}`,
  /** Ours: the builder opened stored content it cannot read, as the default page. */
  openedDefault: (reason: string) => `The stored content could not be read (${reason}): the default page is shown, and saving replaces the stored content.`,
  reloaded: (time: string) => `Reloaded successfully at ${time}`,
  saved: (time: string) => `Saved successfully at ${time}`,
  saveFailed: (reason: string) => `Failed to save: ${reason}`,
  /** The header's word on saving: changes not saved, all saved, or a page with nothing saved at all. */
  saveState: { unsaved: 'Unsaved changes', saved: 'All changes saved', neverSaved: 'Not saved yet' },
  closeUnsaved: 'You have unsaved changes. Close the builder without saving them?',
  /** Reload with unsaved changes: the question, what it does, and its two answers. */
  reloadUnsaved: 'Reload and lose your unsaved changes?',
  reloadUnsavedHint: 'The page as last saved replaces your changes. Undo brings them back.',
  reloadConfirm: 'Reload (lose my changes)',
  keepEditing: 'Keep editing',
  removeConfirm: (label: string) => `Remove this ${label}?`,
  /** Ours: the YouTube field holds no video: what it takes. */
  youTubeInvalid: 'Not a YouTube video: paste its address (youtube.com/watch?v=…, youtu.be/…, /embed/…, /shorts/…) or its 11-character id.',
  unknownType: 'Unknown Component Type',
  /** What an empty paragraph shows on the canvas only, so it can still be found and edited. */
  emptyParagraph: 'Empty paragraph: add its text in the property editor',
  /** The property editor while nothing is selected (after the selected component was removed). */
  nothingSelected: 'Nothing selected: choose a component on the canvas or in the component tree.',
  /** The property editor when its component left the page (undone, say). */
  selectionGone: 'The selected component is no longer on the page.',
  /** The property editor's preview of a component too big to draw twice (component-preview.tsx). */
  previewTooLarge: 'Too large to preview here: the canvas shows it.',
  /** A broken image on the canvas. */
  imageFailed: 'Image failed to load',
  checkUrl: 'Please check the URL',
  validClass: (name: string) => `${name} is a valid Tailwind class`,
  invalidClass: (name: string) => `${name} is not recognized as a valid Tailwind class`,
  /** Ours: a class whose CSS would style more than its own element (the staff app around the canvas, the whole page): left out everywhere. */
  notAllowedClass: (name: string) => `${name} is not allowed: its styles would reach outside its element`,
  /** Ours: a class whose CSS loads from another site: the published page shows it, the canvas (part of the staff app) does not load it. */
  offSiteClass: (name: string) => `${name} loads from another site: shown on the published page, not in the builder`,
  /** Ours: the custom CSS field's hint, and what it says of declarations that are not CSS (custom-css.ts). */
  customCssHint: 'CSS declarations, property: value, separated by semicolons; applied over the classes.',
  customCssSkipped: (declarations: readonly string[]) => `Not applied, not CSS: ${declarations.join('; ')}`,
  /** Ours: a class typed since the last check, until the next one. */
  checkingClass: (name: string) => `Checking ${name}…`,
} as const;

/** Nothing is lost: save conflicts, version history and the unsaved work kept in the browser. */
export const SAFETY_MESSAGES = {
  /** The choices when a save was refused because someone else saved the page meanwhile. */
  conflictHint: 'Reload to see their version (your changes are lost), or overwrite it with yours.',
  reloadLoseMine: 'Reload (lose mine)',
  overwriteKeepMine: 'Overwrite (keep mine)',
  historyTitle: 'Version History',
  noVersions: 'No saved versions yet.',
  unknownAuthor: 'unknown',
  versionLabel: (number: number) => `Version ${number}`,
  restored: (time: string) => `Restored the version of ${time}. Save to keep it; undo brings your work back.`,
  notBuilderVersion: 'This version is not a builder page, so it cannot be restored here.',
  draftOffer: (time: string) => `Restore unsaved changes from ${time}?`,
  draftOlder: (time: string) => `They are older than the page's last save at ${time}.`,
} as const;

/** How long the builder waits after the last change before keeping the unsaved work in the browser. */
export const DRAFT_DEBOUNCE_MS = 800;

export const VERSION_PREVIEW_MESSAGES = {
  react: 'A react page shows the built-in waiting-list page.',
} as const;

/** The Keyboard Shortcuts dialog's list; 'Mod' is Ctrl, or Cmd on a Mac. */
export const BUILDER_SHORTCUTS = [
  { keys: 'Mod+S', action: 'Save' },
  { keys: 'Mod+E', action: 'Toggle edit mode (closes the property editor)' },
  { keys: 'Mod+O', action: 'Overview mode' },
  { keys: 'Mod+R', action: 'Reset the property editor sizes' },
  { keys: 'Mod+Shift+R', action: 'Reload from the database' },
  { keys: 'Mod+Right / Mod+Left', action: 'Next / previous component in the property editor' },
  { keys: 'Mod+C / Mod+V', action: 'Copy the selected component or section / paste it (HTML is converted)' },
  { keys: 'F2 or double-click', action: 'Edit the text in place (Enter or leaving it keeps it, Shift+Enter breaks a line, Escape cancels)' },
  { keys: 'Mod+Z', action: 'Undo' },
  { keys: 'Mod+Shift+Z or Mod+Y', action: 'Redo' },
  { keys: 'Mod+/', action: 'Show keyboard shortcuts' },
  { keys: 'Escape', action: 'Close dialogs; on the canvas, clear the selection' },
] as const;
