import type { Styles } from './types.ts';

/** A style object as React takes it: camelCase properties (custom properties as written). */
export type StyleObject = Record<string, string | number>;

const CSS_PROPERTY = /^(?:--[A-Za-z0-9_-]+|-?[a-z][a-z0-9]*(?:-[a-z0-9]+)*)$/;
const CAMEL_PROPERTY = /^(?:--[A-Za-z0-9_-]+|[A-Za-z][A-Za-z0-9]*)$/;
/** Values that could break out of a declaration, or carry markup, are junk, not CSS a person meant. */
const UNSAFE_VALUE = /[{}<>\p{Cc}]|expression\s*\(|javascript:/iu;
const MAX_VALUE_LENGTH = 2_000;

/** Splits on `;` outside quotes and parentheses, so url("a;b") stays one declaration. */
function declarations(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quote: string | null = null;
  let depth = 0;
  for (const char of text) {
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (char === ';' && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  parts.push(current);
  return parts;
}

/** 'background-color' → 'backgroundColor', '-webkit-line-clamp' → 'WebkitLineClamp', '-ms-flex' → 'msFlex'. */
export function cssPropertyToCamel(property: string): string {
  if (property.startsWith('--')) return property;
  const name = property.startsWith('-ms-') ? property.slice(1) : property;
  return name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** 'backgroundColor' → 'background-color', 'WebkitLineClamp' → '-webkit-line-clamp', 'msFlex' → '-ms-flex'. */
export function camelToCssProperty(name: string): string {
  if (name.startsWith('--')) return name;
  const kebab = name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return name.startsWith('ms') && /^ms[A-Z]/.test(name) ? `-${kebab}` : kebab;
}

function cleanValue(value: string | number): string | number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.replace(/!\s*important\s*$/i, '').trim();
  return text === '' || text.length > MAX_VALUE_LENGTH || UNSAFE_VALUE.test(text) ? null : text;
}

/** One declaration of a customCSS string as a style entry, or null when it is junk (see parseCustomCss). */
function readDeclaration(declaration: string): [string, string | number] | null {
  const colon = declaration.indexOf(':');
  if (colon < 0) return null;
  const raw = declaration.slice(0, colon).trim();
  const property = raw.startsWith('--') ? raw : raw.toLowerCase();
  const value = cleanValue(declaration.slice(colon + 1));
  return CSS_PROPERTY.test(property) && value !== null ? [cssPropertyToCamel(property), value] : null;
}

/**
 * The style object of a customCSS string ('color: red; background-color: #fff'). Declarations
 * without a property, a value or a colon, with a property that is not CSS-shaped, or with a value
 * that is junk are skipped; `!important` is dropped (an inline style has nothing to outrank); a later
 * declaration of a property wins.
 */
export function parseCustomCss(text: unknown): StyleObject {
  const style: StyleObject = {};
  if (typeof text !== 'string') return style;
  for (const declaration of declarations(text)) {
    const entry = readDeclaration(declaration);
    if (entry) style[entry[0]] = entry[1];
  }
  return style;
}

/** The declarations of a customCSS string that parseCustomCss skips, as written (blank ones aside). */
export function skippedCustomCss(text: string): string[] {
  return declarations(text)
    .map((declaration) => declaration.trim())
    .filter((declaration) => declaration !== '' && readDeclaration(declaration) === null);
}

/** The customCSS text of a style object, one 'property: value' per declaration. */
export function formatCustomCss(style: Readonly<StyleObject>): string {
  return Object.entries(style)
    .map(([name, value]) => `${camelToCssProperty(name)}: ${value}`)
    .join('; ');
}

/**
 * The inline style of a node: its style controls' values, then its customCSS on top, with junk
 * keys and values left out. What the renderer puts on the element.
 */
export function inlineStyle(styles: Styles): StyleObject {
  const style: StyleObject = {};
  for (const [name, value] of Object.entries(styles)) {
    if (name === 'customCSS' || !CAMEL_PROPERTY.test(name)) continue;
    const clean = cleanValue(value);
    if (clean !== null) style[name] = clean;
  }
  return { ...style, ...parseCustomCss(styles.customCSS) };
}
