import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KIT_PATHS, kitFormListSchema, kitKeyStatusSchema } from '@shared/kit/api.ts';
import { consentStatementListSchema, consentStatementSchema, signupFormListSchema, type SaveSignupFormBody, type SaveStatementBody } from '@shared/privacy/consent.ts';
import { CONSENT_PATHS } from '@shared/privacy/paths.ts';
import type { SignupKind } from '@shared/privacy/sources.ts';
import { apiParsed } from '@web/lib/api.ts';

/** Consent statements and the Kit form per sign-up source (src/server/privacy/consent-routes.ts); answers parsed with the shared schemas. */

const keys = { statements: ['privacy', 'statements'] as const, signupForms: ['privacy', 'signup-forms'] as const, kitForms: ['privacy', 'kit-forms'] as const };

export function useStatements() {
  return useQuery({ queryKey: keys.statements, queryFn: async () => (await apiParsed(consentStatementListSchema, 'GET', CONSENT_PATHS.statements)).statements });
}

export function useSaveStatement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, texts }: { kind: SignupKind; texts: SaveStatementBody }) => apiParsed(consentStatementSchema, 'POST', CONSENT_PATHS.statementVersions.path({ kind }), texts),
    onSettled: () => client.invalidateQueries({ queryKey: keys.statements }),
  });
}

export function useSignupForms() {
  return useQuery({ queryKey: keys.signupForms, queryFn: async () => (await apiParsed(signupFormListSchema, 'GET', CONSENT_PATHS.signupForms)).sources });
}

/**
 * The Kit account's forms, read from Kit through the server (an error says why: Kit down, key
 * refused); null without a saved key, when there is nothing to ask Kit.
 */
export function useKitForms() {
  return useQuery({
    queryKey: keys.kitForms,
    queryFn: async () => {
      if (!(await apiParsed(kitKeyStatusSchema, 'GET', KIT_PATHS.settings)).configured) return null;
      return (await apiParsed(kitFormListSchema, 'GET', KIT_PATHS.forms)).forms;
    },
    retry: false,
  });
}

export function useSaveSignupForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSignupFormBody) => apiParsed(signupFormListSchema, 'PUT', CONSENT_PATHS.signupForms, body),
    onSuccess: (answer) => client.setQueryData(keys.signupForms, answer.sources),
  });
}
