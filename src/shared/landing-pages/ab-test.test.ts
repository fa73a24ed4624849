import { describe, expect, it } from 'vitest';
import { AB_MINIMUM, erf, normalCdf, significanceInWords, twoProportionTest } from './ab-test.ts';

/*
 * Known values: z and the two-sided p computed independently with Python's math.erfc
 * (p = erfc(|z| / sqrt(2)), z from the pooled proportion), e.g. for 200/1000 against 250/1000:
 * pooled 0.225, standard error sqrt(0.225 * 0.775 * 2/1000) = 0.018675, z = 0.05 / 0.018675 = 2.6774.
 * Normal table values: Phi(1.96) = 0.9750, Phi(1) = 0.8413 (any statistics textbook's table).
 */
describe('A/B test statistics', () => {
  it('erf and the normal CDF match table values', () => {
    expect(erf(0)).toBeCloseTo(0, 6);
    expect(erf(1)).toBeCloseTo(0.842701, 6);
    expect(erf(-1)).toBeCloseTo(-0.842701, 6);
    expect(normalCdf(1.96)).toBeCloseTo(0.975, 4);
    expect(normalCdf(1)).toBeCloseTo(0.8413, 4);
    expect(normalCdf(-1.96)).toBeCloseTo(0.025, 4);
  });

  it('pooled two-proportion z-test: B better, significant', () => {
    const s = twoProportionTest({ views: 1000, signups: 200 }, { views: 1000, signups: 250 })!;
    expect(s.difference_points).toBeCloseTo(5, 9);
    expect(s.z).toBeCloseTo(2.677398, 5);
    expect(s.p_value).toBeCloseTo(0.0074196, 6);
    expect(s.significant).toBe(true);
    expect(significanceInWords(s)).toBe('B converts 5.0 points better than A; 99 % sure');
  });

  it('pooled two-proportion z-test: A better, not significant', () => {
    const s = twoProportionTest({ views: 1000, signups: 120 }, { views: 1000, signups: 100 })!;
    expect(s.difference_points).toBeCloseTo(-2, 9);
    expect(s.z).toBeCloseTo(-1.429301, 5);
    expect(s.p_value).toBeCloseTo(0.152918, 5);
    expect(s.significant).toBe(false);
    expect(significanceInWords(s)).toBe('A converts 2.0 points better than B; 84 % sure (not significant yet)');
  });

  it('unequal small groups just above the minimum', () => {
    const s = twoProportionTest({ views: 300, signups: 30 }, { views: 300, signups: 36 })!;
    expect(s.z).toBeCloseTo(0.78286, 4);
    expect(s.p_value).toBeCloseTo(0.433709, 5);
  });

  it("says 'Not enough data yet' below the minimum views or sign-ups of either variant", () => {
    const enough = { views: AB_MINIMUM.views, signups: AB_MINIMUM.signups };
    expect(twoProportionTest(enough, enough)).not.toBeNull();
    expect(twoProportionTest({ ...enough, views: AB_MINIMUM.views - 1 }, { views: 5000, signups: 900 })).toBeNull();
    expect(twoProportionTest({ views: 5000, signups: 900 }, { ...enough, signups: AB_MINIMUM.signups - 1 })).toBeNull();
    expect(significanceInWords(null)).toBe('Not enough data yet');
  });
});
