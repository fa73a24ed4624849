/*
 * Requests a screen is known to make, started as soon as the app's first script runs instead of
 * after the screen's code has loaded and rendered: on a first visit that code arrives some
 * 200 ms later. The screen's own request for the same path (through `send`) then takes the
 * response that is already on its way. A response nobody takes soon is dropped, never served stale.
 */

const TAKE_WITHIN_MS = 10_000;
const started = new Map<string, Promise<Response>>();

/** Starts a GET of `path` (same-origin JSON, as `api` asks). */
export function requestEarly(path: string): Promise<Response> {
  const response = fetch(path, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  started.set(path, response);
  setTimeout(() => {
    if (started.get(path) === response) started.delete(path);
  }, TAKE_WITHIN_MS);
  // Whoever takes the response sees its failure; unclaimed, it is not an unhandled rejection.
  response.catch(() => undefined);
  return response;
}

/** The early response for a GET of `path`, once: the next request for it goes to the server. */
export function takeEarlyResponse(path: string): Promise<Response> | undefined {
  const response = started.get(path);
  started.delete(path);
  return response;
}
