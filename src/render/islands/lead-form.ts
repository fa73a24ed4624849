import { VIEWER_MESSAGES } from '../../shared/landing-pages/viewer.ts';
import { ISLAND_ATTRIBUTES as A } from '../islands.ts';

/**
 * The forms of a public landing page, enhanced: they work as plain forms without this script; with it
 * they send in the background, keep the visitor on the page, announce the result and reset on success.
 * Sent as JSON with the page address's query parameters (utm_… and others), like the site's sign-ups.
 */
function enhance(form: HTMLFormElement) {
  const status = form.querySelector<HTMLElement>(`[${A.leadStatus}]`);
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"], button:not([type])');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const fields: Record<string, string> = {};
    for (const [name, value] of new FormData(form)) if (typeof value === 'string') fields[name] = value;
    const url_parameters = Object.fromEntries(new URLSearchParams(location.search));
    if (submit) submit.disabled = true;
    if (status) status.textContent = '';
    let ok: boolean;
    try {
      const response = await fetch(form.action, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ fields, url_parameters }),
      });
      ok = response.ok;
    } catch {
      ok = false;
    }
    if (submit) submit.disabled = false;
    if (ok) form.reset();
    if (status) {
      status.textContent = ok ? VIEWER_MESSAGES.submitSucceeded : VIEWER_MESSAGES.submitFailed;
      status.dataset.outcome = ok ? 'ok' : 'error';
    }
  });
}

document.querySelectorAll<HTMLFormElement>(`form[${A.leadForm}]`).forEach(enhance);
