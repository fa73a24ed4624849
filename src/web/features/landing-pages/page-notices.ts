/**
 * The landing pages' failures (load, save, delete, toggle) are logged, and the person deserves to
 * know too, so each is also a toast, and each success is confirmed.
 */
export const PAGE_NOTICES = {
  loadFailed: 'Failed to load landing pages. Please try again.',
  openFailed: 'Failed to load the landing page. Please try again.',
  saveFailed: 'Failed to save the landing page. Please try again.',
  deleteFailed: 'Failed to delete the landing page. Please try again.',
  toggleFailed: 'Failed to change whether the landing page is active. Please try again.',
  created: 'Landing page created',
  updated: 'Landing page updated',
  deleted: 'Landing page deleted',
  activated: 'Landing page activated',
  deactivated: 'Landing page deactivated',
} as const;
