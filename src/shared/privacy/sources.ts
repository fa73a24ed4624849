/**
 * Where a person signs up: the marketing site's two forms, and each landing page's form. Each kind
 * shows its own consent statement (all landing pages share one); each source may join its own Kit
 * form for double opt-in, so a source is named by a key: the kind, or `landing_page:<page id>`.
 */

export const SIGNUP_KINDS = ['waiting_list', 'webinar', 'landing_page'] as const;
export type SignupKind = (typeof SIGNUP_KINDS)[number];

export const SIGNUP_KIND_LABELS: Record<SignupKind, string> = {
  waiting_list: 'Waiting list',
  webinar: 'Webinar',
  landing_page: 'Landing pages',
};

export type SignupSourceKey = 'waiting_list' | 'webinar' | `landing_page:${string}`;

export const landingPageSource = (pageId: string): SignupSourceKey => `landing_page:${pageId}`;

/** The kind a source key belongs to (which statement it shows), or null for a key that is not one. */
export function signupKindOf(source: string): SignupKind | null {
  if (source === 'waiting_list' || source === 'webinar') return source;
  return /^landing_page:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(source) ? 'landing_page' : null;
}

/** The languages a statement is written in, and a consent record's language. */
export const CONSENT_LANGUAGES = ['en', 'de'] as const;
export type ConsentLanguage = (typeof CONSENT_LANGUAGES)[number];
