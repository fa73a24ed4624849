import type { ParentNode } from 'domhandler';
import { pageContentSchema } from '../content-schema.ts';
import { nodeIdMaker, type IdMaker } from '../ids.ts';
import type { PageContent } from '../types.ts';
import { limitDepth } from './depth-limit.ts';
import { attr, findElement, findElements, findTag, plainText } from './dom.ts';
import { LabelIndex } from './forms.ts';
import { detectFramework } from './framework-classes.ts';
import { HtmlConverter } from './html-converter.ts';
import { CONVERTER_CUTS, CONVERTER_MESSAGES, HTML_MAX_BYTES } from './messages.ts';
import { PageStyles } from './page-styles.ts';
import { parseHtml } from './parse-html.ts';
import { keepReadable } from './readable-text.ts';
import { sectionRoots } from './section-roots.ts';
import { documentBase, urlResolver } from './urls.ts';

export interface ConvertOptions {
  readonly makeId?: IdMaker;
  /** The address the HTML came from: relative links and images are made absolute against it. */
  readonly pageUrl?: string;
}

export type ConversionResult =
  | {
      readonly ok: true;
      readonly sections: PageContent;
      /** What was cut to stay within the converter's limits (CONVERTER_CUTS): deep nesting flattened, the end of a huge page left out. */
      readonly cuts: readonly string[];
      /** What did not convert one to one (a date field became a text field, a map became a link ...). */
      readonly warnings: readonly string[];
      /** The document's `<title>` (not page content, but a good name for the page), if it has one. */
      readonly title: string | undefined;
    }
  | { readonly ok: false; readonly message: string };

const RELATIVE_WARNING = 'Relative links and image addresses were kept as they are: convert from the URL to make them point to the original site';

/**
 * Converts HTML into builder sections. Runs in the browser and in Node. The
 * result passes the content schema, so it can be saved as a builder page as it is.
 */
export function convertHtml(html: string, options: ConvertOptions = {}): ConversionResult {
  if (html.trim() === '') return { ok: false, message: CONVERTER_MESSAGES.emptyInput };
  if (new TextEncoder().encode(html).length > HTML_MAX_BYTES) return { ok: false, message: CONVERTER_MESSAGES.tooLarge };

  const { document, flattened, stopped } = parseHtml(html);
  const body: ParentNode = findElement(document, (el) => el.name === 'body') ?? document;
  const baseHref = findTag(document, 'base');
  let relative = false;
  const urls = urlResolver(documentBase(options.pageUrl, baseHref ? attr(baseHref, 'href') : undefined), () => (relative = true));
  const linkedIds = new Set(findElements(body, (el) => el.name === 'a').flatMap((a) => (attr(a, 'href')?.startsWith('#') ? [attr(a, 'href')!.slice(1)] : [])));
  const makeId = options.makeId ?? nodeIdMaker();
  const look = { framework: detectFramework(document), styles: PageStyles.read(document, urls) };
  const converter = new HtmlConverter(makeId, urls, new LabelIndex(body), linkedIds, look);

  const sections = sectionRoots(body, new WeakMap())
    .map((root) => converter.section(root))
    .filter((section) => section.components.length > 0);
  if (sections.length === 0) return { ok: false, message: CONVERTER_MESSAGES.noContent };

  let componentsFlattened = false;
  const limited = sections.map((section) => {
    const { components, flattened } = limitDepth(section.components);
    componentsFlattened ||= flattened;
    return { ...section, components };
  });
  const parsed = pageContentSchema.safeParse(keepReadable(limited));
  if (!parsed.success) return { ok: false, message: CONVERTER_MESSAGES.failed };
  const cuts = [
    ...(stopped ? [CONVERTER_CUTS.stopped] : []),
    ...(flattened ? [CONVERTER_CUTS.flattened] : []),
    ...(componentsFlattened ? [CONVERTER_CUTS.componentsFlattened] : []),
  ];
  const warnings = [...converter.warnings, ...(relative ? [RELATIVE_WARNING] : [])];
  const titleElement = findTag(document, 'title');
  return { ok: true, sections: parsed.data, cuts, warnings, title: (titleElement && plainText(titleElement)) || undefined };
}
