import { toast } from 'sonner';

/** The Kit screens' notices (the spec's alerts): titled 'Error', 'Success' or 'Kit', with the message as the text. */
export function notifyError(message: string): void {
  toast.error('Error', { description: message });
}

export function notifySuccess(message: string): void {
  toast.success('Success', { description: message });
}

export function notifyInfo(message: string): void {
  toast.info('Kit', { description: message });
}
