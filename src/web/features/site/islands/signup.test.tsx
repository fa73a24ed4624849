// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEAD_MESSAGES } from '@shared/leads/messages.ts';
import { LEAD_PATHS } from '@shared/leads/paths.ts';
import { CONSENT_PATHS } from '@shared/privacy/paths.ts';
import { SITE_ISLAND_ATTRIBUTES as A } from '@web/features/site/islands/attributes.ts';
import { SignupDialog } from '@web/features/site/signup/signup-dialog.tsx';

/**
 * The sign-up island against answers that are not the server's (a proxy's page, another shape): it
 * shows its error message and lets the visitor try again, instead of throwing or reporting success.
 */

const ID = '3f1c2a9e-5b7d-4e8f-9a0b-1c2d3e4f5a6b';
const field = (label: string) => ({ label, placeholder: label });
const TEXTS = {
  title: 'Join the waiting list',
  description: 'We write when the cohort opens.',
  close: 'Close',
  fields: { full_name: field('Full name'), email: field('Email'), phone: field('Phone') },
  optional: 'optional',
  submit: 'Join',
  submitting: 'Joining...',
  syncing: 'Syncing...',
  privacy: 'We keep your data safe.',
};

type Answer = () => Response;
let answers: { signup: Answer; sync: Answer };
let asked: string[];
let sent: Array<Record<string, unknown>>;
const STATEMENT = { kind: 'waiting_list', version: 3, text_en: 'Yes, put me on the list (v3).', text_de: 'Ja, setzt mich auf die Liste (v3).' };

const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(async () => {
  vi.resetModules();
  document.documentElement.lang = 'en';
  document.body.innerHTML = `<main ${A.signupPage}>page</main><section id="joined" hidden><h2 tabindex="-1">Joined</h2></section>${renderToStaticMarkup(
    <SignupDialog id="waiting-list" endpoint="waiting-list" done="#joined" texts={TEXTS} />,
  )}`;
  asked = [];
  answers = { signup: json(201, { submission_id: ID, kit_sync_queued: false }), sync: json(200, { synced: true }) };
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    // The consent statement the form shows is fetched when the page loads.
    if (url === CONSENT_PATHS.publicStatement.path({ kind: 'waiting_list' })) return json(200, STATEMENT)();
    asked.push(url);
    if (init?.body) sent.push(JSON.parse(String(init.body)));
    return url === LEAD_PATHS.signup.path({ campaign: 'waiting-list' }) ? answers.signup() : answers.sync();
  });
  window.scrollTo = () => {};
  // jsdom has <dialog> without its methods.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
  await import('./signup.ts');
});
afterEach(() => vi.unstubAllGlobals());

const form = () => document.querySelector<HTMLFormElement>(`[${A.signupForm}]`)!;
const formError = () => document.querySelector<HTMLElement>(`[${A.formError}]`)!;
const confirmation = () => document.getElementById('joined')!;
const submitButton = () => form().querySelector<HTMLButtonElement>('button[type="submit"]')!;

async function signUp() {
  (form().elements.namedItem('full_name') as HTMLInputElement).value = 'Wanda Waiting';
  (form().elements.namedItem('email') as HTMLInputElement).value = 'wanda@example.com';
  form().requestSubmit();
  // Done once the button is enabled again (an error) or the confirmation replaced the page.
  await vi.waitFor(() => expect(!submitButton().disabled && (!formError().hidden || !confirmation().hidden)).toBe(true), { timeout: 5000 });
}

const showsError = () => {
  expect(formError().hidden).toBe(false);
  expect(formError().textContent).toBe(LEAD_MESSAGES.en.generic);
  expect(confirmation().hidden).toBe(true);
};

describe('the consent statement beside the button', () => {
  it("shows the current statement in the page's language and sends its version, the language and the page address", async () => {
    const statement = form().querySelector<HTMLElement>(`[${A.consentStatement}]`)!;
    await vi.waitFor(() => expect(statement.textContent).toBe(STATEMENT.text_en));
    await signUp();
    expect(sent[0]).toMatchObject({ consent_version: 3, language: 'en', page_url: `${location.origin}${location.pathname}` });
  });
});

describe('the sign-up island reads only answers of the expected shape', () => {
  it('confirms a sign-up the server accepted (the answer as the server writes it)', async () => {
    await signUp();
    expect(confirmation().hidden).toBe(false);
    expect(formError().hidden).toBe(true);
  });

  it('shows its error message for a page that is not JSON, an id that is not text, or a missing field', async () => {
    const malformed: Answer[] = [
      () => new Response('<html>502 Bad Gateway</html>', { status: 201 }),
      json(201, { submission_id: 42, kit_sync_queued: false }),
      json(201, { submission_id: ID, kit_sync_queued: 'yes' }),
      json(201, { submission_id: ID }),
      json(201, null),
      json(400, { error: { code: { not: 'text' } } }),
    ];
    for (const answer of malformed) {
      answers.signup = answer;
      formError().hidden = true;
      await signUp();
      showsError();
    }
  });

  it('ends the wait for Kit at a sync answer of another shape: the sign-up is stored, so it is confirmed', async () => {
    answers.signup = json(201, { submission_id: ID, kit_sync_queued: true });
    answers.sync = json(200, { state: 'pending' });
    await signUp();
    expect(confirmation().hidden).toBe(false);
    expect(asked.filter((url) => url === LEAD_PATHS.syncState.path({ submissionId: ID }))).toHaveLength(1);
  });
});
