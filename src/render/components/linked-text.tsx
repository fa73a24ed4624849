import type { ReactNode } from 'react';
import type { ComponentNode, TreeNode } from '../../shared/landing-pages/types.ts';
import { safeHref } from '../safe-url.ts';

/*
 * Links that converted pages keep (src/shared/landing-pages/converter): a link inside running text is
 * stored on its text component as a (text, href) pair in `links`; a link standing on its own as the
 * `href` of a button, an image or a box; an element a link of the page points to (#pricing) keeps
 * its id as `anchor`. No editor field sets them; the renderer shows them so /lp keeps the page's links.
 */

export interface TextLink {
  readonly text: string;
  readonly href: string;
}

/** The `links` of a node, keeping only well-formed pairs. */
export function textLinks(node: TreeNode): TextLink[] {
  const value = node.props.links;
  if (!Array.isArray(value)) return [];
  return value.filter((link): link is TextLink => typeof link?.text === 'string' && link.text !== '' && typeof link?.href === 'string');
}

/** A node's `href` (a converted link standing on its own), if it has one. */
export function linkOf(node: TreeNode): string | undefined {
  return typeof node.props.href === 'string' && node.props.href.trim() !== '' ? safeHref(node.props.href) : undefined;
}

/** A node's `anchor` as an id attribute. */
export function anchorOf(node: TreeNode): string | undefined {
  return typeof node.props.anchor === 'string' && node.props.anchor !== '' ? node.props.anchor : undefined;
}

/** Whether anything inside a node is a link (a box holding one cannot itself be a link: links do not nest). */
export function holdsLinks(node: ComponentNode): boolean {
  return (node.components ?? []).some((child) => linkOf(child) !== undefined || textLinks(child).length > 0 || child.type === 'socialLinks' || child.type === 'cta' || holdsLinks(child));
}

/**
 * Text with its links, found in order from `links[from]`: each link's text, where it next occurs,
 * becomes an <a>. Returns the pieces and the index of the first link not placed (a list hands it to
 * its next item).
 */
export function linkText(text: string, links: readonly TextLink[], from = 0): { pieces: ReactNode[]; next: number } {
  const pieces: ReactNode[] = [];
  let at = 0;
  let next = from;
  while (next < links.length) {
    const link = links[next]!;
    const index = text.indexOf(link.text, at);
    if (index < 0) break;
    if (index > at) pieces.push(text.slice(at, index));
    pieces.push(
      <a key={next} href={safeHref(link.href)} className="underline hover:no-underline">
        {link.text}
      </a>,
    );
    at = index + link.text.length;
    next++;
  }
  if (at < text.length) pieces.push(text.slice(at));
  return { pieces, next };
}

export function LinkedText({ text, links }: { text: string; links: readonly TextLink[] }) {
  return <>{linkText(text, links).pieces}</>;
}
