import { readErrorCode, readSignupAnswer, readSyncState } from '@shared/leads/answers.ts';
import { LEAD_HONEYPOT_FIELD, leadFormProblems, type LeadField, type LeadFormValues } from '@shared/leads/form.ts';
import { LEAD_MESSAGES, waitingListErrorText } from '@shared/leads/messages.ts';
import { LEAD_PATHS } from '@shared/leads/paths.ts';
import { CONSENT_ERROR_CODE_OUTDATED, CONSENT_FORM_MESSAGES, CONSENT_PATHS, readPublicStatement } from '@shared/privacy/paths.ts';
import type { LeadSignupResponse } from '@shared/leads/schema.ts';
import { isSiteLanguage } from '@shared/site/languages.ts';
import { trackPixel } from '@web/features/site/consent/meta-pixel.ts';
import { SITE_ISLAND_ATTRIBUTES as A } from '@web/features/site/islands/attributes.ts';
import type { SignupEndpoint } from '@web/features/site/signup/signup-dialog.tsx';
import { urlParametersForSignup } from '@web/features/site/signup/url-parameters.ts';

/**
 * The sign-up modals of the program and webinar pages (server HTML: a native <dialog> each, see
 * signup-dialog.tsx). Opens a dialog from its buttons or its address hash, checks the fields with the
 * server's rules, sends the sign-up, shows "Joining..." then "Syncing..." while Kit gets it, and the
 * sign-up's error texts (LEAD_MESSAGES) when it fails. No zod, no React: a few kB.
 */

const FIELDS: LeadField[] = ['full_name', 'email', 'phone'];
// How long the form waits to see the new subscriber in Kit. The queue retries on its own; a sign-up
// never fails because Kit is slow or down.
const SYNC_POLLS = 5;
const SYNC_POLL_MS = 600;

const language = isSiteLanguage(document.documentElement.lang) ? document.documentElement.lang : 'en';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class SignupFailed extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/** The statement a form shows now, in the page's language, or null when it cannot be had. */
async function fetchStatement(endpoint: SignupEndpoint): Promise<{ version: number; text: string } | null> {
  try {
    const response = await fetch(CONSENT_PATHS.publicStatement.path({ kind: endpoint === 'webinar' ? 'webinar' : 'waiting_list' }), { cache: 'no-store' });
    const statement = response.ok ? readPublicStatement(await response.json()) : null;
    return statement ? { version: statement.version, text: language === 'de' ? statement.text_de : statement.text_en } : null;
  } catch {
    return null;
  }
}

async function send(endpoint: SignupEndpoint, values: LeadFormValues, honeypot: string, consentVersion: number): Promise<LeadSignupResponse> {
  let response: Response;
  try {
    response = await fetch(LEAD_PATHS.signup.path({ campaign: endpoint }), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        ...values,
        url_parameters: urlParametersForSignup(),
        page: location.pathname,
        // The statement shown beside the button, and where: the sign-up's consent record.
        consent_version: consentVersion,
        language,
        page_url: location.origin + location.pathname,
        [LEAD_HONEYPOT_FIELD]: honeypot,
      }),
    });
  } catch {
    throw new SignupFailed('network');
  }
  const body: unknown = await response.json().catch(() => null);
  const answer = response.ok ? readSignupAnswer(body) : null;
  if (!answer) throw new SignupFailed(readErrorCode(body) ?? 'unknown');
  return answer;
}

async function waitForKit(submissionId: string): Promise<void> {
  for (let i = 0; i < SYNC_POLLS; i++) {
    await sleep(SYNC_POLL_MS);
    try {
      const response = await fetch(LEAD_PATHS.syncState.path({ submissionId }));
      // The sign-up is stored: an answer that is not a sync state ends the wait like a finished sync.
      const state = response.ok ? readSyncState(await response.json()) : null;
      if (!state || state.synced) return;
    } catch {
      return;
    }
  }
}

function setUp(dialog: HTMLDialogElement) {
  const endpoint = dialog.getAttribute(A.signup) as SignupEndpoint;
  const done = dialog.getAttribute(A.signupDone) ?? '';
  const hash = dialog.getAttribute(A.signupHash);
  const form = dialog.querySelector<HTMLFormElement>(`[${A.signupForm}]`)!;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const label = submit.querySelector<HTMLElement>(`[${A.submitLabel}]`)!;
  const idleLabel = label.textContent ?? '';
  const formError = form.querySelector<HTMLElement>(`[${A.formError}]`)!;
  const closeButton = dialog.querySelector<HTMLButtonElement>('[data-signup-close]')!;
  const input = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  const statementText = form.querySelector<HTMLElement>(`[${A.consentStatement}]`)!;
  let statementVersion: number | null = null;
  const showStatement = async () => {
    const statement = await fetchStatement(endpoint);
    statementVersion = statement?.version ?? null;
    statementText.textContent = statement?.text ?? '';
    return statement !== null;
  };
  void showStatement();
  let busy = false;
  let opener: HTMLElement | null = null;

  const showFieldError = (field: LeadField, message: string | null) => {
    const element = form.querySelector<HTMLElement>(`[${A.fieldError}="${field}"]`)!;
    element.textContent = message ?? '';
    element.hidden = !message;
    if (message) {
      input(field).setAttribute('aria-invalid', 'true');
      input(field).setAttribute('aria-describedby', element.id);
    } else {
      input(field).removeAttribute('aria-invalid');
      input(field).removeAttribute('aria-describedby');
    }
  };
  const showFormError = (message: string | null) => {
    formError.querySelector('span')!.textContent = message ?? '';
    formError.hidden = !message;
  };
  const setPhase = (phase: 'idle' | 'submitting' | 'syncing') => {
    busy = phase !== 'idle';
    for (const field of [...FIELDS, LEAD_HONEYPOT_FIELD]) input(field).disabled = busy;
    submit.disabled = busy;
    closeButton.disabled = busy;
    submit.querySelector('svg')?.classList.toggle('hidden', !busy);
    label.textContent = phase === 'idle' ? idleLabel : (submit.dataset[phase] ?? idleLabel);
  };

  const open = () => {
    if (dialog.open) return;
    opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    dialog.showModal();
    trackPixel('AddToCart', { content_name: endpoint === 'webinar' ? 'Webinar' : 'Learning Ecosystem Mastery waiting list' });
  };
  // Closing clears the error, and the address loses the hash that opened it, at once (the dialog's
  // close event comes a moment later).
  const beforeClose = () => {
    showFormError(null);
    if (hash && location.hash === hash) history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  };
  const close = () => {
    beforeClose();
    dialog.close();
  };
  dialog.addEventListener('cancel', (event) => {
    if (busy) event.preventDefault();
    else beforeClose();
  });
  dialog.addEventListener('close', () => {
    if (opener?.isConnected) opener.focus();
  });
  closeButton.addEventListener('click', close);

  for (const button of document.querySelectorAll<HTMLElement>(`[${A.signupOpen}="${dialog.id}"]`)) button.addEventListener('click', open);
  if (hash) {
    const openOnHash = () => location.hash === hash && open();
    window.addEventListener('hashchange', openOnHash);
    openOnHash();
  }

  for (const field of FIELDS) input(field).addEventListener('input', () => showFieldError(field, null));

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    const values: LeadFormValues = { full_name: input('full_name').value, email: input('email').value, phone: input('phone').value };
    const problems = leadFormProblems(values);
    for (const field of FIELDS) {
      const problem = problems[field];
      showFieldError(field, problem ? LEAD_MESSAGES[language].fields[field][problem] : null);
    }
    if (Object.keys(problems).length) return;
    showFormError(null);
    setPhase('submitting');
    if (statementVersion === null && !(await showStatement())) {
      setPhase('idle');
      showFormError(CONSENT_FORM_MESSAGES[language].unavailable);
      return;
    }
    try {
      const result = await send(endpoint, values, input(LEAD_HONEYPOT_FIELD).value, statementVersion!);
      if (result.kit_sync_queued) {
        setPhase('syncing');
        await waitForKit(result.submission_id);
      }
    } catch (error) {
      const code = error instanceof SignupFailed ? error.code : 'unknown';
      setPhase('idle');
      if (code === CONSENT_ERROR_CODE_OUTDATED) {
        // The owner changed the statement meanwhile: show the new words and let the person send again.
        await showStatement();
        showFormError(CONSENT_FORM_MESSAGES[language].outdated);
        return;
      }
      showFormError(endpoint === 'webinar' ? LEAD_MESSAGES[language].webinarFailed : waitingListErrorText(code, language));
      return;
    }
    trackPixel('Lead', { content_name: endpoint });
    succeeded();
  });

  function succeeded() {
    const success = dialog.querySelector<HTMLElement>(`[${A.signupSuccess}]`);
    if (!done.startsWith('#')) {
      // The next page says the rest; meanwhile the dialog shows that it worked.
      if (success) {
        form.hidden = true;
        success.hidden = false;
      }
      location.assign(done);
      return;
    }
    setPhase('idle');
    form.reset();
    opener = null;
    close();
    showConfirmation(document.getElementById(done.slice(1))!);
  }
}

/** A confirmation that replaces the page until its "back" button (the waiting list's). */
function showConfirmation(confirmation: HTMLElement) {
  const page = document.querySelector<HTMLElement>(`[${A.signupPage}]`)!;
  page.hidden = true;
  confirmation.hidden = false;
  window.scrollTo({ top: 0 });
  confirmation.querySelector<HTMLElement>('[tabindex="-1"]')?.focus({ preventScroll: true });
  confirmation.querySelector(`[${A.signupBack}]`)?.addEventListener(
    'click',
    () => {
      confirmation.hidden = true;
      page.hidden = false;
      document.getElementById('program')?.scrollIntoView({ block: 'start' });
    },
    { once: true },
  );
}

document.querySelectorAll<HTMLDialogElement>(`dialog[${A.signup}]`).forEach(setUp);
