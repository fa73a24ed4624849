/**
 * The download name of an event's .ics file: the title with every character that is not a letter
 * or a digit replaced by an underscore, plus .ics. Letters of any script
 * count, so 'Überblick' stays readable; the server adds an ASCII-only fallback for old clients.
 */
export function icsFileName(title: string): string {
  return `${title.normalize('NFC').replace(/[^\p{L}\p{N}]/gu, '_')}.ics`;
}
