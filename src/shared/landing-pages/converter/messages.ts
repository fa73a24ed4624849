/** The name of a downloaded conversion (spec 001, 2.8). */
export const CONVERTED_FILE_NAME = 'converted-landing-page.json';

/** Byte limit of HTML the converter takes, pasted, uploaded or fetched from a URL (DESIGN.md: 5 MB). */
export const HTML_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The converter's texts (spec 001, sections 2.8, 5.5 and 8) word for word; those marked "ours" the
 * specification does not give.
 */
export const CONVERTER_MESSAGES = {
  /** The heading errors appear under on the converter page. */
  errorHeading: 'Conversion Error',
  emptyInput: 'Please enter HTML content',
  failed: 'Conversion failed',
  fileFailed: 'File conversion failed',
  readFile: 'Failed to read file',
  fetchUrl: 'Failed to fetch HTML from URL',
  /** The HTML holds nothing the builder can show (spec 8, "HTML conversion in builder"). */
  noContent: 'Failed to convert HTML. Please check your HTML structure.',
  builderError: (reason: string) => `Conversion error: ${reason}`,
  builderSuccess: (sections: number) => `Successfully converted ${sections} sections`,
  // ours
  tooLarge: 'The HTML is larger than 5 MB',
  fileType: 'Please choose an .html or .htm file',
  invalidUrl: 'Please enter a web address starting with http:// or https://',
} as const;
