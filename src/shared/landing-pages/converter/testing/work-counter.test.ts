import { describe, expect, it } from 'vitest';
import { countWork } from './work-counter.ts';

describe('countWork', () => {
  const grow = (n: number, add: (list: number[], i: number) => void) => countWork(() => {
    const list: number[] = [];
    for (let i = 0; i < n; i++) add(list, i);
    return list;
  });

  it('counts a stack grown at the end once per item, and one grown at the front by all it moves', () => {
    expect(grow(1000, (list, i) => list.push(i)).work).toBe(2000);
    const front = grow(1000, (list, i) => list.unshift(i)).work;
    expect(front).toBeGreaterThan(1000 * 999 / 2);
    expect(grow(2000, (list, i) => list.unshift(i)).work / front).toBeGreaterThan(3.9);
  });

  it('counts a search as far as it looked and a callback as the calls it made', () => {
    const list = Array.from({ length: 100 }, (_, i) => i);
    expect(countWork(() => list.indexOf(9)).work).toBe(11);
    expect(countWork(() => list.indexOf(-1)).work).toBe(101);
    expect(countWork(() => list.some((x) => x === 4)).work).toBe(6);
    expect(countWork(() => 'a'.repeat(50).toLowerCase()).work).toBe(1 + 1 + 50 + 1 + 50 + 50);
  });

  it('puts the built-in methods back, also when the code throws', () => {
    const push = Array.prototype.push;
    expect(() =>
      countWork(() => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(Array.prototype.push).toBe(push);
    expect(countWork(() => [1, 2, 3].map((x) => x * 2)).result).toEqual([2, 4, 6]);
  });
});
