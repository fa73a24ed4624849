import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { assignVariant } from './ab-assignment.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const TEST_ID = '6f1c2b8e-3a4d-4e5f-8a9b-0c1d2e3f4a5b';
const salt = () => randomBytes(32).toString('base64url');

/** A random visitor: an IPv4 or IPv6 address and one of many browser versions. */
function randomVisitor(): { address: string; userAgent: string } {
  const b = randomBytes(16);
  const address = b[0]! % 2 ? [...b.subarray(1, 5)].join('.') : [...Array(8)].map((_, i) => b.readUInt16BE(i * 2).toString(16)).join(':');
  return { address, userAgent: `${BROWSER} Build/${b.readUInt16BE(6)}` };
}

describe('A/B assignment', () => {
  it('gives one visitor the same variant all day, whatever the number of requests', () => {
    const day = salt();
    for (let i = 0; i < 200; i++) {
      const { address, userAgent } = randomVisitor();
      const first = assignVariant(day, address, userAgent, TEST_ID, 50);
      for (let j = 0; j < 5; j++) expect(assignVariant(day, address, userAgent, TEST_ID, 50)).toBe(first);
    }
  });

  it('may change on another day (another salt) and differs between tests', () => {
    const visitors = Array.from({ length: 200 }, randomVisitor);
    const today = salt();
    const tomorrow = salt();
    const on = (s: string, test = TEST_ID) => visitors.map((v) => assignVariant(s, v.address, v.userAgent, test, 50)).join('');
    expect(on(tomorrow)).not.toBe(on(today));
    expect(on(today, '11111111-2222-4333-8444-555555555555')).not.toBe(on(today));
  });

  it.each([50, 20])('assigns 2,000 simulated visitors within 4 points of a %i %% split', (split) => {
    const day = salt();
    const b = Array.from({ length: 2_000 }, randomVisitor).filter((v) => assignVariant(day, v.address, v.userAgent, TEST_ID, split) === 'b').length;
    expect(Math.abs((b / 2_000) * 100 - split)).toBeLessThanOrEqual(4);
  });

  it('gives bots and requests without a user agent A', () => {
    const day = salt();
    for (let i = 0; i < 50; i++) {
      expect(assignVariant(day, randomVisitor().address, 'Googlebot/2.1 (+http://www.google.com/bot.html)', TEST_ID, 99)).toBe('a');
      expect(assignVariant(day, randomVisitor().address, undefined, TEST_ID, 99)).toBe('a');
    }
  });
});
