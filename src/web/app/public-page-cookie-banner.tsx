import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { CookieBanner } from '@web/features/site/consent/cookie-banner.tsx';
import { createI18n } from '@web/lib/i18n.ts';
import { visitorLanguage } from '@web/lib/language-choice.ts';

/**
 * The cookie banner of the app's public page, with its translations (i18next, the 'common' texts):
 * loaded only while the visitor has not chosen, so a visitor who has never loads either.
 */
export default function PublicPageCookieBanner() {
  const [i18n] = useState(() => createI18n(visitorLanguage()));
  return (
    <I18nextProvider i18n={i18n}>
      <CookieBanner />
    </I18nextProvider>
  );
}
