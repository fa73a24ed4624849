/**
 * A signal that aborts when `parent` does, or with a TimeoutError after `ms`; `clear()` once the
 * work is over stops the timer and lets go of the parent.
 *
 * Not `AbortSignal.any([parent, AbortSignal.timeout(ms)])`: on Node 20 a garbage collection can
 * collect the timeout source while the combined signal is still in use, and the combined signal
 * then never fires, so a request to a server that never answers waits forever (deadline.test.ts
 * shows it). Here the timer's callback holds the controller, so nothing can be collected early.
 */
export function deadline(parent: AbortSignal | undefined, ms: number): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  const onAbort = () => controller.abort(parent!.reason);
  const timer = setTimeout(() => controller.abort(new DOMException(`No answer within ${ms} ms`, 'TimeoutError')), ms);
  if (parent?.aborted) onAbort();
  else parent?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    clear() {
      clearTimeout(timer);
      parent?.removeEventListener('abort', onAbort);
    },
  };
}
