import { createHmac } from 'node:crypto';
import type { AbVariant } from '../../shared/landing-pages/ab-test.ts';
import type { Db } from '../db/client.ts';
import { dayOf, daySalt, isBot } from './page-views.ts';

/** Assignments are drawn in steps of a hundredth of a percent. */
const BUCKETS = 10_000;

/**
 * Which variant of a running A/B test a visitor gets, without a cookie: a hash of their address and
 * browser salted with the day's salt (the one views are counted with) and the test's id, so a visitor
 * sees one variant all day on every instance, and each test draws independently. `splitPercent` of
 * the visitors get B. Bots (and requests without a user agent) always get A, the page search engines index.
 */
export function assignVariant(salt: string, address: string, userAgent: string | undefined, testId: string, splitPercent: number): AbVariant {
  if (isBot(userAgent)) return 'a';
  const digest = createHmac('sha256', salt).update(`${testId}\n${address}\n${userAgent}`).digest();
  return digest.readUInt32BE(0) % BUCKETS < splitPercent * (BUCKETS / 100) ? 'b' : 'a';
}

/**
 * Today's variant of this visitor (address, user agent) in the test: what the viewer serves and what
 * the sign-up route records, so a sign-up counts on the variant its visitor was shown.
 */
export async function visitorVariant(db: Db, test: { id: string; split_percent: number }, address: string, userAgent: string | undefined): Promise<AbVariant> {
  return assignVariant(await daySalt(db, dayOf(new Date())), address, userAgent, test.id, test.split_percent);
}
