/** 32 symbols, so every random byte maps onto one without bias (256 = 8 × 32). */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** Random lower-case text from the platform's secure generator (Web Crypto: browser and Node). */
export function randomText(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/**
 * randomText for making thousands in a row (a converted page's node ids): the same text, with the
 * generator asked for a block of bytes at a time, as in Node each call costs more than the text it makes.
 */
export function randomTextSource(blockBytes = 4096): (length: number) => string {
  let block = new Uint8Array(0);
  let used = 0;
  return (length) => {
    if (used + length > block.length) {
      block = crypto.getRandomValues(new Uint8Array(Math.max(blockBytes, length)));
      used = 0;
    }
    let text = '';
    for (let i = used; i < used + length; i++) text += ALPHABET[block[i]! % ALPHABET.length];
    used += length;
    return text;
  };
}

/**
 * A new event id: 'event_' plus the time and random text. The id is the only
 * key to an event's public page, so its random part (80 bits) makes ids impossible to guess.
 */
export function newEventId(now: number = Date.now()): string {
  return `event_${now}_${randomText(16)}`;
}

/** Anything an event id can be made of. Other text (a NUL byte, say) names no event and is not looked up. */
export function isEventIdShaped(value: string): boolean {
  return /^[A-Za-z0-9_-]{1,200}$/.test(value);
}
