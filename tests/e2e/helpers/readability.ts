import type { Page } from 'playwright-core';

/**
 * What a reader sees of a page's words in Chromium: every word of its text (and the chosen option of
 * a select, the caption of an input button), whether it is drawn where an eye can see it, and its
 * contrast against the colour behind it. Used to compare a source page with its converted copy.
 */
export interface SeenWord {
  readonly word: string;
  /** Why the word cannot be seen ('' when it can): hidden, collapsed, no size, clipped, off screen, transparent. */
  readonly hidden: string;
  /** Contrast of the text against the colour behind it (1 to 21); on an image, against the colour under the image. */
  readonly contrast: number;
  /** The text stands on a background image or gradient: its contrast cannot be measured. */
  readonly onImage: boolean;
  /** On an image, whether a background colour lies under it (what shows while it loads, or if it fails). */
  readonly colourUnderImage: boolean;
}

/**
 * The page-side reader, plain JavaScript so that nothing of the test's build (helpers a bundler adds)
 * reaches the page. Colours are read through a canvas, which turns any CSS colour (oklch included)
 * into sRGB bytes.
 */
const READ_WORDS = `(() => {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const colours = new Map();
  const rgba = (css) => {
    let hit = colours.get(css);
    if (!hit) {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      hit = a === 0 ? [0, 0, 0, 0] : [r, g, b, a / 255];
      colours.set(css, hit);
    }
    return hit;
  };
  const over = (top, bottom) => {
    const a = top[3];
    return [top[0] * a + bottom[0] * (1 - a), top[1] * a + bottom[1] * (1 - a), top[2] * a + bottom[2] * (1 - a), 1];
  };
  const luminance = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };

  /** The colour behind an element's text: its own and its ancestors' backgrounds, composited on white. */
  const behind = (el) => {
    const layers = [];
    let onImage = false;
    let colourUnderImage = false;
    for (let node = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      // An element's background image is drawn over its own background colour.
      if (style.backgroundImage !== 'none') onImage = true;
      const colour = rgba(style.backgroundColor);
      if (colour[3] > 0) {
        layers.push(colour);
        if (onImage) colourUnderImage = true;
        if (colour[3] >= 1) break;
      }
    }
    let result = [255, 255, 255, 1];
    for (let i = layers.length - 1; i >= 0; i--) result = over(layers[i], result);
    return { colour: result, onImage, colourUnderImage };
  };

  const area = (r) => Math.max(0, r.width) * Math.max(0, r.height);
  const intersect = (a, b) => {
    const left = Math.max(a.left, b.left), top = Math.max(a.top, b.top);
    const right = Math.min(a.right, b.right), bottom = Math.min(a.bottom, b.bottom);
    return { left, top, right, bottom, width: right - left, height: bottom - top };
  };

  /** Why text of this element in these boxes cannot be seen, or ''. */
  const hiddenWhy = (el, rects) => {
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden') return 'visibility: hidden';
    if (style.visibility === 'collapse') return 'visibility: collapse';
    const boxes = [...rects].filter((r) => area(r) > 0);
    if (boxes.length === 0) return 'no size';
    if (rgba(style.color)[3] === 0) return 'transparent text';
    let shown = boxes;
    for (let node = el; node && node !== document.documentElement; node = node.parentElement) {
      const s = getComputedStyle(node);
      if (Number(s.opacity) === 0) return 'opacity 0';
      if (s.clip && s.clip !== 'auto' && s.position === 'absolute' && /rect\\(0px,? 0px,? 0px,? 0px\\)/.test(s.clip)) return 'clipped';
      if (s.clipPath && /inset\\(50%\\)/.test(s.clipPath)) return 'clipped';
      if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
        const box = node.getBoundingClientRect();
        shown = shown.map((r) => intersect(r, box));
      }
    }
    const whole = boxes.reduce((sum, r) => sum + area(r), 0);
    const seen = shown.reduce((sum, r) => sum + area(r), 0);
    if (seen < whole / 2) return 'clipped';
    const page = { left: -window.scrollX, top: -window.scrollY, right: Infinity, bottom: Infinity };
    if (boxes.every((r) => r.right <= page.left || r.bottom <= page.top)) return 'off screen';
    return '';
  };

  const words = [];
  const add = (word, el, rects) => {
    const hidden = hiddenWhy(el, rects);
    const text = rgba(getComputedStyle(el).color);
    const back = behind(el);
    const contrast = ratio(over(text, back.colour), back.colour);
    words.push({ word, hidden, contrast: Math.round(contrast * 100) / 100, onImage: back.onImage, colourUnderImage: back.colourUnderImage });
  };

  const skip = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TITLE', 'OPTION', 'OPTGROUP', 'SELECT', 'TEXTAREA', 'DATALIST']);
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || skip.has(el.tagName) || el.closest('svg, select, textarea, template, noscript')) continue;
    for (const match of node.data.matchAll(/[^\\s\\u00ad]+/gu)) {
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      add(match[0], el, range.getClientRects());
    }
  }
  for (const select of document.querySelectorAll('select')) {
    const chosen = select.selectedOptions[0];
    if (!chosen) continue;
    for (const word of chosen.text.split(/[\\s\\u00ad]+/u).filter(Boolean)) add(word, select, [select.getBoundingClientRect()]);
  }
  for (const input of document.querySelectorAll('input[type=submit], input[type=button], input[type=reset]')) {
    for (const word of input.value.split(/\\s+/u).filter(Boolean)) add(word, input, [input.getBoundingClientRect()]);
  }
  return words;
})()`;

/** Runs of letters and digits: punctuation is where inline elements cut words (`<a>Call</a>.`, `$19</span><span>/month`). */
const WORD = /[\p{L}\p{N}]+/gu;

/** The words of the page as the reader sees them: runs of letters and digits, each with how it is seen. */
export async function seenWords(page: Page): Promise<SeenWord[]> {
  const read = (await page.evaluate(READ_WORDS)) as SeenWord[];
  return read.flatMap((seen) => (seen.word.normalize('NFC').match(WORD) ?? []).map((word) => ({ ...seen, word })));
}

/** The least contrast that large and bold text needs (WCAG's level for large text and for what is not text). */
export const MIN_CONTRAST = 3;

export interface Readability {
  /** Words the source shows. */
  readonly total: number;
  /** Of those, how many the result shows, readable or not. */
  readonly visible: number;
  /** Source words the result does not show: missing, or there but hidden (with why). */
  readonly unseen: string[];
  /** Words shown with contrast under MIN_CONTRAST (with the ratio). */
  readonly lowContrast: string[];
  /** Words shown on an image or gradient. */
  readonly onImage: number;
  /** Words on an image in the result without the colour under the image that the source gave them. */
  readonly imageWithoutColour: string[];
}

const rank = (seen: SeenWord) => (seen.hidden ? 3 : seen.onImage ? (seen.colourUnderImage ? 1 : 2) : seen.contrast >= MIN_CONTRAST ? 0 : 2);

/**
 * Each word the source shows is looked for among the result's words (each occurrence used once,
 * the most readable first): shown or not, and how readable.
 */
export function compareWords(source: readonly SeenWord[], result: readonly SeenWord[]): Readability {
  const pool = new Map<string, SeenWord[]>();
  for (const seen of result) pool.set(seen.word, [...(pool.get(seen.word) ?? []), seen]);
  for (const list of pool.values()) list.sort((a, b) => rank(a) - rank(b));
  const shown = source.filter((seen) => !seen.hidden);
  const out = { total: shown.length, visible: 0, unseen: [] as string[], lowContrast: [] as string[], onImage: 0, imageWithoutColour: [] as string[] };
  for (const want of shown) {
    const found = pool.get(want.word)?.shift();
    if (!found) {
      out.unseen.push(`${want.word} (missing)`);
      continue;
    }
    if (found.hidden) {
      out.unseen.push(`${want.word} (${found.hidden})`);
      continue;
    }
    out.visible++;
    if (found.onImage) {
      out.onImage++;
      if (want.colourUnderImage && !found.colourUnderImage) out.imageWithoutColour.push(want.word);
    } else if (found.contrast < MIN_CONTRAST) out.lowContrast.push(`${want.word} (${found.contrast}:1)`);
  }
  return out;
}
