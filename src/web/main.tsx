import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startEarlyRequests } from './app/early-requests.ts';
import { RouterProvider, startRouter } from './app/router.tsx';
import './styles.css';

/*
 * The staff app (and the public .ics page), rendered in the browser. The public site's pages are
 * server HTML with islands (src/web/prerender.tsx) and never load this script.
 */
startEarlyRequests(window.location);
void startRouter().then((router) =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);
