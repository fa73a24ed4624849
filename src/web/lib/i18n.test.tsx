// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE } from '@shared/site/languages.ts';
import { fakeApi } from '@web/testing/fake-api.ts';
import { contentUrl, createI18n, useContent, useLanguage } from './i18n.ts';
import { chosenLanguage, rememberLanguage, visitorLanguage } from './language-choice.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.cookie = `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0`;
  document.cookie = 'other=; Path=/; Max-Age=0';
});

describe('the public site’s texts', () => {
  it('come from the content file of the language and namespace', () => {
    expect(contentUrl('de', 'webinar')).toBe('/content/de/webinar.json');
  });

  it('use the namespaces handed over without asking the server (the prerender reads them from disk)', () => {
    const server = fakeApi({});
    const i18n = createI18n('de', { home: { title: 'Willkommen' } });
    expect(i18n.t('title', { ns: 'home' })).toBe('Willkommen');
    expect(i18n.language).toBe('de');
    expect(server.calls).toHaveLength(0);
  });

  it('fetch the common texts in the visitor’s language when none are handed over (the staff app’s cookie banner)', async () => {
    const server = fakeApi({ 'GET /content/de/common.json': () => ({ cookieBanner: { accept: 'Akzeptieren' } }) });
    const i18n = createI18n('de');
    await waitFor(() => expect(i18n.t('cookieBanner.accept')).toBe('Akzeptieren'));
    expect(server.calls.map((c) => c.path)).toEqual(['/content/de/common.json']);
  });

  it('show no other language’s text when a file cannot be fetched', async () => {
    const server = fakeApi({});
    const i18n = createI18n('en');
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(i18n.t('cookieBanner.accept')).toBe('cookieBanner.accept');
  });
});

function Greeting() {
  const content = useContent<{ greeting: string }>('home');
  return (
    <p>
      {content.greeting} ({useLanguage()})
    </p>
  );
}

describe('useContent and useLanguage', () => {
  it('give a page its namespace as one object, and the language it is shown in', () => {
    render(
      <I18nextProvider i18n={createI18n('de', { home: { greeting: 'Hallo' } })}>
        <Greeting />
      </I18nextProvider>,
    );
    expect(screen.getByText('Hallo (de)')).toBeTruthy();
  });

  it('name the namespace and language when a page asks for texts that are not loaded', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <I18nextProvider i18n={createI18n('en', { common: {} })}>
          <Greeting />
        </I18nextProvider>,
      ),
    ).toThrow('The texts "home" (en) are not loaded');
  });
});

describe('the visitor’s language', () => {
  it('is the choice in the cookie, whatever the browser prefers', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    document.cookie = 'other=1';
    document.cookie = `${LANGUAGE_COOKIE}=de`;
    expect(chosenLanguage()).toBe('de');
    expect(visitorLanguage()).toBe('de');
  });

  it('is the browser’s, German or else English, without a valid choice', () => {
    document.cookie = `${LANGUAGE_COOKIE}=fr`;
    expect(chosenLanguage()).toBeNull();
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-AT');
    expect(visitorLanguage()).toBe('de');
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('fr-FR');
    expect(visitorLanguage()).toBe('en');
  });

  it('once chosen, is kept for a year for the whole site, and the page says which it is in', () => {
    const written: string[] = [];
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      written.push(value);
      cookie.set!.call(document, value);
    });
    rememberLanguage('de');
    expect(written).toEqual([`${LANGUAGE_COOKIE}=de; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax`]);
    expect(document.documentElement.lang).toBe('de');
    expect(chosenLanguage()).toBe('de');
  });
});
