import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { PixelLoader } from '@web/features/site/consent/pixel-loader.tsx';
import { rememberUrlParameters } from '@web/features/site/signup/url-parameters.ts';
import { LanguageSwitch } from './language-switch.tsx';

/** The webinar page is the one page without the floating language switch (spec 002, section 2). */
const WITHOUT_LANGUAGE_SWITCH = new Set(['/learning-ecosystem-webinar']);

/** Every public page: the page, the language switch, the consent-bound pixel, and scroll handling. */
export default function SiteLayout() {
  const { pathname, search, hash } = useLocation();

  useEffect(() => rememberUrlParameters(search), [search]);

  // In-page anchors (#program) after a client-side navigation.
  useEffect(() => {
    if (!hash || hash === '#signup') return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [pathname, hash]);

  return (
    <>
      <Outlet />
      {WITHOUT_LANGUAGE_SWITCH.has(pathname) ? null : <LanguageSwitch />}
      <PixelLoader />
      <ScrollRestoration />
    </>
  );
}
