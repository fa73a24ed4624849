import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startEarlyRequests } from './app/early-requests.ts';
import { createRouter, RouterProvider } from './app/router.tsx';
import './styles.css';

/*
 * The staff app (and the public .ics page), rendered in the browser. The public site's pages are
 * server HTML with islands (src/web/prerender.tsx) and never load this script.
 */
startEarlyRequests(window.location);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={createRouter()} />
  </StrictMode>,
);
