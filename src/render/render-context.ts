import type { CSSProperties, ReactNode } from 'react';
import { inlineStyle } from '../shared/landing-pages/custom-css.ts';
import type { ComponentNode, Styles, TreeNode } from '../shared/landing-pages/types.ts';

/**
 * What every node component gets besides its node. Passed down as a prop, not React context, so a
 * node component is a pure function of (node, ctx): the builder canvas keeps one ctx object and
 * memoises each node by its identity.
 */
export interface RenderContext {
  /** The page's slug on /lp: its sections with form fields post there. None in the builder, so no forms. */
  readonly slug?: string;
  /** The consent statement a public page's forms show (and whose version they send). */
  readonly consent?: LpConsent;
  /**
   * Renders a node's children (its components; a grid's cells). The public page maps them through
   * RenderNode; the builder wraps each in its editing chrome, and can show a drop target for a
   * parent that has none.
   */
  readonly renderChildren: (parent: TreeNode, ctx: RenderContext) => ReactNode;
}

/** A landing page's consent statement: its version, and its text in the page's language. */
export interface LpConsent {
  readonly version: number;
  readonly text: string;
}

export interface NodeProps {
  readonly node: ComponentNode;
  readonly ctx: RenderContext;
}

/**
 * A node's style attribute: styles its props imply (a spacer's height, a container's maximum width),
 * then the node's styles, then its customCSS; junk values are left out (custom-css.ts).
 */
export function nodeStyle(node: TreeNode, fromProps: Styles = {}): CSSProperties | undefined {
  const style = { ...inlineStyle(fromProps), ...inlineStyle(node.styles) };
  return Object.keys(style).length > 0 ? (style as CSSProperties) : undefined;
}
