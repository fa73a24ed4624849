import { SITE_ISLAND_ATTRIBUTES as A } from '@web/features/site/islands/attributes.ts';

/**
 * The webinar page reads its content file on every visit, with a cache-busting timestamp: the page arrives rendered from that file at build time, and when the file cannot be
 * read now the error screen ('Fehler beim Laden der Inhalte', reload with F5) replaces it.
 */
const page = document.querySelector<HTMLElement>(`[${A.webinarContent}]`)!;
const errorScreen = document.querySelector<HTMLElement>(`[${A.webinarError}]`)!;

async function check(): Promise<void> {
  const response = await fetch(`${page.getAttribute(A.webinarContent)}?t=${Date.now()}`);
  if (!response.ok) throw new Error(`webinar content: ${response.status}`);
  const data = (await response.json()) as { webinar?: { hero?: unknown } };
  if (!data.webinar?.hero) throw new Error('webinar content: no "webinar" field');
}

check().catch(() => {
  page.hidden = true;
  errorScreen.hidden = false;
});
errorScreen.querySelector('button')?.addEventListener('click', () => location.reload());
