import { z } from 'zod';

/** A checkbox value as stored: the strings 'true' and 'false'. */
export type Flag = 'true' | 'false';

export interface NavigationItem {
  readonly name: string;
  readonly href: string;
}

/** How a field is edited and stored. Every kind but 'classes' is plain data; 'classes' holds Tailwind class names. */
/** 'youtube' takes a YouTube address or id and stores the bare id (youtube.ts). */
export type TextKind = 'text' | 'longText' | 'url' | 'image' | 'color' | 'length' | 'classes' | 'youtube';

interface FieldBase {
  readonly label: string;
}
export interface TextField extends FieldBase {
  readonly kind: TextKind;
  readonly default: string;
}
export interface ChoiceField<O extends string = string> extends FieldBase {
  readonly kind: 'choice';
  readonly options: readonly O[];
  readonly default: O;
}
export interface FlagField extends FieldBase {
  readonly kind: 'flag';
  readonly default: Flag;
}
export interface NumberField extends FieldBase {
  readonly kind: 'number';
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly default: number;
}
/** One entry per line in the editor, stored as a list of non-empty lines. */
export interface LinesField extends FieldBase {
  readonly kind: 'lines';
  readonly default: readonly string[];
}
export interface LinkMapField extends FieldBase {
  readonly kind: 'linkMap';
  readonly default: Readonly<Record<string, string>>;
}
export interface NavigationField extends FieldBase {
  readonly kind: 'navigation';
  readonly default: readonly NavigationItem[];
}

export type Field = TextField | ChoiceField | FlagField | NumberField | LinesField | LinkMapField | NavigationField;

export const textField = (label: string, value = '', kind: TextKind = 'text'): TextField => ({ kind, label, default: value });
export const choiceField = <const O extends string>(label: string, options: readonly O[], value: NoInfer<O>): ChoiceField<O> => ({
  kind: 'choice',
  label,
  options,
  default: value,
});
export const flagField = (label: string, on = false): FlagField => ({ kind: 'flag', label, default: on ? 'true' : 'false' });
export const numberField = (label: string, range: { min: number; max: number; step: number; default: number }): NumberField => ({
  kind: 'number',
  label,
  ...range,
});
export const linesField = (label: string, value: readonly string[] = []): LinesField => ({ kind: 'lines', label, default: value });
export const linkMapField = (label: string, value: Readonly<Record<string, string>> = {}): LinkMapField => ({
  kind: 'linkMap',
  label,
  default: value,
});
export const navigationField = (label: string, value: readonly NavigationItem[] = []): NavigationField => ({
  kind: 'navigation',
  label,
  default: value,
});

export type FieldValue<F> = F extends { readonly default: infer V } ? V : never;

const numeric = /^-?(?:\d+\.?\d*|\.\d+)$/;

/**
 * The schema of a stored value of this field. It takes what older or converted content may hold
 * (a number where text belongs, a boolean for a checkbox, a number as text) and gives the stored form.
 */
export function fieldValueSchema(field: Field): z.ZodType<unknown> {
  let schema = schemas.get(field);
  if (!schema) {
    schema = buildValueSchema(field);
    schemas.set(field, schema);
  }
  return schema;
}

const schemas = new WeakMap<Field, z.ZodType<unknown>>();

function buildValueSchema(field: Field): z.ZodType<unknown> {
  switch (field.kind) {
    case 'choice':
      return z.enum(field.options as [string, ...string[]]);
    case 'flag':
      return z.union([z.enum(['true', 'false']), z.boolean().transform((on): Flag => (on ? 'true' : 'false'))]);
    case 'number':
      return z
        .union([z.number(), z.string().trim().regex(numeric).transform(Number)])
        .pipe(z.number().min(field.min).max(field.max));
    case 'lines':
      return z.array(z.string());
    case 'linkMap':
      return z.record(z.string(), z.string());
    case 'navigation':
      return z.array(z.object({ name: z.string(), href: z.string() }));
    default:
      return z.union([z.string(), z.number().transform(String)]);
  }
}
