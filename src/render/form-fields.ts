import { CONTACT_FIELDS, leadFormLabels } from '../shared/contacts/fields.ts';
import { LEAD_HONEYPOT_FIELD } from '../shared/leads/form.ts';
import { childrenOf } from '../shared/landing-pages/tree.ts';
import type { TreeNode } from '../shared/landing-pages/types.ts';

/** The component types that send a value with a page's form. */
export const FORM_FIELD_TYPES: ReadonlySet<string> = new Set(['input', 'textarea', 'select', 'checkbox', 'radio']);

/**
 * Contact fields the lead-capture endpoint knows by more than one label (their CONTACT_FIELDS
 * entries give the patterns); every other field arrives under a slug of its label. Matched on the
 * label as typed, without case, a trailing colon or a required star.
 */
const KNOWN_LABELS = leadFormLabels(CONTACT_FIELDS);

/** Names the endpoint reads for itself: a field of a page must not arrive under one of them. */
const RESERVED: Readonly<Record<string, string>> = { [LEAD_HONEYPOT_FIELD]: `${LEAD_HONEYPOT_FIELD}_url` };

const MAX_NAME_LENGTH = 64;

/** 'Company size (approx.)' → 'company_size_approx'; accents dropped, at most 64 characters. */
export function slugifyFieldName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MAX_NAME_LENGTH)
    .replace(/_+$/, '');
}

function nameFromLabel(label: string, fallback: string): string {
  const text = label.toLowerCase().replace(/[*:]/g, ' ').replace(/\s+/g, ' ').trim();
  const known = KNOWN_LABELS.find(([, pattern]) => pattern.test(text))?.[0];
  return unreserved(known ?? (slugifyFieldName(label) || fallback));
}

function unreserved(name: string): string {
  return RESERVED[name] ?? name;
}

/**
 * The name a form field sends its value under. Email inputs send 'email' and tel inputs 'phone';
 * fields labelled like a name, an email, a phone or a LinkedIn profile send 'full_name', 'email',
 * 'phone' or 'linkedin'; radios send their group's name; any other field a slug of its label.
 */
export function formFieldName(type: string, props: { readonly label?: unknown; readonly type?: unknown; readonly name?: unknown }): string {
  if (type === 'input' && props.type === 'email') return 'email';
  if (type === 'input' && props.type === 'tel') return 'phone';
  if (type === 'radio') return unreserved(slugifyFieldName(typeof props.name === 'string' ? props.name : '') || 'choice');
  return nameFromLabel(typeof props.label === 'string' ? props.label : '', type);
}

/**
 * An element id made from a node id: unique when node ids are (the content schema checks they are),
 * and a valid, space-free id whatever the node id holds. Characters other than letters, digits and
 * '-' are written as _hex_, so two different node ids never give the same element id.
 */
export function elementId(nodeId: string, part: string): string {
  const safe = nodeId.replace(/[^A-Za-z0-9-]/gu, (char) => `_${char.codePointAt(0)!.toString(16)}_`);
  return `lp-${part}-${safe}`;
}

const holdsFields = new WeakMap<TreeNode, boolean>();

/** Whether a node or anything inside it is a form field (remembered per node, since nodes never change). */
export function containsFormFields(node: TreeNode): boolean {
  let known = holdsFields.get(node);
  if (known === undefined) {
    known = FORM_FIELD_TYPES.has(node.type) || childrenOf(node).some(containsFormFields);
    holdsFields.set(node, known);
  }
  return known;
}
