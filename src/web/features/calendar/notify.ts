import { toast } from 'sonner';

/** The calendar tools' toasts: titled 'Error' or 'Success', with the spec's message as the text. */
export function notifyError(message: string): void {
  toast.error('Error', { description: message });
}

export function notifySuccess(message: string): void {
  toast.success('Success', { description: message });
}
