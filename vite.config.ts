import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { commonPasswordsForBrowser } from './scripts/vite-common-passwords.ts';

const STAFF_SHARED = /node_modules|[\\/]src[\\/](shared|web[\\/](components|lib))[\\/]/;
const PAGES_SHARED = /[\\/]src[\\/]shared[\\/]landing-pages[\\/]|node_modules[\\/](htmlparser2|entities|dom[a-z-]*)[\\/]/;

const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), commonPasswordsForBrowser()],
  // @shared/… and @web/… come from tsconfig.json's paths, the one place they are defined.
  resolve: { tsconfigPaths: true },
  // 'hidden': maps are written (bench/public-pages.ts reads them) but no bundle points to them, and
  // the server never serves *.map: production code ships without its source.
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: 'hidden',
    // The browsers Tailwind v4 is built for. Vite's own default reaches older ones, for which the
    // minifier wraps a selector list holding :has() in :is(); Chromium cannot file an :is() rule
    // under a class, so it tested the builder's node-toolbar rule against every element it restyled.
    cssTarget: ['chrome111', 'edge111', 'safari16.4', 'firefox128'],
    // .vite/manifest.json: which chunks each staff screen needs, for the server's modulepreload hints.
    manifest: true,
    rolldownOptions: {
      output: {
        // Code two or more screens share goes into one chunk, not dozens of tiny ones (an icon, a
        // button): over HTTP/1.1 a browser fetches six files at a time, so 70 small chunks queued
        // behind each other cost the contacts screen some 600 ms on a first visit (bench:contacts-screen).
        // The landing-page family's own code (document model, HTML converter and its parser) goes
        // into a chunk of its own, so every CRM screen does not load it.
        codeSplitting: {
          minShareCount: 2,
          groups: [
            { name: 'staff', test: (id) => STAFF_SHARED.test(id) && !PAGES_SHARED.test(id), priority: 2 },
            { name: 'pages', test: PAGES_SHARED, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': {
        target: apiTarget,
        // The public .ics page under /api is a browser page: let Vite serve it in development.
        bypass: (req) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
      },
    },
  },
});
