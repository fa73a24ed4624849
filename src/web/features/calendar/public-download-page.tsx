import { CalendarCheck, Download, ExternalLink, Lightbulb, Loader2, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { publicCalendarEventSchema, type PublicCalendarEvent } from '@shared/calendar/api.ts';
import { publishedTimes } from '@shared/calendar/event-times.ts';
import { icsFileName } from '@shared/calendar/file-name.ts';
import { buildGoogleCalendarLink } from '@shared/calendar/google-link.ts';
import { buildOutlookLink } from '@shared/calendar/outlook-link.ts';
import { publicEventIcsPath, publicEventPath } from '@shared/calendar/paths.ts';
import { ApiError, apiParsed } from '@web/lib/api.ts';
import { startDownload } from '@web/lib/download.ts';
import { detectOs } from './detect-os.ts';
import { SITE_LANGUAGES } from '@shared/site/languages.ts';
import { rememberLanguage, visitorLanguage } from '@web/lib/language-choice.ts';
import { PUBLIC_TEXTS, type PublicLanguage, type PublicTexts } from './public-texts.ts';

/*
 * The page behind the download URL in newsletters (/api/calendar/ics/:eventId): anyone may open it.
 * It loads the event, starts the .ics download, and explains how to add the event. A public page:
 * it imports no CRM code and no form or .ics libraries, only the small link builders.
 */
export default function PublicDownloadPage() {
  const { eventId = '' } = useParams();
  const [language, setLanguage] = useState<PublicLanguage>(visitorLanguage);
  const t = PUBLIC_TEXTS[language];
  const { state, retry } = usePublicEvent(eventId);
  const event = state.status === 'ready' ? state.event : null;

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  useEffect(() => {
    if (event) document.title = event.title;
  }, [event]);

  // The download starts by itself once the event is known to exist, once per event.
  const downloaded = useRef<string | null>(null);
  useEffect(() => {
    if (!event || downloaded.current === event.event_id) return;
    downloaded.current = event.event_id;
    startDownload(publicEventIcsPath(event.event_id), icsFileName(event.title));
  }, [event]);

  return (
    <main className="flex min-h-dvh items-start justify-center bg-gradient-to-b from-brand-50 to-gray-50 px-4 py-10 sm:items-center sm:py-16">
      <div className="w-full max-w-xl rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <LanguageSwitch
          language={language}
          label={t.languageLabel}
          onChange={(next) => {
            rememberLanguage(next);
            setLanguage(next);
          }}
        />
        {state.status === 'error' ? (
          <ErrorState t={t} notFound={state.notFound} onRetry={state.notFound ? undefined : retry} />
        ) : event ? (
          <EventReady event={event} t={t} language={language} />
        ) : (
          <div role="status" className="flex flex-col items-center gap-3 py-10 text-sm text-gray-600">
            <Loader2 aria-hidden className="size-8 animate-spin text-brand-600" />
            {t.loading}
          </div>
        )}
      </div>
    </main>
  );
}

type LoadState =
  | { status: 'loading' }
  | { status: 'error'; notFound: boolean }
  | { status: 'ready'; event: PublicCalendarEvent };

/**
 * The event's public fields. Plain fetch on purpose: public pages do not load the staff screens'
 * data layer. A missing id or a 404 means not found; anything else is a failure worth a retry.
 */
function usePublicEvent(eventId: string): { state: LoadState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const request = `${eventId}#${attempt}`;
  const [result, setResult] = useState<{ request: string; state: LoadState } | null>(null);

  useEffect(() => {
    if (!eventId) return;
    let current = true;
    apiParsed(publicCalendarEventSchema, 'GET', publicEventPath(eventId)).then(
      (event) => current && setResult({ request, state: { status: 'ready', event } }),
      (error: unknown) =>
        current && setResult({ request, state: { status: 'error', notFound: error instanceof ApiError && error.status === 404 } }),
    );
    return () => {
      current = false;
    };
  }, [eventId, request]);

  const state: LoadState = !eventId
    ? { status: 'error', notFound: true }
    : result?.request === request
      ? result.state
      : { status: 'loading' };
  return { state, retry: () => setAttempt((n) => n + 1) };
}

/** The same choice as the site's switch: remembered in the language cookie, so every public page follows it. */
function LanguageSwitch({ language, label, onChange }: { language: PublicLanguage; label: string; onChange: (language: PublicLanguage) => void }) {
  return (
    <div role="group" aria-label={label} className="mb-4 flex justify-end gap-1">
      {SITE_LANGUAGES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={language === option}
          // The visible code, then the language's own name: the name holds what is seen (label in name, WCAG 2.5.3).
          aria-label={`${option.toUpperCase()} ${LANGUAGE_NAMES[option]}`}
          onClick={() => onChange(option)}
          className={`min-h-9 min-w-10 rounded-full px-3 text-xs font-semibold tracking-wide uppercase ${
            language === option ? 'bg-brand-600 text-white' : 'text-gray-700 hover:bg-gray-100'
          }`}
        >
          {option}
        </button>
      ))}
    </div>
  );
}

/** Each language by its own name, as the site's switch shows them. */
const LANGUAGE_NAMES: Record<PublicLanguage, string> = { en: 'English', de: 'Deutsch' };

function ErrorState({ t, notFound, onRetry }: { t: PublicTexts; notFound: boolean; onRetry?: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-amber-100">
        <TriangleAlert aria-hidden className="size-7 text-amber-600" />
      </span>
      <h1 className="text-xl font-semibold text-gray-900">{t.errorTitle}</h1>
      <p className="text-sm text-gray-600">{notFound ? t.notFound : t.genericError}</p>
      {onRetry ? (
        <button type="button" onClick={onRetry} className={SECONDARY_BUTTON}>
          {t.retry}
        </button>
      ) : null}
    </div>
  );
}

function EventReady({ event, t, language }: { event: PublicCalendarEvent; t: PublicTexts; language: PublicLanguage }) {
  const [os] = useState(detectOs);
  const links = directLinks(event);
  const when = eventWhen(event, language);
  return (
    <div className="space-y-7">
      <header className="space-y-3 text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-100">
          <CalendarCheck aria-hidden className="size-7 text-brand-600" />
        </span>
        <p className="text-sm font-medium text-brand-700">{t.downloading}</p>
        <h1 className="text-2xl font-semibold tracking-tight break-words text-gray-900">{event.title}</h1>
        <p className="text-sm text-gray-600">{when}</p>
      </header>

      <div className="space-y-2 text-center">
        <p className="text-sm text-gray-600">{t.downloadStarted}</p>
        <a href={publicEventIcsPath(event.event_id)} download={icsFileName(event.title)} className={PRIMARY_BUTTON}>
          <Download aria-hidden className="size-4" /> {t.downloadButton}
        </a>
      </div>

      <section aria-labelledby="instructions-title" className="rounded-xl bg-gray-50 p-4 sm:p-5">
        <h2 id="instructions-title" className="text-base font-semibold text-gray-900">
          {t.instructionsTitle[os]}
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-gray-700 marker:font-semibold marker:text-brand-600">
          {t.instructions[os].map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>

      {links ? (
        <section aria-labelledby="direct-title" className="space-y-3">
          <h2 id="direct-title" className="text-center text-sm font-semibold text-gray-900">
            {t.addDirectly}
          </h2>
          <div className="grid gap-2 sm:grid-cols-2">
            <DirectLink href={links.google} label={t.addToGoogle} newTab={t.opensInNewTab} />
            <DirectLink href={links.outlook} label={t.addToOutlook} newTab={t.opensInNewTab} />
          </div>
        </section>
      ) : null}

      <p className="flex gap-2 rounded-lg bg-brand-50 px-3 py-2.5 text-sm text-brand-900">
        <Lightbulb aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600" />
        <span>{t.tip}</span>
      </p>

      <section aria-labelledby="fallback-title" className="border-t border-gray-100 pt-5 text-sm text-gray-600">
        <h2 id="fallback-title" className="font-semibold text-gray-900">
          {t.fallbackTitle}
        </h2>
        <p className="mt-1">{t.fallback}</p>
        <dl className="mt-2 space-y-1">
          <Detail label={t.when}>{when}</Detail>
          {event.location ? <Detail label={t.where}>{event.location}</Detail> : null}
        </dl>
      </section>
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-medium text-gray-700">{label}:</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function DirectLink({ href, label, newTab }: { href: string; label: string; newTab: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={SECONDARY_BUTTON}>
      <ExternalLink aria-hidden className="size-4" /> {label}
      <span className="sr-only"> {newTab}</span>
    </a>
  );
}

const BUTTON = 'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 text-sm font-medium transition-colors';
const PRIMARY_BUTTON = `${BUTTON} w-full bg-brand-600 text-white shadow-sm hover:bg-brand-700 sm:w-auto`;
const SECONDARY_BUTTON = `${BUTTON} border border-gray-300 bg-white text-gray-900 shadow-sm hover:bg-gray-50`;

/** Google and Outlook links need the start and end; an event without them offers the file only. */
function directLinks(event: PublicCalendarEvent): { google: string; outlook: string } | null {
  if (!event.start_date || !event.start_time || !event.end_date || !event.end_time) return null;
  try {
    return { google: buildGoogleCalendarLink(event), outlook: buildOutlookLink(event) };
  } catch {
    return null;
  }
}

/** "Sunday, 28 September 2025, 11:00 – 12:00 (Europe/Berlin)", in the page's language. */
function eventWhen(stored: PublicCalendarEvent, language: PublicLanguage): string {
  const event = publishedTimes(stored);
  const locale = language === 'de' ? 'de-DE' : 'en-GB';
  const day = (date: string) => {
    const [year = 0, month = 1, dayOfMonth = 1] = date.split('-').map(Number);
    // The stored date as it is: formatted in UTC, so no time zone moves it to another day.
    return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, dayOfMonth));
  };
  const end = event.end_date === event.start_date ? event.end_time : `${day(event.end_date)}, ${event.end_time}`;
  return `${day(event.start_date)}, ${event.start_time} – ${end} (${event.timezone})`;
}
