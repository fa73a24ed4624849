/** What the status line says of a failure: the error's own message. */
export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The time a save or reload names ('Saved successfully at 14:05:09'). */
export const timeNow = () => new Date().toLocaleTimeString();
