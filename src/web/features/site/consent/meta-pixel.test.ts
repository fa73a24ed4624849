// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SITE_CONFIG_PATH } from '@shared/leads/paths.ts';
import { CONSENT_ACCEPTED, CONSENT_STORAGE_KEY } from '@shared/site/consent.ts';

/** The pixel loads only for a pixel id the site's settings really name: any other answer loads nothing. */

let answer: () => Response;
let asked: string[];
const json = (body: unknown) => () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.resetModules();
  document.head.innerHTML = '';
  delete window.fbq;
  delete window._fbq;
  localStorage.setItem(CONSENT_STORAGE_KEY, CONSENT_ACCEPTED);
  asked = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    return answer();
  });
});
afterEach(() => vi.unstubAllGlobals());

const start = async () => (await import('./meta-pixel.ts')).startPixel();
const pixelScripts = () => [...document.head.querySelectorAll('script')].map((script) => script.src);

describe('the Meta pixel reads the site settings with a check', () => {
  it('loads for a pixel id the settings name', async () => {
    answer = json({ meta_pixel_id: '1234567890' });
    expect(await start()).toBe(true);
    expect(asked).toEqual([SITE_CONFIG_PATH]);
    expect(pixelScripts()).toEqual(['https://connect.facebook.net/en_US/fbevents.js']);
    expect(window.fbq?.queue).toContainEqual(['init', '1234567890']);
  });

  it('loads nothing for an answer of another shape, and does not throw', async () => {
    const malformed = [json({ meta_pixel_id: 1234567890 }), json({ meta_pixel_id: { id: '1' } }), json(null), json(['1234567890']), () => new Response('<html>oops</html>')];
    for (const body of malformed) {
      vi.resetModules();
      answer = body;
      expect(await start()).toBe(false);
      expect(window.fbq).toBeUndefined();
      expect(pixelScripts()).toEqual([]);
    }
  });
});
