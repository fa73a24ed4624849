/** The file name of a downloaded conversion (spec 001, 2.8). */
export const DOWNLOAD_NAME = 'converted-landing-page.json';

/**
 * Saves text as a JSON file through a temporary link. The object URL is released on the next task:
 * Chromium takes the blob during the click, Firefox once the click's task is over.
 */
export function saveJson(json: string, fileName: string = DOWNLOAD_NAME): void {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
