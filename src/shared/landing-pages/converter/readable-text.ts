import { formatCustomCss, parseCustomCss, type StyleObject } from '../custom-css.ts';
import type { ComponentNode, SectionNode } from '../types.ts';

/**
 * Text that stays readable once converted. A page's text colour was chosen for a background, and a
 * converted page may keep the one without the other: the source's stylesheet (a CDN's, a theme's)
 * painted the dark box that \`text-white\` was meant for. So, after conversion, each piece of text is
 * judged on what the published page will draw behind it: the backgrounds its converted boxes carry
 * (classes of Tailwind's palette, colours in their style), on the page's white. Where text would
 * stand at less than 3:1 against that, its colour goes: the colour around it if that reads, else
 * white or near-black, whichever reads better. Text on an image or gradient is left alone (what is
 * behind it is not known), as is text in components that draw their own box (cards, forms).
 */

/** Relative luminance of Tailwind's palette and the landing pages' theme, shades 50 to 950 (null: no such shade). */
const PALETTE: Readonly<Record<string, ReadonlyArray<number | null>>> = {
  accent: [0.939, 0.866, 0.726, 0.573, 0.414, 0.325, 0.245, 0.153, 0.094, 0.062, null],
  amber: [0.963, 0.893, 0.792, 0.676, 0.561, 0.439, 0.279, 0.158, 0.097, 0.066, 0.02],
  blue: [0.913, 0.811, 0.688, 0.53, 0.348, 0.229, 0.15, 0.104, 0.069, 0.051, 0.021],
  cyan: [0.959, 0.887, 0.793, 0.677, 0.53, 0.394, 0.242, 0.149, 0.095, 0.065, 0.028],
  emerald: [0.946, 0.875, 0.77, 0.642, 0.493, 0.376, 0.236, 0.146, 0.089, 0.058, 0.019],
  fuchsia: [0.927, 0.852, 0.716, 0.542, 0.357, 0.247, 0.175, 0.117, 0.076, 0.054, 0.021],
  gray: [0.956, 0.904, 0.799, 0.663, 0.353, 0.167, 0.089, 0.052, 0.022, 0.009, 0.002],
  green: [0.953, 0.905, 0.817, 0.701, 0.541, 0.422, 0.276, 0.162, 0.098, 0.066, 0.02],
  indigo: [0.889, 0.802, 0.653, 0.473, 0.287, 0.179, 0.113, 0.08, 0.054, 0.042, 0.016],
  lime: [0.965, 0.918, 0.85, 0.756, 0.634, 0.487, 0.293, 0.162, 0.099, 0.07, 0.022],
  mauve: [null, 0.884, 0.782, 0.644, 0.356, 0.156, 0.08, 0.047, 0.018, 0.009, 0.003],
  mist: [0.962, 0.894, 0.793, 0.664, 0.38, 0.178, 0.092, 0.055, 0.021, 0.01, 0.003],
  olive: [0.965, 0.902, 0.805, 0.683, 0.402, 0.197, 0.102, 0.062, 0.024, 0.012, 0.004],
  orange: [0.94, 0.865, 0.724, 0.566, 0.391, 0.313, 0.242, 0.151, 0.093, 0.061, 0.017],
  pink: [0.911, 0.843, 0.708, 0.527, 0.331, 0.243, 0.181, 0.128, 0.083, 0.058, 0.02],
  primary: [0.907, 0.834, 0.706, 0.519, 0.336, 0.198, 0.134, 0.098, 0.067, 0.046, null],
  purple: [0.929, 0.839, 0.719, 0.539, 0.327, 0.205, 0.14, 0.098, 0.068, 0.046, 0.02],
  red: [0.911, 0.81, 0.675, 0.497, 0.313, 0.225, 0.17, 0.114, 0.075, 0.054, 0.015],
  rose: [0.905, 0.824, 0.693, 0.496, 0.317, 0.23, 0.183, 0.123, 0.083, 0.059, 0.017],
  sky: [0.935, 0.864, 0.741, 0.58, 0.431, 0.337, 0.211, 0.129, 0.09, 0.061, 0.026],
  slate: [0.953, 0.908, 0.802, 0.657, 0.35, 0.17, 0.089, 0.052, 0.022, 0.009, 0.002],
  stone: [0.956, 0.913, 0.786, 0.656, 0.355, 0.168, 0.087, 0.052, 0.019, 0.01, 0.003],
  taupe: [0.958, 0.884, 0.783, 0.653, 0.362, 0.162, 0.083, 0.049, 0.019, 0.01, 0.003],
  teal: [0.957, 0.882, 0.783, 0.66, 0.514, 0.372, 0.23, 0.142, 0.088, 0.061, 0.023],
  violet: [0.907, 0.833, 0.705, 0.514, 0.318, 0.189, 0.129, 0.094, 0.065, 0.045, 0.019],
  yellow: [0.964, 0.928, 0.852, 0.744, 0.62, 0.499, 0.308, 0.163, 0.103, 0.071, 0.022],
  zinc: [null, 0.904, 0.778, 0.66, 0.349, 0.167, 0.086, 0.05, 0.021, 0.009, 0.003],
};
const SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950];

const MIN_CONTRAST = 3;
const WHITE = 1;
/** The published page's text colour (its body is text-gray-900 on white). */
const PAGE_TEXT = PALETTE.gray![9]!;
const DARK_TEXT_CLASS = 'text-gray-900';

interface Colour {
  readonly luminance: number;
  readonly alpha: number;
}

/** The luminance of a colour Tailwind names ('white', 'gray-900'), with an opacity ('white/50'). */
function paletteColour(name: string, opacity: string | undefined): Colour | undefined {
  const alpha = opacity === undefined ? 1 : Math.min(100, Number(opacity)) / 100;
  if (name === 'white') return { luminance: WHITE, alpha };
  if (name === 'black') return { luminance: 0, alpha };
  if (name === 'transparent') return { luminance: WHITE, alpha: 0 };
  const match = /^([a-z]+)-(\d{2,3})$/.exec(name);
  const luminance = match ? PALETTE[match[1]!]?.[SHADES.indexOf(Number(match[2]))] : undefined;
  return typeof luminance === 'number' ? { luminance, alpha } : undefined;
}

const channel = (value: number) => {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** A CSS colour the reader can weigh: hex, rgb() and rgba(), white, black and transparent. */
export function cssColour(value: string): Colour | undefined {
  const text = value.trim().toLowerCase();
  if (text === 'white' || text === 'black' || text === 'transparent') return paletteColour(text, undefined);
  let rgba: number[] | undefined;
  const hex = /^#([0-9a-f]{3,8})$/.exec(text)?.[1];
  if (hex && (hex.length === 3 || hex.length === 4)) rgba = [...hex].map((d) => parseInt(d + d, 16));
  else if (hex && (hex.length === 6 || hex.length === 8)) rgba = hex.match(/../g)!.map((d) => parseInt(d, 16));
  const fn = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/.exec(text);
  if (fn) {
    const alpha = fn[4] === undefined ? 255 : fn[4].endsWith('%') ? (parseFloat(fn[4]) / 100) * 255 : parseFloat(fn[4]) * 255;
    rgba = [Number(fn[1]), Number(fn[2]), Number(fn[3]), alpha];
  }
  if (!rgba || rgba.slice(0, 3).some((v) => !(v >= 0 && v <= 255))) return undefined;
  const [r, g, b, a = 255] = rgba;
  return { luminance: 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!), alpha: Math.max(0, Math.min(1, a / 255)) };
}

const COLOUR_CLASS = /^(text|bg)-((?:[a-z]+-\d{2,3})|white|black|transparent)(?:\/(\d{1,3}))?$/;
const IMAGE_CLASS = /^bg-(?:gradient-|linear-|radial-|conic-|\[url)/;

/** The colour a class list gives text or background (the last class without a variant wins). */
function classColour(tokens: readonly string[], property: 'text' | 'bg'): Colour | 'image' | undefined {
  let found: Colour | 'image' | undefined;
  for (const token of tokens) {
    if (property === 'bg' && IMAGE_CLASS.test(token)) found = 'image';
    const match = COLOUR_CLASS.exec(token);
    if (match && match[1] === property) found = paletteColour(match[2]!, match[3]) ?? found;
  }
  return found;
}

const over = (top: Colour, below: number) => top.alpha * top.luminance + (1 - top.alpha) * below;
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** The button variants' own colours (the renderer draws them; a class of the page overrides them). */
const VARIANT_TEXT: Readonly<Record<string, number>> = { primary: WHITE, secondary: PALETTE.gray![9]!, outline: PALETTE.primary![7]!, ghost: PALETTE.primary![7]! };
const VARIANT_BACKGROUND: Readonly<Record<string, number | undefined>> = { primary: PALETTE.primary![6]!, secondary: PALETTE.gray![1]!, outline: undefined, ghost: undefined };

/** Components that draw their own box and colours, which hold together whatever the page around them. */
const OWN_LOOK = new Set(['testimonial', 'pricingCard', 'contactInfo', 'cta', 'hero', 'heroWithNavigation', 'socialLinks', 'input', 'textarea', 'select', 'checkbox', 'radio', 'image', 'video', 'youtube', 'divider', 'spacer']);
/** Components whose text takes the colour around them. */
const TEXT_TYPES = new Set(['heading', 'paragraph', 'list', 'button']);

interface Around {
  /** Luminance of what is behind, or 'image' when a picture or gradient is. */
  readonly background: number | 'image';
  /** Luminance of the text colour that reaches here. */
  readonly text: number;
}

/** A converted page whose text all reads against what the published page draws behind it. */
export function keepReadable(sections: readonly SectionNode[]): SectionNode[] {
  const page: Around = { background: WHITE, text: PAGE_TEXT };
  return sections.map((section) => visit(section, page) as SectionNode);
}

function visit<T extends ComponentNode | SectionNode>(node: T, around: Around): T {
  if (OWN_LOOK.has(node.type)) return node;
  const classes = String(node.props.tailwindClasses ?? '');
  const tokens = classes ? classes.split(' ').filter(Boolean) : [];
  const style = node.styles.customCSS ? parseCustomCss(node.styles.customCSS) : {};
  const variant = node.type === 'button' ? String(node.props.variant ?? 'primary') : undefined;
  const classBackground = tokens.length > 0 ? classColour(tokens, 'bg') : undefined;
  const classText = tokens.length > 0 ? classColour(tokens, 'text') : undefined;

  let background = around.background;
  const image = style.backgroundImage !== undefined || /url\(|gradient\(/i.test(String(style.background ?? '')) || classBackground === 'image';
  const styleBackground = style.backgroundColor !== undefined || style.background !== undefined ? cssColour(String(style.backgroundColor ?? style.background)) : undefined;
  const ownBackground = styleBackground ?? (classBackground !== 'image' ? classBackground : undefined);
  if (image || heldPicture(node)) background = 'image';
  else if (ownBackground && background !== 'image') background = over(ownBackground, background);
  else if (ownBackground) background = ownBackground.alpha === 1 ? ownBackground.luminance : 'image';
  else if (variant && VARIANT_BACKGROUND[variant] !== undefined && background !== 'image') background = VARIANT_BACKGROUND[variant]!;

  const styleText = style.color !== undefined ? cssColour(String(style.color)) : undefined;
  const ownText = styleText ?? (classText !== 'image' ? classText : undefined);
  const inherited = variant ? VARIANT_TEXT[variant]! : around.text;
  let text = ownText && background !== 'image' ? over(ownText, background) : ownText ? ownText.luminance : inherited;
  let fixed: T = node;
  if ((TEXT_TYPES.has(node.type) || ownText) && background !== 'image' && contrast(text, background) < MIN_CONTRAST) {
    const better = ownText && !variant && contrast(around.text, background) >= MIN_CONTRAST ? undefined : contrast(WHITE, background) >= contrast(PAGE_TEXT, background) ? 'text-white' : DARK_TEXT_CLASS;
    fixed = recoloured(node, tokens, style, better);
    text = better === undefined ? around.text : better === 'text-white' ? WHITE : PAGE_TEXT;
  }
  const children = (node as ComponentNode).components;
  if (!children) return fixed;
  const inside: Around = background === around.background && text === around.text ? around : { background, text };
  const visited = children.map((child) => visit(child, inside));
  // Untouched subtrees keep their identity (and cost no copies).
  return fixed === node && visited.every((child, index) => child === children[index]) ? node : { ...fixed, components: visited };
}

/** A box holding a picture laid out behind its content (absolute, covering it): what is behind the text is a photo. */
function heldPicture(node: ComponentNode | SectionNode): boolean {
  return (node.components ?? []).some((child) => child.type === 'image' && /(?:^|\s)absolute(?:\s|$)/.test(String(child.props.tailwindClasses ?? '')));
}

/** The node without its text colour (classes and style), and with `colour` (a class) if given. */
function recoloured<T extends ComponentNode | SectionNode>(node: T, tokens: readonly string[], style: StyleObject, colour: string | undefined): T {
  const kept = tokens.filter((token) => !(COLOUR_CLASS.exec(token)?.[1] === 'text'));
  const classes = [...kept, ...(colour ? [colour] : [])].join(' ');
  const { color: _dropped, ...rest } = style;
  const css = formatCustomCss(rest);
  const styles = { ...node.styles };
  delete (styles as Record<string, unknown>).customCSS;
  return { ...node, props: { ...node.props, tailwindClasses: classes }, styles: css ? { ...styles, customCSS: css } : styles };
}
