import type { Element, ParentNode } from 'domhandler';
import { INPUT_TYPES, TEXTAREA_ROWS } from '../constants.ts';
import { attr, findElements, isElement, isText, plainText } from './dom.ts';

/** Form controls as the input, textarea, select, checkbox, radio and button components. */

const CONTROL_TAGS = new Set(['input', 'select', 'textarea']);

export function isControl(el: Element): boolean {
  return CONTROL_TAGS.has(el.name);
}

/**
 * Which `<label for>` names which control. A label whose control exists gives its text to that
 * control and adds nothing where it stands; a label without one stays text on the page.
 */
export class LabelIndex {
  private readonly byControlId = new Map<string, Element>();
  private readonly consumed = new Set<Element>();

  constructor(root: ParentNode) {
    const controlIds = new Set(findElements(root, isControl).map((el) => attr(el, 'id')).filter(Boolean));
    for (const label of findElements(root, (el) => el.name === 'label')) {
      const target = attr(label, 'for');
      if (target && controlIds.has(target) && !this.byControlId.has(target)) {
        this.byControlId.set(target, label);
        this.consumed.add(label);
      }
    }
  }

  /** Whether the label's text travels with its control, so nothing is made of it where it stands. */
  isConsumed(label: Element): boolean {
    return this.consumed.has(label);
  }

  /** The `<label for>` of a control, if any. */
  labelFor(control: Element): Element | undefined {
    const id = attr(control, 'id');
    return id ? this.byControlId.get(id) : undefined;
  }
}

/** The controls a `<label>` wraps. */
export function wrappedControls(label: Element): Element[] {
  return findElements(label, isControl).filter((el) => attr(el, 'type')?.toLowerCase() !== 'hidden');
}

const INPUT_TYPE_SET = new Set<string>(INPUT_TYPES);
/** Types with no input component of their own that a text field stands in for, less well (search is just text). */
const TEXT_LIKE = new Set(['date', 'time', 'datetime-local', 'month', 'week', 'color', 'range', 'file']);

export type ControlDescription =
  | { readonly type: 'input' | 'textarea' | 'select' | 'checkbox' | 'radio'; readonly props: Record<string, unknown>; readonly note?: string }
  | { readonly type: 'button'; readonly props: Record<string, unknown> };

const required = (el: Element) => (el.attribs.required !== undefined ? 'true' : 'false');
const checked = (el: Element) => (el.attribs.checked !== undefined ? 'true' : 'false');

/** Name and value travel along (not editable in the builder) so a converted form still submits the same fields. */
function submitted(el: Element): Record<string, string> {
  const name = attr(el, 'name');
  return name ? { name } : {};
}

/** A control's component; `label`: the text of its label, if it has one. */
export function describeControl(el: Element, label: string): ControlDescription | undefined {
  if (el.name === 'textarea') {
    const rows = Number(attr(el, 'rows'));
    const value = plainTextRaw(el);
    return {
      type: 'textarea',
      props: {
        label,
        placeholder: attr(el, 'placeholder') ?? '',
        rows: Number.isInteger(rows) ? Math.min(TEXTAREA_ROWS.max, Math.max(TEXTAREA_ROWS.min, rows)) : TEXTAREA_ROWS.default,
        required: required(el),
        ...submitted(el),
        ...(value ? { value } : {}),
      },
    };
  }
  if (el.name === 'select') {
    const options = findElements(el, (child) => child.name === 'option');
    // A first option worth nothing ('Choose a topic…') is the select's prompt: without a label, it is the label.
    const prompt = options[0] && attr(options[0], 'value') === '' && !label ? plainText(options[0]) : '';
    const texts = (prompt ? options.slice(1) : options).map(plainText).filter(Boolean);
    return { type: 'select', props: { label: label || prompt, options: texts, required: required(el), ...submitted(el) } };
  }
  const type = (attr(el, 'type') ?? 'text').toLowerCase();
  if (type === 'checkbox') return { type: 'checkbox', props: { label, checked: checked(el), required: required(el), ...submitted(el) } };
  if (type === 'radio') {
    return { type: 'radio', props: { label, name: attr(el, 'name') ?? 'choice', checked: checked(el), required: required(el), ...(attr(el, 'value') ? { value: attr(el, 'value') } : {}) } };
  }
  if (type === 'submit' || type === 'button' || type === 'reset' || type === 'image') {
    const text = attr(el, 'value') || attr(el, 'alt') || (type === 'reset' ? 'Reset' : type === 'submit' || type === 'image' ? 'Submit' : '');
    if (!text) return undefined;
    return { type: 'button', props: { text, type: type === 'reset' ? 'reset' : type === 'button' ? 'button' : 'submit', ...submitted(el) } };
  }
  const known = INPUT_TYPE_SET.has(type);
  return {
    type: 'input',
    props: { type: known ? type : 'text', label, placeholder: attr(el, 'placeholder') ?? '', required: required(el), ...submitted(el), ...(attr(el, 'value') ? { value: attr(el, 'value') } : {}) },
    note: known || !TEXT_LIKE.has(type) ? undefined : `A ${type} field became a text field: the builder's inputs take text, email, password, number, tel and url`,
  };
}

/** A textarea's initial text, as typed (its line breaks matter). */
function plainTextRaw(el: Element): string {
  return el.children
    .map((child) => (isText(child) ? child.data : isElement(child) ? plainText(child) : ''))
    .join('')
    .replace(/^\n/, '')
    .trimEnd();
}

/** A form's action and method, kept on its container so the converted form can still post. */
export function formProps(form: Element): Record<string, string> {
  const action = attr(form, 'action');
  const method = attr(form, 'method')?.toLowerCase();
  return { ...(action ? { action } : {}), ...(method ? { method } : {}) };
}

/** Whether a control sits in a form (a button there submits unless it says otherwise). */
export function insideForm(el: Element): boolean {
  for (let parent = el.parent; parent; parent = parent.parent) if (isElement(parent) && parent.name === 'form') return true;
  return false;
}
