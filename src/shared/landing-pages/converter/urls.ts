import type { Element } from 'domhandler';
import type { SOCIAL_PLATFORMS } from '../constants.ts';
import { attr, classTokens, elementChildren, isElement } from './dom.ts';

/**
 * Link and image addresses as a converted page keeps them: relative ones made absolute against the
 * page's address when the HTML came from a URL (so its images still load at /lp), and nothing that
 * would run script when clicked.
 */
export interface UrlResolver {
  /** A link target, or undefined when it is empty or unsafe (javascript:, data:, vbscript: ...). */
  href(raw: string | undefined): string | undefined;
  /** An image or video source, or undefined when it is empty or unsafe. */
  src(raw: string | undefined): string | undefined;
}

const SAFE_LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const SAFE_SOURCE_SCHEMES = new Set(['http:', 'https:']);
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** Browsers ignore tabs and newlines inside URLs ('java\tscript:' runs); so does the scheme check. */
const URL_NOISE = /[\t\n\r]/g;

/**
 * `base`: the page's address (the URL it was fetched from), combined with its `<base href>`.
 * `onRelative` hears of a relative address kept as it is (there was no base to resolve it against).
 */
export function urlResolver(base: string | undefined, onRelative: () => void = () => {}): UrlResolver {
  let baseUrl: URL | undefined;
  try {
    baseUrl = base ? new URL(base) : undefined;
  } catch {
    baseUrl = undefined;
  }

  function resolve(raw: string | undefined, schemes: ReadonlySet<string>, allowImageData: boolean): string | undefined {
    const value = raw?.replace(URL_NOISE, '').trim();
    if (!value) return undefined;
    if (HAS_SCHEME.test(value)) {
      const scheme = value.slice(0, value.indexOf(':') + 1).toLowerCase();
      if (allowImageData && scheme === 'data:') return /^data:image\/(?:png|jpe?g|gif|webp|avif);/i.test(value) ? value : undefined;
      return schemes.has(scheme) ? value : undefined;
    }
    // Fragments point into the converted page itself; protocol-relative and relative ones into the source site.
    if (value.startsWith('#')) return value;
    if (!baseUrl) {
      if (!value.startsWith('//')) onRelative();
      return value;
    }
    try {
      return new URL(value, baseUrl).href;
    } catch {
      return undefined;
    }
  }

  return {
    href: (raw) => resolve(raw, SAFE_LINK_SCHEMES, false),
    src: (raw) => resolve(raw, SAFE_SOURCE_SCHEMES, true),
  };
}

/** The page's address combined with its `<base href>`, if it has one. */
export function documentBase(pageUrl: string | undefined, baseHref: string | undefined): string | undefined {
  if (!baseHref) return pageUrl;
  try {
    return new URL(baseHref, pageUrl).href;
  } catch {
    return pageUrl;
  }
}

/** Class names frameworks give a link drawn as a button (btn, elementor-button, wp-block-button__link, w-button ...). */
const BUTTON_CLASS = /(?:^|[-_])(?:btn|button|cta)(?:$|[-_])/i;
const BACKGROUND_CLASS = /^(?:[a-z0-9-]+:)*bg-(?!transparent$|none$|clip|opacity|origin|repeat|no-repeat|cover|contain|center|fixed|local|scroll)/;
const PADDING_CLASS = /^(?:[a-z0-9-]+:)*p[xy]?-/;
const BORDER_CLASS = /^(?:[a-z0-9-]+:)*(?:border|ring-1|ring-inset|ring-2)$/;
const ROUNDED_CLASS = /^(?:[a-z0-9-]+:)*rounded/;

/**
 * Whether a link is drawn as a button: a framework's button class, role=button, a page builder's
 * 'Button' layer, or Tailwind utilities that make a padded, rounded, filled (or outlined) box.
 */
export function isButtonLike(el: Element): boolean {
  if (attr(el, 'role') === 'button') return true;
  if (/button|cta/i.test(el.attribs['data-framer-name'] ?? '')) return true;
  const tokens = classTokens(el);
  if (tokens.some((token) => BUTTON_CLASS.test(token))) return true;
  // Drawn by a style attribute (site builders): padded, rounded, and filled or outlined.
  const style = (el.attribs.style ?? '').toLowerCase();
  if (/padding/.test(style) && /border-radius/.test(style) && /background(?:-color)?\s*:|border\s*:|box-shadow\s*:/.test(style)) return true;
  const padded = tokens.some((t) => PADDING_CLASS.test(t));
  const rounded = tokens.some((t) => ROUNDED_CLASS.test(t));
  const filled = tokens.some((t) => BACKGROUND_CLASS.test(t));
  const outlined = tokens.some((t) => BORDER_CLASS.test(t));
  return padded && rounded && (filled || outlined);
}

/**
 * The button variant a button's classes suggest (primary, secondary, outline, ghost),
 * its wrapper's included when it wraps only the button (WordPress puts is-style-outline there).
 */
export function buttonVariant(el: Element): 'primary' | 'secondary' | 'outline' | 'ghost' {
  const parent = el.parent && isElement(el.parent) && elementChildren(el.parent).length === 1 ? el.parent : undefined;
  const classes = `${el.attribs.class ?? ''} ${el.attribs['data-framer-name'] ?? ''} ${parent?.attribs.class ?? ''}`;
  if (/outline|(?:^|\s)(?:[a-z0-9-]+:)*(?:border|ring-1|ring-inset)(?:\s|$)/i.test(classes) && !/(?:^|\s)(?:[a-z0-9-]+:)*bg-(?!transparent|white)/.test(classes)) {
    return 'outline';
  }
  if (/secondary|btn-light|btn-default|is-style-outline/i.test(classes)) return 'secondary';
  if (/ghost|btn-link|text-link|link-button/i.test(classes)) return 'ghost';
  return 'primary';
}

const SOCIAL_HOSTS: ReadonlyArray<[RegExp, (typeof SOCIAL_PLATFORMS)[number]]> = [
  [/(?:^|\.)facebook\.com$|(?:^|\.)fb\.com$/, 'facebook'],
  [/(?:^|\.)twitter\.com$|(?:^|\.)x\.com$/, 'twitter'],
  [/(?:^|\.)linkedin\.com$/, 'linkedin'],
  [/(?:^|\.)instagram\.com$/, 'instagram'],
];

/** The social platform (of the socialLinks component) a link points to, if any. */
export function socialPlatform(href: string): (typeof SOCIAL_PLATFORMS)[number] | undefined {
  let host: string;
  try {
    host = new URL(href).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  return SOCIAL_HOSTS.find(([pattern]) => pattern.test(host))?.[1];
}
