import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { startEarlyRequests } from './app/early-requests.ts';
import { createRouter, RouterProvider } from './app/router.tsx';
import { createI18n } from './lib/i18n.ts';
import { visitorLanguage } from './lib/language-choice.ts';
import './styles.css';

/*
 * The staff app (and the public .ics page), rendered in the browser. The public site's pages are
 * server HTML with islands (src/web/prerender.tsx) and never load this script.
 */
startEarlyRequests(window.location);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={createI18n(visitorLanguage())}>
      <RouterProvider router={createRouter()} />
    </I18nextProvider>
  </StrictMode>,
);
