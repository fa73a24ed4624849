import { send } from './api.ts';

/** Starts the browser's download of `href` as `fileName`, through a temporary link. */
export function startDownload(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Saves content the page holds as a file. The object URL is released on the next task: Chromium
 * takes hold of the blob during the click itself, and Firefox once the click's task is over
 * (revoking within it cancels the download there, Mozilla bug 1282407).
 */
export function saveFile(content: Blob, fileName: string): void {
  const url = URL.createObjectURL(content);
  startDownload(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The name in a Content-Disposition header: the exact one (RFC 5987 filename*) when given. */
export function attachmentName(header: string | null): string | undefined {
  if (!header) return undefined;
  const exact = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (exact) {
    try {
      return decodeURIComponent(exact);
    } catch {
      // a malformed exact name: the plain one below still names the file
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1];
}

/**
 * Downloads a file the server builds, fetched rather than navigated to so a failure arrives as an
 * ApiError to show instead of a broken download. Revalidated every time: an edit made a minute ago
 * is in the file. Named as the server names it, else `fallbackName`.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await send(path, { cache: 'no-cache' });
  saveFile(await response.blob(), attachmentName(response.headers.get('content-disposition')) ?? fallbackName);
}
