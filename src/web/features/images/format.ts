/** "820 B", "240 KB", "1.4 MB": sizes as people read them (1 KB = 1024 bytes, like the 5MB limit). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const formatUsage = (count: number) => (count === 0 ? 'Not used' : count === 1 ? 'Used on 1 page' : `Used on ${count} pages`);

/** A thumbnail's address: a small width, in whatever format the browser takes best. */
export const thumbnailUrl = (url: string) => `${url}?w=480`;
