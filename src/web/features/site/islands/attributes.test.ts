import { describe, expect, it } from 'vitest';
import { siteIslandsInHtml } from './attributes.ts';

describe('the islands a prerendered page links', () => {
  it('follow the markers in its HTML', () => {
    expect(siteIslandsInHtml('<section aria-label="Privacy" data-cookie-banner="" class="cookie-banner">')).toEqual(['site']);
    expect(siteIslandsInHtml('<section data-cookie-banner=""></section><dialog id="x" role="dialog" data-signup="webinar">')).toEqual(['site', 'signup']);
    expect(siteIslandsInHtml('<section data-cookie-banner=""></section><div data-webinar-content="/webinar-content.json">')).toEqual([
      'site',
      'webinar-content',
    ]);
  });

  it('are none for text that only mentions a marker', () => {
    expect(siteIslandsInHtml('<p>data-cookie-banner and &lt;dialog data-signup=&quot;x&quot;&gt;</p>')).toEqual([]);
  });
});
