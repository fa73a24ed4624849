/**
 * The contacts screen's messages for failures that used to be only logged: the screen also tells
 * the person, and keeps the log for whoever investigates.
 */
export const CONTACT_UI_MESSAGES = {
  loadFailed: 'Failed to load contacts. Please try again.',
  saveFailed: 'Failed to save contact. Please try again.',
  deleteFailed: 'Failed to delete contact. Please try again.',
  exportFailed: 'Failed to export contacts. Please try again.',
  importFailed: 'Failed to import contacts. Nothing was imported; please try again.',
  importProgressFailed: 'The progress of the import could not be loaded.',
  importGoesOn: 'You can close this window: the import goes on, and the Contacts screen shows how far it is.',
  tagsLoadFailed: 'Failed to load tags. Please try again.',
  bulkFailed: 'The bulk action could not be started. Please try again.',
  bulkProgressFailed: 'The progress of the bulk action could not be loaded.',
  noTags: 'There are no tags yet. Create one on the Tags screen first.',
  added: 'Contact added',
  updated: 'Contact updated',
  deleted: 'Contact deleted',
} as const;
