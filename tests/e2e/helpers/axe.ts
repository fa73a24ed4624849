import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Lets running transitions and animations end first (a toast fading in or out has, for a moment, the
 * contrast of a half-transparent box), so axe judges what the user sees once the screen settles;
 * endless ones (spinners) are not waited for. Passed as a string: tsx would wrap a named function.
 */
const SETTLE = `Promise.race([
  Promise.allSettled(document.getAnimations()
    .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
    .map((a) => a.finished)),
  new Promise((resolve) => setTimeout(resolve, 2000)),
])`;

/**
 * Runs axe-core on what the page shows now (once settled) and returns its serious and critical violations, one
 * readable line per rule (rule id, impact, the first offending elements). Injected through the
 * debugging protocol, so the app's strict CSP does not refuse it.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  await page.evaluate(SETTLE);
  const results = await page.evaluate(() => (window as unknown as { axe: { run: () => Promise<AxeResults> } }).axe.run());
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}
