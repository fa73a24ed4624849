import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CONSENT_PENDING_ATTRIBUTE } from '@shared/site/consent.ts';
import { startEarlyRequests } from './app/early-requests.ts';
import { isPublicAppPage, RouterProvider, startRouter } from './app/router.tsx';
import './styles.css';

/*
 * The staff app (and the public .ics page), rendered in the browser. The public site's pages are
 * server HTML with islands (src/web/prerender.tsx) and never load this script.
 */
startEarlyRequests(window.location);
// The page's first script marks a visitor who has not chosen (the cookie banner's space is kept for
// it); staff screens show no banner, so they keep no space for one.
if (!isPublicAppPage(window.location.pathname)) document.documentElement.removeAttribute(CONSENT_PENDING_ATTRIBUTE);
void startRouter().then((router) =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);
