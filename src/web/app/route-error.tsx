import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@web/components/ui/button.tsx';

/** Shown when a screen crashes or its code fails to load (e.g. after a deploy): a way out, not a blank page. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : '';
  return (
    <main role="alert" className="flex min-h-screen flex-col items-center justify-center gap-3 bg-gray-50 px-4 text-center">
      <h1 className="text-xl font-semibold text-gray-900">Something went wrong</h1>
      <p className="max-w-md text-sm text-gray-600">This screen could not be shown. Reloading usually helps.</p>
      {detail ? <p className="max-w-md text-xs text-gray-400">{detail}</p> : null}
      <Button className="mt-2" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </main>
  );
}
