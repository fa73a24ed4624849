import { toast } from 'sonner';

/*
 * Every toast of the staff screens, in one style: a title saying what kind of news it is and the
 * message as its text (the calendar's toasts have always been titled 'Error' and 'Success'; the
 * other screens follow suit).
 */

/**
 * A failure. With its `cause`, the cause is logged for whoever investigates, and the server's own
 * explanation (an ApiError's message), when it says more than `message`, follows on a second line.
 */
export function notifyError(message: string, cause?: unknown): void {
  if (cause !== undefined) console.error(message, cause);
  const detail = cause instanceof Error && cause.message && cause.message !== message ? cause.message : undefined;
  toast.error('Error', {
    description: detail ? (
      <>
        {message}
        <span className="block">{detail}</span>
      </>
    ) : (
      message
    ),
  });
}

export function notifySuccess(message: string): void {
  toast.success('Success', { description: message });
}

/** News that is neither a failure nor a success, titled by what it is about (e.g. 'Kit'). */
export function notifyInfo(title: string, message: string): void {
  toast.info(title, { description: message });
}
