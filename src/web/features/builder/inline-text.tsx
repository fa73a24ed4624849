import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type MouseEvent, type RefObject } from 'react';
import type { ComponentNode } from '@shared/landing-pages/types.ts';
import { useCanvasActions } from './canvas-actions.ts';

/**
 * Inline text editing on the canvas: a double-click on a text starts editing it in
 * place; Enter commits it (Shift+Enter breaks the line of a multi-line text), leaving the text
 * commits, Escape cancels. F2 on the selected component, or its toolbar's
 * Edit text button, starts the same from the keyboard. A commit is one change, so one undo step.
 *
 * The text is edited in the rendered element itself (contentEditable), so it keeps the page's look.
 * The element is drawn afresh for the edit and again after it, so React never meets the DOM the
 * user typed into.
 */
export interface InlineText {
  readonly prop: string;
  /** The element holding the text, inside the node's frame. */
  readonly selector: string;
  readonly multiline: boolean;
}

const TOP = ':scope > :not(.node-toolbar):not([data-placeholder])';

/** The texts each type lets the user edit on the canvas. */
const INLINE_TEXTS: Readonly<Record<string, readonly InlineText[]>> = {
  heading: [{ prop: 'text', selector: TOP, multiline: false }],
  paragraph: [{ prop: 'text', selector: TOP, multiline: true }],
  button: [{ prop: 'text', selector: TOP, multiline: false }],
  hero: [
    { prop: 'title', selector: 'h1', multiline: false },
    { prop: 'subtitle', selector: 'h1 + p', multiline: true },
  ],
  cta: [
    { prop: 'title', selector: 'h2', multiline: false },
    { prop: 'description', selector: 'h2 + p', multiline: true },
    { prop: 'buttonText', selector: 'h2 ~ a', multiline: false },
  ],
};

export const hasInlineText = (type: string) => Object.hasOwn(INLINE_TEXTS, type);

/** Which node was asked, from outside its frame (F2, the toolbar), to start editing its text. */
export class InlineEditRequests {
  private requested: string | null = null;
  private readonly listeners = new Set<() => void>();
  request(id: string) {
    this.requested = id;
    this.listeners.forEach((listener) => listener());
  }
  take(id: string) {
    if (this.requested === id) this.requested = null;
  }
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  readonly current = () => this.requested;
}

export const InlineEditContext = createContext<InlineEditRequests | null>(null);

/** A text as the user typed it: a single-line text keeps no line breaks. */
export function typedText(raw: string, multiline: boolean): string {
  const text = raw.replace(/\r\n?/g, '\n').replace(/\n$/, '');
  return multiline ? text : text.replace(/\s*\n\s*/g, ' ');
}

const isMod = (event: KeyboardEvent) => event.ctrlKey || event.metaKey;

/** Puts text where the caret is, in place of what is selected. */
function insertText(text: string) {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0) return;
  const range = selection.getRangeAt(0);
  range.deleteContents();
  const node = document.createTextNode(text);
  range.insertNode(node);
  range.setStartAfter(node);
  range.collapse(true);
  selection.removeAllRanges();
  selection.addRange(range);
}

/**
 * Makes `element` an editor of `original`, focused with the text selected; calls `done` once with
 * the typed text (Enter, not Shift+Enter when multi-line; leaving it) or null (Escape). Returns
 * the clean-up.
 */
function editInPlace(element: HTMLElement, options: { original: string; multiline: boolean; label: string }, done: (text: string | null) => void) {
  const { original, multiline, label } = options;
  element.textContent = original;
  // An empty text still shows a line to type on (the element is drawn afresh after the edit).
  element.style.minHeight = '1lh';
  element.contentEditable = 'plaintext-only';
  element.setAttribute('role', 'textbox');
  element.setAttribute('aria-label', label);
  element.setAttribute('aria-multiline', String(multiline));
  element.focus();
  const range = document.createRange();
  range.selectNodeContents(element);
  window.getSelection()?.removeAllRanges();
  window.getSelection()?.addRange(range);

  let finished = false;
  const finish = (commit: boolean) => {
    if (finished) return;
    finished = true;
    done(commit ? typedText(element.innerText, multiline) : null);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      finish(false);
    } else if (event.key === 'Enter' && !(multiline && event.shiftKey)) {
      event.preventDefault();
      finish(true);
    } else if (event.key === ' ' && element instanceof HTMLButtonElement) {
      // A button takes Space as a press, even while its label is edited: type it instead.
      event.preventDefault();
      insertText(' ');
    } else if (isMod(event) && event.key.toLowerCase() === 's') {
      // Save saves what was typed: commit first, and let the builder's shortcut run.
      finish(true);
      return;
    }
    // The builder's shortcuts (undo, the arrows) keep their text meaning while typing.
    event.stopPropagation();
  };
  const onBlur = () => finish(true);
  element.addEventListener('keydown', onKey);
  element.addEventListener('blur', onBlur);
  return () => {
    finished = true;
    element.removeEventListener('keydown', onKey);
    element.removeEventListener('blur', onBlur);
  };
}

/**
 * The inline editing of one node's texts. Returns the key for the node's rendered content (it
 * changes when an edit starts and ends, so the content is drawn afresh) and the double-click handler.
 */
export function useInlineText(node: ComponentNode, frame: RefObject<HTMLElement | null>) {
  const actions = useCanvasActions();
  const requests = useContext(InlineEditContext);
  const texts = INLINE_TEXTS[node.type];
  const [editing, setEditing] = useState<{ text: InlineText; fromKeyboard: boolean } | null>(null);
  const [round, setRound] = useState(0);

  const requested = useSyncExternalStore(requests?.subscribe ?? noSubscribe, () => requests?.current() === node.id);
  if (requested && texts && !editing) {
    requests!.take(node.id);
    setEditing({ text: texts[0]!, fromKeyboard: true });
    setRound((r) => r + 1);
  }

  useLayoutEffect(() => {
    const root = frame.current;
    const element = editing && root?.querySelector<HTMLElement>(editing.text.selector);
    if (!editing || !element) return;
    const { prop, multiline } = editing.text;
    const original = typeof node.props[prop] === 'string' ? (node.props[prop] as string) : '';
    return editInPlace(element, { original, multiline, label: `Edit text: ${prop}` }, (text) => {
      setEditing(null);
      setRound((r) => r + 1);
      if (text !== null && text !== original) actions.setText(node.id, prop, text);
      if (editing.fromKeyboard) requestAnimationFrame(() => root?.querySelector<HTMLElement>(':scope > .node-toolbar [data-edit-text]')?.focus());
    });
    // Started once per edit; the node does not change while it is edited (nothing else commits to it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing]);

  const onDoubleClick = (event: MouseEvent) => {
    const root = frame.current;
    if (!texts || !root || editing) return;
    const target = event.target as Element;
    // A double-click inside a child node is the child's.
    if (target.closest('[data-node-id]') !== root) return;
    // An empty paragraph's placeholder stands for its text.
    const text = target.closest('[data-placeholder]')
      ? texts[0]
      : texts.find((candidate) => [...root.querySelectorAll(candidate.selector)].some((element) => element.contains(target)));
    if (!text) return;
    event.preventDefault();
    actions.select(node.id);
    setEditing({ text, fromKeyboard: false });
    setRound((r) => r + 1);
  };

  return { contentKey: round, editing: editing !== null, onDoubleClick: texts ? onDoubleClick : undefined };
}

const noSubscribe = () => () => {};

/** F2 edits the selected component's text on the canvas, when it has one (the keyboard's way in). */
export function useInlineEditKey(requests: InlineEditRequests, selected: () => string | null, typeOf: (id: string) => string) {
  const latest = useRef({ selected, typeOf });
  useLayoutEffect(() => {
    latest.current = { selected, typeOf };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F2' || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
      const target = event.target;
      if (target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.closest('[role="dialog"]'))) return;
      const id = latest.current.selected();
      if (id === null || !hasInlineText(latest.current.typeOf(id))) return;
      event.preventDefault();
      requests.request(id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [requests]);
}
