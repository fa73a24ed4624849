import { describe, expect, it } from 'vitest';
import { sparklinePoints } from './sparkline.ts';

describe('sparklinePoints', () => {
  it('spaces the days evenly, the busiest day at the top and zero at the bottom', () => {
    expect(sparklinePoints([0, 5, 10], 102, 22)).toBe('1,21 51,11 101,1');
  });

  it('draws a series without views as a flat line along the bottom', () => {
    expect(sparklinePoints([0, 0, 0, 0], 31, 10)).toBe('1,9 10.67,9 20.33,9 30,9');
  });

  it('has one point per value, in order', () => {
    const values = Array.from({ length: 30 }, (_, i) => (i * 7) % 11);
    const points = sparklinePoints(values, 120, 24).split(' ');
    expect(points).toHaveLength(30);
    const xs = points.map((p) => Number(p.split(',')[0]));
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    // The highest value touches the top inset, the lowest (0) the bottom one.
    const ys = points.map((p) => Number(p.split(',')[1]));
    expect(Math.min(...ys)).toBe(1);
    expect(Math.max(...ys)).toBe(23);
  });

  it('puts a single value in the middle, and nothing for no values', () => {
    expect(sparklinePoints([3], 40, 10)).toBe('20,1');
    expect(sparklinePoints([], 40, 10)).toBe('');
  });
});
