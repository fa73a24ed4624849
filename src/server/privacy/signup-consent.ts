import { sql, type SQL } from 'drizzle-orm';
import { LP_CONSENT_LANGUAGE } from '../../shared/landing-pages/lead-form.ts';
import { CONSENT_ERROR_CODES, CONSENT_MESSAGES } from '../../shared/privacy/consent.ts';
import { signupKindOf, type ConsentLanguage, type SignupKind, type SignupSourceKey } from '../../shared/privacy/sources.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { consentRecords, consentStatements } from './schema.ts';
import { currentStatements, type StatementRow } from './statements.ts';
import { listSignupKitForms, type SignupKitForm } from './signup-forms.ts';

/*
 * What a sign-up needs of the privacy settings (the current statement of its kind, the Kit form of
 * its source), without a database round trip per sign-up: kept in memory per database for
 * CONFIG_TTL_MS and dropped at once when the owner saves through this instance. Other instances see
 * a save within the TTL, and sooner when a sign-up names a version newer than they hold (they read
 * again at once); a sign-up that names an older version than the current one is refused, so a
 * record never claims words the person was not shown.
 */

export const CONFIG_TTL_MS = 5_000;

export interface SignupConsentConfig {
  statements: Map<SignupKind, StatementRow>;
  forms: Map<string, SignupKitForm>;
}

const cache = new WeakMap<Db, { loadedAt: number; config: Promise<SignupConsentConfig> }>();

async function load(db: Db): Promise<SignupConsentConfig> {
  const [statements, forms] = await Promise.all([currentStatements(db), listSignupKitForms(db)]);
  return { statements: new Map(statements.map((s) => [s.kind as SignupKind, s])), forms };
}

/** The settings as this instance holds them (read again when older than CONFIG_TTL_MS, or `fresh`). */
export async function signupConsentConfig(db: Db, { fresh = false } = {}): Promise<SignupConsentConfig> {
  const held = cache.get(db);
  if (held && !fresh && Date.now() - held.loadedAt < CONFIG_TTL_MS) return held.config;
  const config = load(db);
  cache.set(db, { loadedAt: Date.now(), config });
  config.catch(() => cache.delete(db));
  return config;
}

/** The owner saved a statement or a form choice: the next sign-up reads them again. */
export function forgetSignupConsentConfig(db: Db): void {
  cache.delete(db);
}

/**
 * The statement landing pages' forms show, read from the database (not the in-memory copy): a page
 * is rendered once and then kept until something changes, so it must never keep words that were
 * already replaced. Undefined when none exists.
 */
export async function landingPageConsent(db: Db): Promise<{ version: number; text: string } | undefined> {
  const current = (await signupConsentConfig(db, { fresh: true })).statements.get('landing_page');
  return current ? { version: current.version, text: current[`text_${LP_CONSENT_LANGUAGE}`] } : undefined;
}

/** What a sign-up records: the statement it showed and, for double opt-in, the Kit form it joins. */
export interface SignupConsent {
  source: SignupSourceKey;
  kind: SignupKind;
  statement_id: string;
  version: number;
  language: ConsentLanguage;
  page_url: string;
  kit_form_id: number | null;
}

/**
 * The page address a record keeps: a page of this site (its public address; without one, the
 * address the request came to), without its query or fragment (URL parameters are kept with the submission, and
 * a query may carry anything a link put there). Anything else is refused with 400.
 */
export function consentPageAddress(pageUrl: string, siteOrigins: ReadonlyArray<string | undefined>): string {
  const origins = new Set(siteOrigins.flatMap((origin) => (origin ? [originOf(origin)] : [])));
  const url = new URL(pageUrl);
  if (!origins.has(url.origin)) throw new AppError(400, 'validation', CONSENT_MESSAGES.pageUrlInvalid, { page_url: CONSENT_MESSAGES.pageUrlInvalid });
  return url.origin + url.pathname;
}

const originOf = (address: string) => {
  try {
    return new URL(address).origin;
  } catch {
    return '';
  }
};

/**
 * The consent of a sign-up from `source` that showed statement version `shownVersion`: the current
 * version (read again when the sign-up knows a newer one than this instance does); an older one is
 * refused with 409, so the form shows the new words and the person sends again. The page address
 * must be one of `siteOrigins`' pages (consentPageAddress).
 */
export async function resolveSignupConsent(
  db: Db,
  {
    source,
    shownVersion,
    language,
    pageUrl,
    siteOrigins,
  }: { source: SignupSourceKey; shownVersion: number; language: ConsentLanguage; pageUrl: string; siteOrigins: ReadonlyArray<string | undefined> },
): Promise<SignupConsent> {
  const kind = signupKindOf(source);
  if (!kind) throw new Error(`not a sign-up source: ${source}`);
  const page_url = consentPageAddress(pageUrl, siteOrigins);
  let config = await signupConsentConfig(db);
  if ((config.statements.get(kind)?.version ?? 0) < shownVersion) config = await signupConsentConfig(db, { fresh: true });
  const current = config.statements.get(kind);
  if (!current || current.version < shownVersion) throw new AppError(400, 'validation', CONSENT_MESSAGES.versionUnknown, { consent_version: CONSENT_MESSAGES.versionUnknown });
  if (current.version > shownVersion) throw new AppError(409, CONSENT_ERROR_CODES.outdated, CONSENT_MESSAGES.versionOutdated);
  return { source, kind, statement_id: current.id, version: current.version, language, page_url, kit_form_id: config.forms.get(source)?.id ?? null };
}

/**
 * The insert of a sign-up's consent record, for the sign-up's own statement: `submission` names a
 * CTE answering the submission's `id`, so the record costs no round trip of its own.
 */
export function consentRecordInsert(submission: SQL, contactId: string, consent: SignupConsent): SQL {
  return sql`insert into ${consentRecords} (contact_id, submission_id, statement_id, source, language, page_url, kit_form_id)
    select ${contactId}::uuid, id, ${consent.statement_id}::uuid, ${consent.source}, ${consent.language}, ${consent.page_url}, ${consent.kit_form_id}::bigint from ${submission}`;
}

/** The double opt-in form a contact's newest unconfirmed consent record joins, if any (the Kit sync subscribes them to it). */
export async function pendingDoubleOptInForm(db: Db, contactId: string): Promise<number | null> {
  const result = (await db.execute(sql`
    select kit_form_id from ${consentRecords}
    where contact_id = ${contactId}::uuid and kit_form_id is not null and confirmed_at is null
    order by given_at desc limit 1`)) as unknown as { rows: Array<{ kit_form_id: string | number }> };
  const id = result.rows[0]?.kit_form_id;
  return id === undefined ? null : Number(id);
}

export interface ConfirmedConsent {
  contact_id: string;
  kind: SignupKind;
  version: number;
  confirmed_at: string;
}

/**
 * Kit reports these contacts active: their unconfirmed double opt-in records are confirmed at Kit's
 * time, in the caller's transaction (the state change's). Answers the records confirmed.
 */
export async function confirmConsentRecords(tx: Db, reports: Array<{ contact_id: string; at: Date }>): Promise<ConfirmedConsent[]> {
  if (reports.length === 0) return [];
  const input = JSON.stringify(reports.map((r) => ({ id: r.contact_id, at: r.at.toISOString() })));
  const result = (await tx.execute(sql`
    with input as (select (e->>'id')::uuid as id, max((e->>'at')::timestamptz) as at from jsonb_array_elements(${input}::jsonb) e group by 1)
    update ${consentRecords} r set confirmed_at = input.at
    from input, ${consentStatements} s
    where r.contact_id = input.id and s.id = r.statement_id and r.kit_form_id is not null and r.confirmed_at is null
    returning r.contact_id, s.kind, s.version, r.confirmed_at`)) as unknown as {
    rows: Array<{ contact_id: string; kind: SignupKind; version: number; confirmed_at: string | Date }>;
  };
  return result.rows.map((row) => ({ ...row, confirmed_at: new Date(row.confirmed_at).toISOString() }));
}
