/**
 * Hostile and broken markup of any size, for the converter's tests and its benchmark: each shape
 * repeats a piece of HTML until it is about `bytes` long. Most nest without end (unclosed tags),
 * the rest are wide (many siblings, attributes or words). Not used by the product.
 */

const repeat = (piece: string, bytes: number) => piece.repeat(Math.max(1, Math.ceil(bytes / piece.length)));

function manyAttributes(bytes: number): string {
  const names: string[] = [];
  for (let size = 0, i = 0; size < bytes; i++) {
    names.push(` a${i}`);
    size += names.at(-1)!.length;
  }
  return `<div${names.join('')}>x</div>`;
}

export const HOSTILE_SHAPES = {
  'unclosed <div>': (bytes: number) => `${repeat('<div>', bytes)}x`,
  'unclosed <div> with text': (bytes: number) => repeat('<div>x', bytes),
  'unclosed <p>': (bytes: number) => repeat('<p>x', bytes),
  'unclosed <b>': (bytes: number) => repeat('<b>x', bytes),
  'unclosed <table>': (bytes: number) => `${repeat('<table>', bytes)}x`,
  'nested tables': (bytes: number) => repeat('<table><tr><td>x', bytes),
  'unclosed <li>': (bytes: number) => repeat('<li>x', bytes),
  'unclosed <a>': (bytes: number) => repeat('<a href="#">x', bytes),
  'nested <ul><li>': (bytes: number) => repeat('<ul><li>x', bytes),
  'nested inline elements': (bytes: number) => repeat('<span><b><i><u>x', bytes),
  'a link around a box, nested': (bytes: number) => `${repeat('<a href="#"><div>', bytes / 2)}${repeat('<span>x</span> ', bytes / 2)}`,
  'nested quotes': (bytes: number) => repeat('<figure><blockquote><p>q</p><h3>x</h3>', bytes),
  'closing tags of nothing open': (bytes: number) => `${repeat('<div></b>', bytes)}x`,
  'nested SVG': (bytes: number) => `<p>shown</p>${repeat('<svg><foreignObject>', bytes)}x`,
  'nested grids': (bytes: number) => repeat('<div class="grid grid-cols-2"><div>a</div><div>', bytes),
  'one element, a hundred thousand attributes': manyAttributes,
  'a huge text node': (bytes: number) => `<p>${repeat('word ', bytes)}</p>`,
  'many sections': (bytes: number) => repeat('<section><h2>Title</h2><p>Some text</p></section>', bytes),
  'a wide table row': (bytes: number) => `<table><tr>${repeat('<td>x', bytes)}</tr></table>`,
} as const satisfies Record<string, (bytes: number) => string>;

export type HostileShape = keyof typeof HOSTILE_SHAPES;
export const HOSTILE_SHAPE_NAMES = Object.keys(HOSTILE_SHAPES) as HostileShape[];
