import { icsFileName } from '@shared/calendar/file-name.ts';
import { publicEventIcsPath } from '@shared/calendar/paths.ts';

/** Saves content as a file through a temporary link, released a second later (spec 002, section 9). */
export function saveFile(content: Blob, fileName: string): void {
  const url = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function saveIcs(ics: string, title: string): void {
  saveFile(new Blob([ics], { type: 'text/calendar;charset=utf-8' }), icsFileName(title));
}

/**
 * Downloads a stored event's .ics file as the server builds it, the same file newsletter readers
 * get. Revalidated every time, so an edit made a minute ago is in the file.
 */
export async function downloadStoredIcs(eventId: string, title: string): Promise<void> {
  const response = await fetch(publicEventIcsPath(eventId), { cache: 'no-cache' });
  if (!response.ok) throw new Error(`Download failed (${response.status})`);
  saveFile(await response.blob(), icsFileName(title));
}
