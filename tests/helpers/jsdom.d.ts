/** The part of jsdom (a standards-following HTML and XML parser) that tests read documents with; its types are not installed. */
declare module 'jsdom' {
  export class JSDOM {
    constructor(markup: string, options?: { contentType?: string });
    readonly window: Window & typeof globalThis;
  }
}
