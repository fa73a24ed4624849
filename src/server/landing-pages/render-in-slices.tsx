import { randomUUID } from 'node:crypto';
import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { RenderContext } from '../../render/render-context.ts';
import { RenderNode } from '../../render/render-node.tsx';
import { nodeUnits } from '../../shared/landing-pages/render-cost.ts';
import { childrenOf } from '../../shared/landing-pages/tree.ts';
import type { ComponentNode } from '../../shared/landing-pages/types.ts';

/**
 * Renders a page's markup in slices of at most about SLICE_UNITS components, with a turn of the
 * event loop between two, so a large page never holds the server's only thread for long. React
 * renders a tree in one synchronous call; here the page's `renderChildren` renders children only
 * while the slice has room, and leaves a placeholder for the rest, which a later slice renders. The
 * pieces are put together in the end: the same HTML as one call would give.
 */

/** About 25 ms of rendering on a busy 2-core machine. */
const SLICE_UNITS = 250;

/** Lets requests that arrived meanwhile run before the next piece of work. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function renderInSlices(build: (ctx: RenderContext) => ReactElement, base: RenderContext, sliceUnits = SLICE_UNITS): Promise<string> {
  // Random per render: no text of the page's author can spell a placeholder.
  const id = randomUUID();
  const placeholder = (n: number) => `\uE000${id}:${n}\uE001`;
  const pattern = new RegExp(`\uE000${id}:(\\d+)\uE001`, 'g');
  const later: Array<readonly ComponentNode[]> = [];
  let spent = 0;

  const renderList = (nodes: readonly ComponentNode[], ctx: RenderContext): ReactNode[] => {
    const out: ReactNode[] = [];
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i]!;
      const units = nodeUnits(node);
      if (spent > 0 && spent + units > sliceUnits) {
        out.push(placeholder(later.length));
        later.push(nodes.slice(i));
        break;
      }
      spent += units;
      out.push(<RenderNode key={node.id} node={node} ctx={ctx} />);
    }
    return out;
  };
  const ctx: RenderContext = { ...base, renderChildren: (parent, ctx) => renderList(childrenOf(parent), ctx) };

  const first = renderToStaticMarkup(build(ctx));
  const parts: string[] = [];
  // `later` grows while its lists are rendered: each list's own leftovers come after it. A list
  // starts a new slice when its first node does not fit, so every part renders at least that node.
  for (let n = 0; n < later.length; n++) {
    const nodes = later[n]!;
    if (spent > 0 && spent + nodeUnits(nodes[0]!) > sliceUnits) {
      await yieldToEventLoop();
      spent = 0;
    }
    parts.push(renderToStaticMarkup(<>{renderList(nodes, ctx)}</>));
  }
  return assemble(first, parts, pattern);
}

/** The markup with every placeholder replaced by its part (whose own placeholders are replaced too), in one pass. */
function assemble(first: string, parts: readonly string[], pattern: RegExp): string {
  const out: string[] = [];
  const stack = [{ text: first, at: 0 }];
  while (stack.length > 0) {
    const frame = stack.at(-1)!;
    pattern.lastIndex = frame.at;
    const match = pattern.exec(frame.text);
    if (!match) {
      out.push(frame.text.slice(frame.at));
      stack.pop();
      continue;
    }
    out.push(frame.text.slice(frame.at, match.index));
    frame.at = match.index + match[0].length;
    stack.push({ text: parts[Number(match[1])]!, at: 0 });
  }
  return out.join('');
}
