/**
 * Byte-level checks of an upload, before any decoder runs: what the file is by its first bytes (not
 * its name or declared type), where the image ends (a file cut short has no end), and whether it also
 * carries another kind of document (a polyglot: markup a browser could run, or an archive, PDF or
 * program after the image).
 */

export type SniffedFormat = 'jpeg' | 'png' | 'gif' | 'webp';

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function sniffFormat(bytes: Uint8Array): SniffedFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** Where the image's own bytes end (exclusive), or null when the file stops before its end. */
export function imageEnd(bytes: Uint8Array, format: SniffedFormat): number | null {
  switch (format) {
    case 'png':
      return pngEnd(bytes);
    case 'gif':
      return gifEnd(bytes);
    case 'webp':
      return webpEnd(bytes);
    case 'jpeg':
      return jpegEnd(bytes);
  }
}

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const u32le = (b: Uint8Array, i: number) => (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;

/** Chunks (length, type, data, CRC) up to and including IEND. */
function pngEnd(b: Uint8Array): number | null {
  let at = 8;
  while (at + 12 <= b.length) {
    const length = u32be(b, at);
    const next = at + 12 + length;
    if (next > b.length) return null;
    if (String.fromCharCode(b[at + 4]!, b[at + 5]!, b[at + 6]!, b[at + 7]!) === 'IEND') return next;
    at = next;
  }
  return null;
}

/** Header, screen descriptor and colour table, then extension and image blocks up to the trailer (0x3B). */
function gifEnd(b: Uint8Array): number | null {
  if (b.length < 13) return null;
  let at = 13 + (b[10]! & 0x80 ? 3 * 2 ** ((b[10]! & 7) + 1) : 0);
  const skipSubBlocks = () => {
    while (at < b.length && b[at] !== 0) at += b[at]! + 1;
    at += 1; // the terminating zero-length block
  };
  while (at < b.length) {
    const introducer = b[at]!;
    if (introducer === 0x3b) return at + 1;
    if (introducer === 0x21) {
      at += 2; // introducer and label
      skipSubBlocks();
    } else if (introducer === 0x2c) {
      if (at + 10 > b.length) return null;
      const packed = b[at + 9]!;
      at += 10 + (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0) + 1; // descriptor, local colours, LZW code size
      skipSubBlocks();
    } else {
      return null;
    }
  }
  return null;
}

/** RIFF gives its own length. */
function webpEnd(b: Uint8Array): number | null {
  if (b.length < 12) return null;
  const end = 8 + u32le(b, 4);
  return end <= b.length ? end : null;
}

/**
 * Segments by their lengths, entropy-coded data after each start-of-scan up to the next real marker,
 * until EOI. A thumbnail's own EOI sits inside an APP segment and is skipped with it.
 */
function jpegEnd(b: Uint8Array): number | null {
  let at = 2;
  while (at + 1 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return at + 2;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (at + 4 > b.length) return null;
    at += 2 + u16be(b, at + 2);
    if (marker === 0xda) {
      // Entropy-coded data: 0xFF is followed by 0x00 (a stuffed byte) or a restart marker, until the next marker.
      while (at + 1 < b.length && !(b[at] === 0xff && b[at + 1] !== 0x00 && !(b[at + 1]! >= 0xd0 && b[at + 1]! <= 0xd7))) at += 1;
    }
  }
  return null;
}

/**
 * Markup a browser would run if it ever read the file as a page, searched in the whole file (any
 * case). Each needs enough fixed bytes that compressed pixel data does not contain it by chance.
 */
const MARKUP = ['<script', '<html ', '<html>', '<body ', '<body>', '<svg ', '<iframe', '<object', '<embed ', '<?php', '<!doctype', 'javascript:'];

/** Other formats' signatures: found after the image's end, they make the file something else too. */
const TRAILER_SIGNATURES = [
  [0x50, 0x4b, 0x03, 0x04], // ZIP, JAR, Office documents
  [0x50, 0x4b, 0x05, 0x06], // ZIP (its directory)
  ascii('%PDF-'),
  ascii('Rar!'),
  [0x7f, 0x45, 0x4c, 0x46], // ELF program
  [0xca, 0xfe, 0xba, 0xbe], // Java class
  [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], // 7-Zip
];

function indexOfBytes(haystack: Uint8Array, needle: number[], from: number): number {
  const first = needle[0]!;
  for (let i = haystack.indexOf(first, from); i !== -1 && i + needle.length <= haystack.length; i = haystack.indexOf(first, i + 1)) {
    if (startsWith(haystack, needle, i)) return i;
  }
  return -1;
}

/** What else the file is besides an image, or null when it is only one. */
export function polyglotReason(bytes: Uint8Array, end: number): string | null {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1').toLowerCase();
  const markup = MARKUP.find((m) => text.includes(m));
  if (markup) return `contains markup (${markup.trim()})`;
  // Cameras append their own records after the image (harmless); another format's signature there is not.
  if (end < bytes.length && TRAILER_SIGNATURES.some((signature) => indexOfBytes(bytes, signature, end) !== -1)) {
    return 'carries another file after the image';
  }
  return null;
}
