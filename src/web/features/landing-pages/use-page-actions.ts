import { LANDING_PAGE_MESSAGES, type LandingPageSummary } from '@shared/landing-pages/api.ts';
import { useDeleteLandingPage, useSetPageActive } from './landing-pages-api.ts';
import { notifyError, notifySuccess } from '@web/lib/notify.tsx';
import { PAGE_NOTICES } from './page-notices.ts';

/**
 * Activate/Deactivate and Delete for one card. Each card owns its mutations, so two cards switched
 * in quick succession each show their own busy state.
 */
export function usePageActions(page: LandingPageSummary) {
  const setActive = useSetPageActive();
  const remove = useDeleteLandingPage();
  return {
    toggling: setActive.isPending,
    deleting: remove.isPending,
    toggleActive() {
      const isActive = !page.is_active;
      setActive.mutateAsync({ id: page.id, isActive }).then(
        () => notifySuccess(isActive ? PAGE_NOTICES.activated : PAGE_NOTICES.deactivated),
        (error: unknown) => notifyError(PAGE_NOTICES.toggleFailed, error),
      );
    },
    remove() {
      if (!window.confirm(LANDING_PAGE_MESSAGES.deleteConfirm)) return;
      // Promises, not mutate's callbacks: those are dropped when the card leaves the list first.
      remove.mutateAsync(page.id).then(
        () => notifySuccess(PAGE_NOTICES.deleted),
        (error: unknown) => notifyError(PAGE_NOTICES.deleteFailed, error),
      );
    },
  };
}
