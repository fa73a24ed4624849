import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONSENT_MESSAGES,
  consentStatementListSchema,
  consentStatementSchema,
  publicStatementSchema,
  saveSignupFormBodySchema,
  saveStatementBodySchema,
  signupFormListSchema,
  statementKindParamsSchema,
  type SignupForm,
} from '../../shared/privacy/consent.ts';
import { CONSENT_PATHS } from '../../shared/privacy/paths.ts';
import { landingPageSource, signupKindOf, SIGNUP_KIND_LABELS, type SignupKind } from '../../shared/privacy/sources.ts';
import type { Db } from '../db/client.ts';
import { AppError, notFound } from '../http/errors.ts';
import { pagesWithForms } from '../landing-pages/service.ts';
import { forgetSignupConsentConfig, signupConsentConfig } from './signup-consent.ts';
import { listSignupKitForms, setSignupKitForm } from './signup-forms.ts';
import { listStatements, saveStatement } from './statements.ts';

export interface ConsentRoutesOptions {
  db: Db;
  /** A statement changed: pages that show it (cached landing pages) must be rendered again. */
  onStatementSaved(kind: SignupKind): Promise<void>;
}

/**
 * Settings → Privacy: the consent statements (every version; saving adds the next) and the Kit form
 * each sign-up source joins; and, public, the statement a form shows now.
 */
export async function consentRoutes(app: FastifyInstance, { db, onStatementSaved }: ConsentRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(CONSENT_PATHS.statements, { schema: { response: { 200: consentStatementListSchema } } }, async () => ({ statements: await listStatements(db) }));

  r.post(
    CONSENT_PATHS.statementVersions.pattern,
    { schema: { params: statementKindParamsSchema, body: saveStatementBodySchema, response: { 201: consentStatementSchema } } },
    async (request, reply) => {
      const saved = await saveStatement(db, request.params.kind, request.body, request.user?.id ?? null);
      forgetSignupConsentConfig(db);
      await onStatementSaved(request.params.kind);
      return reply.status(201).send(saved);
    },
  );

  r.get(
    CONSENT_PATHS.publicStatement.pattern,
    { schema: { params: statementKindParamsSchema, response: { 200: publicStatementSchema } }, config: { public: true } },
    async (request, reply) => {
      const current = (await signupConsentConfig(db)).statements.get(request.params.kind);
      if (!current) throw notFound(CONSENT_MESSAGES.noStatement);
      // Never kept by a browser or proxy: a form must show the version the server takes now.
      reply.header('Cache-Control', 'no-store');
      return { kind: request.params.kind, version: current.version, text_en: current.text_en, text_de: current.text_de };
    },
  );

  r.get(CONSENT_PATHS.signupForms, { schema: { response: { 200: signupFormListSchema } } }, async () => ({ sources: await signupSources(db) }));

  r.put(CONSENT_PATHS.signupForms, { schema: { body: saveSignupFormBodySchema, response: { 200: signupFormListSchema } } }, async (request) => {
    const { source, kit_form } = request.body;
    const sources = await signupSources(db);
    if (!sources.some((s) => s.source === source)) throw new AppError(400, 'validation', CONSENT_MESSAGES.sourceUnknown, { source: CONSENT_MESSAGES.sourceUnknown });
    await setSignupKitForm(db, source, kit_form);
    forgetSignupConsentConfig(db);
    return { sources: await signupSources(db) };
  });
}

/** The site's two forms, then each landing page with a form, with the Kit form each joins. */
async function signupSources(db: Db): Promise<SignupForm[]> {
  const [forms, pages] = await Promise.all([listSignupKitForms(db), pagesWithForms(db)]);
  const sources = [
    { source: 'waiting_list', label: `${SIGNUP_KIND_LABELS.waiting_list} form` },
    { source: 'webinar', label: `${SIGNUP_KIND_LABELS.webinar} form` },
    ...pages.map((page) => ({ source: landingPageSource(page.id), label: `Landing page “${page.title}”` })),
  ];
  return sources.map(({ source, label }) => ({ source, kind: signupKindOf(source)!, label, kit_form: forms.get(source) ?? null }));
}
