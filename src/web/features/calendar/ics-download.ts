import { icsFileName } from '@shared/calendar/file-name.ts';
import { publicEventIcsPath } from '@shared/calendar/paths.ts';
import { downloadFile, saveFile } from '@web/lib/download.ts';

/** Saves a generated .ics file under its name (icsFileName: the title, letters and digits kept). */
export function saveIcs(ics: string, title: string): void {
  saveFile(new Blob([ics], { type: 'text/calendar;charset=utf-8' }), icsFileName(title));
}

/** Downloads a stored event's .ics file as the server builds it, the same file newsletter readers get. */
export function downloadStoredIcs(eventId: string, title: string): Promise<void> {
  return downloadFile(publicEventIcsPath(eventId), icsFileName(title));
}
