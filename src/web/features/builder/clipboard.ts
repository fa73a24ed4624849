import { CONTENT_MAX } from '@shared/landing-pages/api.ts';
import { CONVERTER_MESSAGES } from '@shared/landing-pages/converter/messages.ts';
import { convertHtml } from '@shared/landing-pages/converter/convert-html.ts';
import { DocumentError } from '@shared/landing-pages/document-error.ts';
import { newNodeId, type IdMaker } from '@shared/landing-pages/ids.ts';
import { locate, nodeIndex } from '@shared/landing-pages/node-index.ts';
import { addComponent, addSection } from '@shared/landing-pages/operations/add.ts';
import { copyWithFreshIds } from '@shared/landing-pages/operations/duplicate.ts';
import { parseContent, serializeContent } from '@shared/landing-pages/parse-content.ts';
import { nodeAtPath } from '@shared/landing-pages/tree.ts';
import { definitionOf } from '@shared/landing-pages/component-definitions.ts';
import type { ComponentNode, PageContent, SectionNode } from '@shared/landing-pages/types.ts';

/**
 * Copy and paste of a section or a component, through the system clipboard so it works between tabs
 * and windows: the clipboard holds our document model as JSON text, marked with CLIP_FORMAT, and a
 * paste checks it with the same parser that reads stored pages before anything is inserted.
 */
export const CLIP_FORMAT = 'mycrm.builder-node';

export type Clip = { readonly kind: 'section'; readonly node: SectionNode } | { readonly kind: 'component'; readonly node: ComponentNode };

export const CLIPBOARD_MESSAGES = {
  copied: (label: string) => `Copied the ${label}: paste it with Ctrl+V (Cmd+V on a Mac)`,
  copyFailed: (reason: string) => `Could not copy to the clipboard: ${reason}`,
  notPasted: 'Not pasted',
  nowhere: 'Add a section first: there is nowhere to paste into',
  tooLarge: (megabytes: string) => `the page would be ${megabytes} MB, more than a page can hold (${CONTENT_MAX / 1_000_000} MB): paste less at a time`,
} as const;

/** The clipboard text for a node of the page (a section when it sits at the top); null when it is gone. */
export function clipText(doc: PageContent, id: string): string | null {
  if (stillThere(doc, id) === null) return null;
  const { node, path } = locate(doc, id);
  return JSON.stringify({ format: CLIP_FORMAT, kind: path.length === 1 ? 'section' : 'component', node });
}

/** The node a clipboard text holds, checked as stored content is; null for any other text. */
export function readClip(text: string): Clip | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { format, kind, node } = data as Record<string, unknown>;
  if (format !== CLIP_FORMAT || (kind !== 'section' && kind !== 'component')) return null;
  const page = kind === 'section' ? [node] : [{ id: `${CLIP_FORMAT}.section`, type: 'section', props: {}, styles: {}, components: [node] }];
  const parsed = parseContent(JSON.stringify(page));
  if (!parsed.ok || parsed.source !== 'stored' || parsed.content.length !== 1) return null;
  const section = parsed.content[0]!;
  if (kind === 'section') return { kind, node: section };
  return section.components.length === 1 ? { kind, node: section.components[0]! } : null;
}

/** The selection, when it is still on the page (a removed ancestor takes it along). */
function stillThere(doc: PageContent, id: string | null): string | null {
  return id !== null && nodeIndex(doc).has(id) ? id : null;
}

/** Where a pasted section goes: after the section holding the selection, else at the end. */
function sectionIndexAfter(doc: PageContent, selectedId: string | null): number {
  const id = stillThere(doc, selectedId);
  return id === null ? doc.length : locate(doc, id).path[0]! + 1;
}

/**
 * The page with a copy of the clip (every id new) pasted, and the copy's id. A component goes into
 * the selected section or container (at its end), or after the selected component; with nothing
 * selected, at the end of the last section. A section goes after the selection's section.
 */
export function pasteClip(doc: PageContent, clip: Clip, selectedId: string | null, makeId: IdMaker = newNodeId): { doc: PageContent; id: string } {
  if (clip.kind === 'section') {
    const section = copyWithFreshIds(clip.node, makeId);
    return { doc: addSection(doc, { section, index: sectionIndexAfter(doc, selectedId) }), id: section.id };
  }
  const component = copyWithFreshIds(clip.node, makeId);
  const selected = stillThere(doc, selectedId);
  if (selected === null) {
    const last = doc.at(-1);
    if (!last) throw new DocumentError('not-found', CLIPBOARD_MESSAGES.nowhere);
    return { doc: addComponent(doc, { parentId: last.id, component }), id: component.id };
  }
  const { node, path } = locate(doc, selected);
  const holds = path.length === 1 || node.type === 'gridCell' || definitionOf(node.type)?.children === 'any';
  if (holds) return { doc: addComponent(doc, { parentId: node.id, component }), id: component.id };
  const parent = nodeAtPath(doc, path.slice(0, -1))!;
  return { doc: addComponent(doc, { parentId: parent.id, component, index: path.at(-1)! + 1 }), id: component.id };
}

export type HtmlPaste = { readonly ok: true; readonly doc: PageContent; readonly sections: number } | { readonly ok: false; readonly message: string };

/**
 * Pasted HTML converted by the shared converter and its sections put after the selection's
 * section. Refused, with the converter's messages, when nothing converts, and when
 * the page would grow past what a save can hold (a 1 MB page converts to several MB of JSON).
 */
export function pasteHtml(doc: PageContent, html: string, selectedId: string | null, makeId: IdMaker = newNodeId): HtmlPaste {
  let converted;
  try {
    converted = convertHtml(html, { makeId });
  } catch (error) {
    return { ok: false, message: CONVERTER_MESSAGES.builderError(error instanceof Error ? error.message : String(error)) };
  }
  if (!converted.ok) {
    const message = converted.message === CONVERTER_MESSAGES.noContent ? converted.message : CONVERTER_MESSAGES.builderError(converted.message);
    return { ok: false, message };
  }
  const at = sectionIndexAfter(doc, selectedId);
  const next = [...doc.slice(0, at), ...converted.sections, ...doc.slice(at)];
  const tooLarge = sizeProblem(next);
  if (tooLarge) return { ok: false, message: CONVERTER_MESSAGES.builderError(tooLarge) };
  return { ok: true, doc: next, sections: converted.sections.length };
}

/** Why the page could not be saved for its size (its saved JSON over CONTENT_MAX), or null when it can. */
export function sizeProblem(doc: PageContent): string | null {
  const size = serializeContent(doc).length;
  return size > CONTENT_MAX ? CLIPBOARD_MESSAGES.tooLarge((size / 1_000_000).toFixed(1)) : null;
}

/** Whether pasted text is HTML to convert rather than words: it starts with a tag. */
export const looksLikeHtml = (text: string) => /^\s*<(?:!doctype|[a-z])/i.test(text);
