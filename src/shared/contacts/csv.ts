import { z } from 'zod';
import { CONTACT_FIELDS, type ContactFieldDefinition } from './fields.ts';
import {
  CONTACT_FIELD_LABELS,
  CONTACT_FORM_FIELDS,
  CONTACT_MESSAGES,
  contactFormSchema,
  type ContactFormField,
  type ContactInput,
  type ContactValues,
} from './form.ts';
import { safeText } from '../text/safe-text.ts';

/**
 * CSV export columns and the import's column mapping and row rules. The browser previews an import
 * with exactly these functions; the server applies them again to what it receives.
 */

/** The export's columns for a table of fields: its exported fields, then what only the system writes. */
export function contactExportColumns<F extends ContactFieldDefinition>(fields: readonly F[]): ReadonlyArray<F['name'] | 'kit_id' | 'created_at'> {
  return [...fields.filter((field) => field.exported).map((field): F['name'] => field.name), 'kit_id', 'created_at'];
}

export const CONTACT_EXPORT_COLUMNS = contactExportColumns(CONTACT_FIELDS);

/** Tags share one cell, joined with ";"; an import also splits on ",". Tag names contain neither. */
export const CSV_TAG_SEPARATOR = ';';

/**
 * Cells a spreadsheet would run as a formula get a leading apostrophe on export (CSV injection).
 * Phone numbers such as "+49 30 123456" and negative numbers are left alone.
 */
export const CSV_FORMULA_PATTERN = /^(?:[=@\t\r]|[+-](?![\d\s()./-]*$))/;

/** Undoes the export's formula escape, so an exported file imports back unchanged. */
export function unescapeCsvFormula(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

export function splitCsvTags(cell: string): string[] {
  const names = cell
    .split(/[;,]/)
    .map((t) => t.trim())
    .filter(Boolean);
  return [...new Set(names)];
}

export const IMPORT_DUPLICATE_POLICIES = ['update', 'skip'] as const;
export type ImportDuplicatePolicy = (typeof IMPORT_DUPLICATE_POLICIES)[number];
export const IMPORT_MAX_ROWS = 50_000;
/** What to do with a row naming a person erased before who is not a contact now. */
export const IMPORT_ERASED_POLICIES = ['skip', 'import'] as const;
export type ImportErasedPolicy = (typeof IMPORT_ERASED_POLICIES)[number];

export const IMPORT_MESSAGES = {
  emailColumnRequired: 'Choose the column that holds the email address',
  noRows: 'The file has no rows to import',
  tooManyRows: `A file can hold at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split it and import the parts one after another.`,
  unreadableRow: 'This row could not be read',
  duplicateInFile: (firstRow: number) => `Same email as row ${firstRow} of this file`,
} as const;

/** Which CSV column (by header) fills which contact field; every field comes from one column at most. */
export type ImportMapping = { email: string } & Partial<Record<Exclude<ContactFormField, 'email'>, string>>;

// Column names are the file's headers: the rows' values are checked by the contact form's rules, row by row.
const column = safeText().trim().min(1).max(500);
const emailColumn = safeText({ error: IMPORT_MESSAGES.emailColumnRequired }).trim().min(1, IMPORT_MESSAGES.emailColumnRequired).max(500);

/** The mapping's schema for a table of fields: the email's column is required, every other field's is optional. */
export function importMappingShape<const F extends ContactFieldDefinition>(fields: readonly F[]) {
  return Object.fromEntries(fields.map((field) => [field.name, field.type === 'email' ? emailColumn : column.optional()])) as {
    [N in F['name']]: N extends 'email' ? typeof emailColumn : z.ZodOptional<typeof column>;
  };
}
export const importMappingSchema = z.object(importMappingShape(CONTACT_FIELDS));

/** File systems allow 255 bytes; the import screen sends at most this many characters. */
export const IMPORT_FILE_NAME_MAX = 255;

export const importRequestSchema = z.object({
  /** The parsed rows, each keyed by the file's header (Papa.parse with `header: true`). */
  rows: z.array(z.unknown()).min(1, IMPORT_MESSAGES.noRows).max(IMPORT_MAX_ROWS, IMPORT_MESSAGES.tooManyRows),
  mapping: importMappingSchema,
  /** What to do with a row whose email already belongs to a contact. */
  on_duplicate: z.enum(IMPORT_DUPLICATE_POLICIES).default('skip'),
  /** People erased before stay out unless the owner chose to bring them back. */
  on_erased: z.enum(IMPORT_ERASED_POLICIES).default('skip'),
  /** The file's name, kept on each contact's timeline. */
  file_name: safeText().trim().max(IMPORT_FILE_NAME_MAX).optional(),
});
export type ImportRequest = z.input<typeof importRequestSchema>;
export type ImportRequestValues = z.output<typeof importRequestSchema>;

/** The preview asks how many of the file's ready rows name a person erased before (only the count comes back). */
export const importErasedRequestSchema = z.object({
  emails: z.array(safeText().trim().max(500)).max(IMPORT_MAX_ROWS, IMPORT_MESSAGES.tooManyRows),
});
export type ImportErasedRequest = z.input<typeof importErasedRequestSchema>;
export const importErasedResponseSchema = z.object({ erased: z.number().int() });

const headerKey = (header: string) =>
  header
    .replace(/^\ufeff/, '')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]/g, '');

/**
 * Guesses the mapping from the file's headers by each field's CSV aliases (compared without case,
 * spaces or punctuation); the person can change it before importing.
 */
export function autoMapColumns(headers: readonly string[], fields: readonly ContactFieldDefinition[] = CONTACT_FIELDS): Partial<ImportMapping> {
  const mapping: Partial<Record<string, string>> = {};
  const taken = new Set<string>();
  for (const field of fields) {
    for (const alias of field.csvAliases) {
      const header = headers.find((h) => !taken.has(h) && headerKey(h) === alias);
      if (header !== undefined) {
        mapping[field.name] = header;
        taken.add(header);
        break;
      }
    }
  }
  return mapping as Partial<ImportMapping>;
}

/** A value or its label, in any case ("Manual Entry" → manual); anything else is left for the schema to refuse. */
function enumValue(cell: string, values: readonly string[], labels: Readonly<Record<string, string>>): string {
  const wanted = cell.toLowerCase().replace(/[\s-]+/g, '_');
  const byValue = values.find((v) => v === wanted);
  const byLabel = values.find((v) => labels[v]?.toLowerCase() === cell.toLowerCase());
  return byValue ?? byLabel ?? cell;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return unescapeCsvFormula(value.trim());
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** One parsed CSV row as form input: empty cells are left out, so defaults apply and updates keep data. */
export function rowToContactInput(row: Record<string, unknown>, mapping: Partial<ImportMapping>): ContactInput {
  const input: Record<string, unknown> = {};
  for (const field of CONTACT_FIELDS) {
    const header = mapping[field.name];
    if (header === undefined) continue;
    const text = cellText(row[header]);
    if (text === '') continue;
    if (field.type === 'tags') input[field.name] = splitCsvTags(text);
    else if (field.type === 'enum') input[field.name] = enumValue(text, field.values, field.labels);
    else input[field.name] = text;
  }
  return input as ContactInput;
}

export type ImportRowResult =
  | { ok: true; values: ContactValues; /** Fields the row fills (an update changes only these). */ provided: ContactFormField[] }
  | { ok: false; email: string; reason: string };

/** Validates one row exactly as the contact form would, including "only configured tags". */
export function checkImportRow(row: unknown, mapping: Partial<ImportMapping>, knownTags: ReadonlySet<string>): ImportRowResult {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) {
    return { ok: false, email: '', reason: IMPORT_MESSAGES.unreadableRow };
  }
  const input = rowToContactInput(row as Record<string, unknown>, mapping);
  const email = typeof input.email === 'string' ? input.email : '';
  const parsed = contactFormSchema.safeParse(input);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((issue) => {
      const field = issue.path[0] as ContactFormField | undefined;
      const label = field ? CONTACT_FIELD_LABELS[field] : '';
      return label && !issue.message.startsWith(label) ? `${label}: ${issue.message}` : issue.message;
    });
    return { ok: false, email, reason: [...new Set(reasons)].join('; ') };
  }
  const unknown = parsed.data.tags.filter((name) => !knownTags.has(name));
  if (unknown.length > 0) return { ok: false, email, reason: CONTACT_MESSAGES.tagsUnknown(unknown) };
  const provided = CONTACT_FORM_FIELDS.filter((field) => field in input);
  return { ok: true, values: parsed.data, provided };
}
