import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AB_TEST_PATHS, abTestEndResultSchema, abTestResultSchema, type AbVariant } from '@shared/landing-pages/ab-test.ts';
import { apiParsed } from '@web/lib/api.ts';

/** A page's A/B test (src/server/landing-pages/ab-test-routes.ts); the list carries each running test's results. */

function useRefreshPages() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['landing-pages'] });
}

export function useStartAbTest() {
  const refresh = useRefreshPages();
  return useMutation({
    mutationFn: async ({ pageId, split }: { pageId: string; split: number }) =>
      (await apiParsed(abTestResultSchema, 'POST', AB_TEST_PATHS.test.path({ id: pageId }), { split_percent: split })).test,
    onSuccess: refresh,
  });
}

export function useEndAbTest() {
  const refresh = useRefreshPages();
  return useMutation({
    mutationFn: async ({ pageId, keep }: { pageId: string; keep: AbVariant }) =>
      (await apiParsed(abTestEndResultSchema, 'POST', AB_TEST_PATHS.end.path({ id: pageId }), { keep })).kept,
    onSuccess: refresh,
  });
}
