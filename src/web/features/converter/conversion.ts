import { convertHtml } from '@shared/landing-pages/converter/convert-html.ts';
import { CONVERTER_MESSAGES, HTML_MAX_BYTES } from '@shared/landing-pages/converter/messages.ts';
import type { PageContent } from '@shared/landing-pages/types.ts';

/** The converter page's three ways in. */
export type SourceMode = 'paste' | 'file' | 'url';

export interface Converted {
  readonly sections: PageContent;
  /** What was cut to keep within the converter's limits (deep nesting flattened, the end of a huge page left out). */
  readonly cuts: readonly string[];
  readonly warnings: readonly string[];
  /** The source's `<title>`, a name for the page created from it. */
  readonly title: string | undefined;
}

/** A conversion's outcome: the sections, or what to show under 'Conversion Error'. */
export type Outcome = { readonly ok: true; readonly converted: Converted } | { readonly ok: false; readonly message: string; readonly detail?: string };

/**
 * Converts HTML text. A failure the converter names (blank input, nothing to convert, too large)
 * shows its message; anything unexpected shows `fallback` ('Conversion failed', or 'File
 * conversion failed' for a file).
 */
export function convertText(html: string, pageUrl?: string, fallback: string = CONVERTER_MESSAGES.failed): Outcome {
  try {
    const result = convertHtml(html, { pageUrl });
    if (!result.ok) return { ok: false, message: result.message };
    return { ok: true, converted: { sections: result.sections, cuts: result.cuts, warnings: result.warnings, title: result.title } };
  } catch (error) {
    console.error(fallback, error);
    return { ok: false, message: fallback };
  }
}

/** A conversion as the page asks for it, on its own thread or the worker's. */
export interface ConversionRequest {
  readonly html: string;
  readonly pageUrl?: string;
  readonly fallback: string;
}

export function isHtmlFileName(name: string): boolean {
  return /\.html?$/i.test(name);
}

/** Reads an uploaded .html or .htm file as text. */
export async function readHtmlFile(file: File): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  if (!isHtmlFileName(file.name)) return { ok: false, message: CONVERTER_MESSAGES.fileType };
  // Refused before reading: a huge file is not worth holding in memory to be refused after.
  if (file.size > HTML_MAX_BYTES) return { ok: false, message: CONVERTER_MESSAGES.tooLarge };
  try {
    return { ok: true, text: await file.text() };
  } catch (error) {
    console.error(CONVERTER_MESSAGES.readFile, error);
    return { ok: false, message: CONVERTER_MESSAGES.readFile };
  }
}

/** One line of the results summary: type, id, props.text, props.tailwindClasses, children. */
export interface SummaryRow {
  readonly id: string;
  readonly type: string;
  /** 0 for a section, 1 for its components, and so on. */
  readonly depth: number;
  readonly text: string;
  readonly classes: string;
  readonly children: number;
}

/** The rows of the summary in reading order, at most `limit` of them, and how many there are in all. */
export function summaryRows(sections: PageContent, limit: number): { rows: SummaryRow[]; total: number } {
  const rows: SummaryRow[] = [];
  let total = 0;
  const stack: Array<{ node: PageContent[number] | NonNullable<PageContent[number]['components']>[number]; depth: number }> = [...sections]
    .reverse()
    .map((node) => ({ node, depth: 0 }));
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    total++;
    const children = node.components ?? [];
    if (rows.length < limit) {
      const text = node.props.text;
      const classes = node.props.tailwindClasses;
      rows.push({
        id: node.id,
        type: node.type,
        depth,
        text: typeof text === 'string' ? text : '',
        classes: typeof classes === 'string' ? classes : '',
        children: children.length,
      });
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, depth: depth + 1 });
  }
  return { rows, total };
}
