import { toast } from 'sonner';

/**
 * The spec alerts its two tag failures; we show them as a toast with exactly the spec's text (one
 * way of telling, like every other screen) and log the cause.
 */
export function notifyTagFailure(message: string, error: unknown): void {
  console.error(message, error);
  toast.error(message);
}

export function notifyTagSuccess(message: string): void {
  toast.success(message);
}
