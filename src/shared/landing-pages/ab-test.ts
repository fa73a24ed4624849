import { z } from 'zod';
import { timestamp } from '../http/codecs.ts';
import { routePath } from '../http/route-path.ts';

/**
 * A/B tests of landing pages: the HTTP contract (src/server/landing-pages/ab-test-routes.ts), its
 * messages, and the statistics the results show.
 *
 * Variant B is a page of its own (a copy of A), never published on its own: while the test runs,
 * visitors of A's address are assigned A or B by a daily hash of their address and browser.
 */

export const AB_TEST_PATHS = {
  /** A page's running test: GET its results, POST starts one, PATCH changes the split. */
  test: routePath('/api/landing-pages/:id/ab-test'),
  /** Ends the running test keeping one variant. */
  end: routePath('/api/landing-pages/:id/ab-test/end'),
} as const;

export const AB_SPLIT = { min: 1, max: 99, default: 50 } as const;

/**
 * Below these figures a variant's rate says too little: each variant needs this many views, and this
 * many sign-ups (the usual rule for the normal approximation: at least 10 successes per group).
 */
export const AB_MINIMUM = { views: 100, signups: 10 } as const;

/** Confidence above which a difference is called significant. */
export const AB_CONFIDENCE = 0.95;

export const AB_VARIANTS = ['a', 'b'] as const;
export type AbVariant = (typeof AB_VARIANTS)[number];

export const AB_TEST_MESSAGES = {
  splitRange: `The share of visitors for B must be a whole number from ${AB_SPLIT.min} to ${AB_SPLIT.max} %`,
  keepRequired: 'Choose the variant to keep: a or b',
  alreadyRunning: 'This page already has an A/B test running',
  noTest: 'This page has no A/B test running',
  isVariant: 'This page is variant B of an A/B test: it is shown only through the tested page',
  notEnoughData: 'Not enough data yet',
  variantDelete: 'End the A/B test before deleting its variant B',
  start: 'Start A/B test',
  startConfirm: (percent: number) => `Variant B starts as a copy of this page. ${percent} % of visitors will see B until you end the test.`,
  keepConfirm: (variant: AbVariant) =>
    variant === 'a'
      ? "End the test and keep A? The page stays as it is; variant B is archived."
      : "End the test and keep B? B's content and settings replace A's at A's address; variant B is archived.",
  /** The variant B page's title. */
  variantTitle: (title: string) => `${title} (variant B)`,
} as const;

const splitSchema = z
  .number({ error: AB_TEST_MESSAGES.splitRange })
  .int({ error: AB_TEST_MESSAGES.splitRange })
  .min(AB_SPLIT.min, { error: AB_TEST_MESSAGES.splitRange })
  .max(AB_SPLIT.max, { error: AB_TEST_MESSAGES.splitRange });

export const abTestStartSchema = z.object({ split_percent: splitSchema });
export const abTestSplitSchema = z.object({ split_percent: splitSchema });
export const abTestEndSchema = z.object({ keep: z.enum(AB_VARIANTS, { error: AB_TEST_MESSAGES.keepRequired }) });
export type AbTestStartInput = z.input<typeof abTestStartSchema>;

const variantFigures = z.object({
  page_id: z.string(),
  views: z.number().int(),
  signups: z.number().int(),
  /** Sign-ups per view; null before the first view. */
  rate: z.number().nullable(),
});

/** What the pooled two-proportion z-test says; null when there is not enough data yet. */
const significanceSchema = z.object({
  /** B's rate minus A's, in percentage points. */
  difference_points: z.number(),
  z: z.number(),
  /** Two-sided. */
  p_value: z.number(),
  /** 1 - p: how sure the difference is not chance. */
  confidence: z.number(),
  significant: z.boolean(),
});

export const abTestSchema = z.object({
  id: z.string(),
  page_id: z.string(),
  variant_page_id: z.string(),
  /** Share of visitors who get B, in percent. */
  split_percent: z.number().int(),
  started_at: timestamp,
  a: variantFigures,
  b: variantFigures,
  significance: significanceSchema.nullable(),
});
export type AbTest = z.output<typeof abTestSchema>;

export const abTestResultSchema = z.object({ test: abTestSchema });

/** The ended test: which variant A's address keeps. */
export const abTestEndResultSchema = z.object({ kept: z.enum(AB_VARIANTS) });

// --- Statistics -------------------------------------------------------------------------------------

/** erf by Abramowitz and Stegun 7.1.26 (absolute error below 1.5e-7). */
export function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const ax = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * ax);
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-ax * ax);
  return sign * y;
}

/** The standard normal distribution's CDF. */
export const normalCdf = (z: number) => 0.5 * (1 + erf(z / Math.SQRT2));

export interface Counts {
  views: number;
  signups: number;
}

export type Significance = z.output<typeof significanceSchema>;

/** Whether both variants have the minimum of views and sign-ups for a test to say anything. */
export const enoughData = (a: Counts, b: Counts) =>
  [a, b].every((v) => v.views >= AB_MINIMUM.views && v.signups >= AB_MINIMUM.signups);

/**
 * The pooled two-proportion z-test of B's conversion against A's (two-sided), or null when there is
 * not enough data yet. Sign-ups above views (a visitor may sign up twice) count as a rate of 1.
 */
export function twoProportionTest(a: Counts, b: Counts): Significance | null {
  if (!enoughData(a, b)) return null;
  const sa = Math.min(a.signups, a.views);
  const sb = Math.min(b.signups, b.views);
  const pa = sa / a.views;
  const pb = sb / b.views;
  const pooled = (sa + sb) / (a.views + b.views);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.views + 1 / b.views));
  const z = se === 0 ? 0 : (pb - pa) / se;
  const p = Math.min(1, Math.max(0, 2 * (1 - normalCdf(Math.abs(z)))));
  return { difference_points: (pb - pa) * 100, z, p_value: p, confidence: 1 - p, significant: p < 1 - AB_CONFIDENCE };
}

/** The results in words: "B converts 2.1 points better; 96 % sure", or 'Not enough data yet'. */
export function significanceInWords(significance: Significance | null): string {
  if (!significance) return AB_TEST_MESSAGES.notEnoughData;
  const points = Math.abs(significance.difference_points).toFixed(1);
  const sure = `${Math.floor(significance.confidence * 100)} % sure`;
  if (Number(points) === 0) return 'A and B convert the same so far';
  const [better, worse] = significance.difference_points > 0 ? ['B', 'A'] : ['A', 'B'];
  return `${better} converts ${points} points better than ${worse}; ${sure}${significance.significant ? '' : ' (not significant yet)'}`;
}
