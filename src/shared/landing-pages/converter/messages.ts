import { MAX_NESTING_DEPTH } from '../constants.ts';

/** The file name of a downloaded conversion. */
export const CONVERTED_FILE_NAME = 'converted-landing-page.json';

/** Byte limit of HTML the converter takes, pasted, uploaded or fetched from a URL (5 MB). */
export const HTML_MAX_BYTES = 5 * 1024 * 1024;

/**
 * What the converter reads of a page at most, so that hostile or broken markup costs time in
 * proportion to its size: elements nested deeper than DEPTH are flattened into their text and
 * images, and reading stops after ELEMENTS elements. Real pages stay far below both (a landing
 * page nests some 10 to 25 levels and holds a few thousand elements).
 */
export const HTML_READ_LIMITS = { depth: 64, elements: 20_000 } as const;

/**
 * The converter's texts: the ones users have always seen (tests pin them), and those marked "ours",
 * added for cases they do not cover.
 */
export const CONVERTER_MESSAGES = {
  /** The heading errors appear under on the converter page. */
  errorHeading: 'Conversion Error',
  emptyInput: 'Please enter HTML content',
  failed: 'Conversion failed',
  fileFailed: 'File conversion failed',
  readFile: 'Failed to read file',
  fetchUrl: 'Failed to fetch HTML from URL',
  /** The HTML holds nothing the builder can show (pasted into the builder, or converted). */
  noContent: 'Failed to convert HTML. Please check your HTML structure.',
  builderError: (reason: string) => `Conversion error: ${reason}`,
  builderSuccess: (sections: number) => `Successfully converted ${sections} sections`,
  // ours
  tooLarge: 'The HTML is larger than 5 MB',
  fileType: 'Please choose an .html or .htm file',
  invalidUrl: 'Please enter a web address starting with http:// or https://',
  /** Beside the result's size and over the list of CONVERTER_CUTS, when the converter's limits cut the page. */
  notAllConverted: 'Not all of the page was converted',
} as const;

/** What the converter cut to stay within its limits (ours). */
export const CONVERTER_CUTS = {
  stopped: `Stopped after ${HTML_READ_LIMITS.elements.toLocaleString('en')} elements; the rest of the page was not converted`,
  flattened: `Nesting deeper than ${HTML_READ_LIMITS.depth} levels was flattened: its text and images were kept`,
  componentsFlattened: `Components nested deeper than ${MAX_NESTING_DEPTH} levels (the builder's limit) were flattened: their text, images and buttons were kept`,
} as const;
