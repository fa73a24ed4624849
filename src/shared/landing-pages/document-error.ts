export type DocumentErrorCode = 'not-found' | 'not-allowed' | 'too-deep' | 'duplicate-id' | 'invalid-position' | 'invalid-value';

/**
 * An operation the document refuses (an unknown id, a component where it may not go, nesting deeper
 * than the limit, a value outside its field's range). The document is never half-changed: the caller
 * keeps the document it had and shows the message.
 */
export class DocumentError extends Error {
  constructor(
    readonly code: DocumentErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DocumentError';
  }
}
