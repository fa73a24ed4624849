import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LP_CONSENT_LANGUAGE, LP_CONSENT_VERSION_FIELD, LP_HONEYPOT_FIELD, lpLeadBodySchema, lpLeadResponseSchema } from '../../shared/landing-pages/lead-form.ts';
import { slugError } from '../../shared/landing-pages/slug.ts';
import { VIEWER_MESSAGES, VIEWER_PATHS, type LeadOutcome } from '../../shared/landing-pages/viewer.ts';
import { LEAD_ERROR_CODES, LEAD_MESSAGES } from '../../shared/leads/messages.ts';
import { safeText } from '../../shared/text/safe-text.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { AppError, notFound } from '../http/errors.ts';
import { countHit } from '../http/rate-limit.ts';
import { captureLandingPageLead } from '../leads/service.ts';
import { resolveSignupConsent } from '../privacy/service.ts';
import { CONSENT_MESSAGES, consentFieldsSchema } from '../../shared/privacy/consent.ts';
import { landingPageSource } from '../../shared/privacy/sources.ts';
import { findActivePageBySlug, type LandingPageRow } from './service.ts';
import { visitorVariant } from './ab-assignment.ts';
import { findRunningVariant, runningTestOf } from './ab-tests.ts';

/** Variant B's page when `page` runs an A/B test and this visitor is assigned B (undefined: A). */
async function variantServed(db: Db, page: LandingPageRow, address: string, userAgent: string | undefined): Promise<LandingPageRow | undefined> {
  const test = await runningTestOf(db, page.id);
  if (!test) return undefined;
  return (await visitorVariant(db, test, address, userAgent)) === 'b' ? findRunningVariant(db, test.page_b_id) : undefined;
}

const FORM_BODY_LIMIT = 64 * 1024;
const MINUTE_MS = 60_000;
const FORM_ENCODED = 'application/x-www-form-urlencoded';

/**
 * Where a published page's forms send. The form island posts JSON and
 * gets JSON; a browser without JavaScript posts the form itself and is sent back to the page, which
 * then announces the result. Public, size-capped, limited per IP address with database counters,
 * and the same answer for a known and a new email.
 */
export async function landingPageLeadRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  // A plain form post: its fields become the body's `fields`.
  app.addContentTypeParser(FORM_ENCODED, { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, { fields: Object.fromEntries(new URLSearchParams(body as string)), url_parameters: {} });
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    VIEWER_PATHS.leads.pattern,
    {
      schema: { params: z.object({ slug: safeText().max(200) }), response: { 201: lpLeadResponseSchema } },
      bodyLimit: FORM_BODY_LIMIT,
      config: { public: true },
    },
    async (request, reply) => {
      const plain = request.headers['content-type']?.startsWith(FORM_ENCODED) ?? false;
      const { slug } = request.params;
      // A slug no page can have is looked up nowhere, and never written into a redirect.
      if (slugError(slug) !== null) throw notFound(VIEWER_MESSAGES.notFound);
      const back = (outcome: LeadOutcome) => reply.redirect(VIEWER_PATHS.outcome(slug, outcome), 303);
      try {
        const count = await countHit(db, `lp-lead:ip:${request.ip}`, config.publicRateLimitPerMinute, MINUTE_MS);
        if (count.over) {
          reply.header('Retry-After', String(count.retryAfterSeconds));
          throw new AppError(429, LEAD_ERROR_CODES.rateLimited, LEAD_MESSAGES.en.rateLimited);
        }
        const published = await findActivePageBySlug(db, slug);
        if (!published) throw notFound(VIEWER_MESSAGES.notFound);
        // The form of A's address came from the variant the visitor was assigned, by the same daily hash.
        const page = (await variantServed(db, published, request.ip, request.headers['user-agent'])) ?? published;
        const parsed = lpLeadBodySchema.safeParse(request.body);
        if (!parsed.success) {
          const fields = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.at(-1) === undefined ? '_' : String(issue.path.at(-1)), issue.message]));
          throw new AppError(400, 'validation', parsed.error.issues[0]!.message, fields);
        }
        const { [LP_HONEYPOT_FIELD]: honeypot, [LP_CONSENT_VERSION_FIELD]: shownVersion, ...fields } = parsed.data.fields;
        const version = consentFieldsSchema.consent_version.safeParse(shownVersion);
        if (!version.success) throw new AppError(400, 'validation', CONSENT_MESSAGES.versionInvalid, { [LP_CONSENT_VERSION_FIELD]: CONSENT_MESSAGES.versionInvalid });
        // The page's own address: a landing page's form is on it, whatever the browser says.
        const origin = config.publicUrl ?? `${request.protocol}://${request.host}`;
        const consent = await resolveSignupConsent(db, {
          source: landingPageSource(page.id),
          shownVersion: version.data,
          language: LP_CONSENT_LANGUAGE,
          pageUrl: origin + VIEWER_PATHS.page.path({ slug }),
          siteOrigins: [origin],
        });
        // A filled trap gets the answer of a real sign-up after the same work, rolled back: nothing is stored.
        const keep = !honeypot?.trim();
        await captureLandingPageLead(db, { pageId: page.id, pageTitle: page.title, fields, url_parameters: parsed.data.url_parameters, consent }, { keep });
      } catch (error) {
        if (plain) return back('error');
        throw error;
      }
      return plain ? back('ok') : reply.status(201).send({ ok: true as const });
    },
  );
}
