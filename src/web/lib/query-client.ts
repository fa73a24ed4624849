import { QueryClient } from '@tanstack/react-query';

/** The staff app's one query cache: the screens' hooks, and the routes' loaders that fill it before a page's first render. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, staleTime: 10_000 } },
});
