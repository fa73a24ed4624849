/** Rendering helpers for the renderer's tests (not used by the product). */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { ComponentNode, Props, Styles } from '../../shared/landing-pages/types.ts';
import { pageRenderContext, RenderNode } from '../render-node.tsx';
import type { RenderContext } from '../render-context.ts';

export type HtmlElement = ReturnType<typeof DomUtils.findAll>[number];

export interface Rendered {
  readonly html: string;
  /** Every element with this tag name, in document order. */
  all(tag: string): HtmlElement[];
  /** The first element with this tag name; fails the test when there is none. */
  one(tag: string): HtmlElement;
  /** Every element carrying this attribute. */
  withAttribute(name: string): HtmlElement[];
  /** The page's text, whitespace collapsed. */
  readonly text: string;
}

export function renderHtml(element: ReactElement): Rendered {
  const html = renderToStaticMarkup(element);
  const doc = parseDocument(html);
  const all = (tag: string) => DomUtils.findAll((el) => el.name === tag, doc.children);
  return {
    html,
    all,
    one(tag) {
      const [first] = all(tag);
      if (!first) throw new Error(`No <${tag}> in ${html}`);
      return first;
    },
    withAttribute: (name) => DomUtils.findAll((el) => name in el.attribs, doc.children),
    text: textOf(doc),
  };
}

type DomNode = Parameters<typeof DomUtils.textContent>[0];

/** The text of a node, one space between the texts of different elements, whitespace collapsed. */
export function textOf(node: DomNode): string {
  const parts: string[] = [];
  const visit = (each: DomNode) => {
    if (Array.isArray(each)) each.forEach(visit);
    else if ('data' in each && each.type === 'text') parts.push(each.data);
    else if ('children' in each) each.children.forEach(visit);
  };
  visit(node);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/** The element children of an element (no text). */
export function childElements(element: HtmlElement): HtmlElement[] {
  return element.children.filter((child): child is HtmlElement => 'attribs' in child && 'name' in child);
}

export function classesOf(element: HtmlElement): string[] {
  return (element.attribs.class ?? '').split(/\s+/).filter(Boolean);
}

/** A node as stored content has it: only the props given (the rest come from the type's defaults). */
export function node(type: string, props: Props = {}, styles: Styles = {}, components?: ComponentNode[]): ComponentNode {
  return { id: `${type}-1`, type, props, styles, ...(components ? { components } : {}) };
}

export function renderNode(component: ComponentNode, ctx: RenderContext = pageRenderContext()): Rendered {
  return renderHtml(<RenderNode node={component} ctx={ctx} />);
}
