/** The error body of every API failure: `{"error": {"code", "message", "fields"?}}`. */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    /** Per-field messages for form errors, keyed by field name. */
    fields?: Record<string, string>;
  };
}
