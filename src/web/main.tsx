import { startTransition, StrictMode } from 'react';
import { readBootData } from './lib/boot-data.ts';
import { chosenLanguage, visitorLanguage } from './lib/language-choice.ts';
import './styles.css';

/*
 * Public pages arrive prerendered, with the data they were rendered from: the app hydrates that
 * HTML in the language it was rendered in (the visitor's choice, which the server reads from its cookie).
 * Every other page (staff screens) renders in the browser.
 *
 * The code comes in parts (translations, routes, React DOM), fetched together and started one at a
 * time with pauses between, so that no start-up step blocks an already visible page for long.
 */

const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  const boot = readBootData();
  const root = document.getElementById('root')!;
  const prerendered = Boolean(boot && root.firstElementChild);
  const i18nModule = import('./lib/i18n.ts');
  const siteStore = import('./features/site/content/site-store.ts');
  const routerModule = import('./app/router.tsx');
  const reactDom = import('react-dom/client');

  const { createI18n, changeLanguage, I18nextProvider } = await i18nModule;
  if (prerendered) await yieldToBrowser();
  const i18n = createI18n(boot?.language ?? visitorLanguage(), boot?.namespaces);
  if (boot) {
    const { primeSiteContent } = await siteStore;
    primeSiteContent({ settings: boot.settings as never, webinar: boot.webinar as never, language: boot.language });
  }

  const { createRouter, RouterProvider } = await routerModule;
  if (prerendered) await yieldToBrowser();
  const router = createRouter();
  const app = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </StrictMode>
  );

  const { createRoot, hydrateRoot } = await reactDom;
  if (!boot || !prerendered) {
    createRoot(root).render(app);
    return;
  }
  // Hydrate only once the page's code is loaded, so the first render is the prerendered page.
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (state.initialized) {
          stop();
          resolve();
        }
      });
    });
  }
  await yieldToBrowser();
  // As a transition, hydration yields to the browser every few milliseconds instead of blocking
  // it for the whole page: the page is already visible and stays responsive meanwhile.
  startTransition(() => {
    hydrateRoot(root, app);
  });
  // The server sends the chosen language; a copy from an older cache may still be in the other one.
  const chosen = chosenLanguage();
  if (chosen && chosen !== boot.language) void changeLanguage(chosen);
}

void start();
