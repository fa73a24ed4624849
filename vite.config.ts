import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { commonPasswordsForBrowser } from './scripts/vite-common-passwords.ts';

const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), commonPasswordsForBrowser()],
  // @shared/… and @web/… come from tsconfig.json's paths, the one place they are defined.
  resolve: { tsconfigPaths: true },
  // 'hidden': maps are written (bench/public-pages.ts reads them) but no bundle points to them, and
  // the server never serves *.map: production code ships without its source.
  build: { outDir: 'dist/web', emptyOutDir: true, sourcemap: 'hidden' },
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
