/** Puts text on the clipboard; rejects where the browser refuses (no permission, insecure page). */
export async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('Clipboard not available');
  await navigator.clipboard.writeText(text);
}
