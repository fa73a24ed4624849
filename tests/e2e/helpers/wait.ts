/**
 * The one limit for every wait in the browser tests (expect.poll, Playwright actions and navigation).
 * Generous on purpose: a page that hydrates late on a busy machine is not a failure; a condition
 * that never comes true still fails, with the poll's message.
 */
export const E2E_WAIT_MS = 15_000;
