import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, languageFromBrowser, requestLanguage } from './languages.ts';

describe('the site language a browser asks for', () => {
  it('is German when the browser lists German first, English otherwise', () => {
    expect(languageFromBrowser('de-DE')).toBe('de');
    expect(languageFromBrowser('de')).toBe('de');
    expect(languageFromBrowser('en-US')).toBe('en');
    expect(languageFromBrowser('fr-FR')).toBe('en');
    expect(languageFromBrowser(undefined)).toBe('en');
  });

  it('reads Accept-Language by weight, then by order', () => {
    expect(languageFromAcceptLanguage('de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('de');
    expect(languageFromAcceptLanguage('en-US,en;q=0.9,de;q=0.8')).toBe('en');
    expect(languageFromAcceptLanguage('en;q=0.5, de-AT;q=0.8')).toBe('de');
    expect(languageFromAcceptLanguage('fr-CH, fr;q=0.9, de;q=0.8')).toBe('en');
    expect(languageFromAcceptLanguage('')).toBe('en');
    expect(languageFromAcceptLanguage(undefined)).toBe('en');
  });

  it("follows the visitor's stored choice over the browser, and ignores a choice that is no site language", () => {
    expect(requestLanguage('de', 'en-US,en;q=0.9')).toBe('de');
    expect(requestLanguage('en', 'de-DE,de;q=0.9')).toBe('en');
    expect(requestLanguage('fr', 'de-DE')).toBe('de');
    expect(requestLanguage(undefined, 'de-DE')).toBe('de');
  });
});
