import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { NEW_PASSWORD_HINT, userResponseSchema } from '@shared/auth/api.ts';
import {
  acceptInviteSchema,
  inviteCheckResponseSchema,
  USER_MESSAGES,
  USER_PATHS,
  type AcceptInviteInput,
  type InviteState,
} from '@shared/users/api.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Field } from '@web/components/ui/field.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { NewPasswordFields } from '@web/components/ui/new-password-fields.tsx';
import { LoadingScreen, Spinner } from '@web/components/ui/spinner.tsx';
import { ApiError, apiParsed } from '@web/lib/api.ts';
import { useSetSessionUser } from '@web/lib/session.ts';
import { AuthFailure, AuthLayout } from './auth-layout.tsx';

const REFUSED: Record<Exclude<InviteState, 'valid'>, { title: string; message: string }> = {
  expired: { title: 'Invite link expired', message: USER_MESSAGES.inviteExpired },
  used: { title: 'Invite link already used', message: USER_MESSAGES.inviteUsed },
  invalid: { title: 'Invite link not valid', message: USER_MESSAGES.inviteInvalid },
};

/**
 * The page behind an invite link (/invite#token): the invited person chooses a password and is signed
 * in. The token sits in the URL's fragment, which the browser never sends to the server.
 */
export default function InvitePage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const setSessionUser = useSetSessionUser();
  const token = hash.replace(/^#/, '');
  const check = useQuery({
    queryKey: ['invite-check', token],
    queryFn: () => apiParsed(inviteCheckResponseSchema, 'POST', USER_PATHS.checkInvite, { token }),
    enabled: token.length > 0,
    retry: false,
  });
  const form = useForm<AcceptInviteInput>({
    resolver: zodResolver(acceptInviteSchema),
    defaultValues: { token, password: '', password_confirmation: '' },
  });
  const accept = useMutation({
    mutationFn: (input: AcceptInviteInput) => apiParsed(userResponseSchema, 'POST', USER_PATHS.acceptInvite, input),
    onSuccess: ({ user }) => {
      setSessionUser(user);
      navigate('/crm', { replace: true });
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      for (const [field, message] of Object.entries(error.fields)) {
        if (field === 'password' || field === 'password_confirmation') form.setError(field, { message }, { shouldFocus: true });
      }
    },
  });

  if (token && check.isPending) return <LoadingScreen />;
  const state: InviteState = check.data?.state ?? 'invalid';
  if (state !== 'valid') {
    const refused = REFUSED[state];
    return (
      <AuthLayout title={refused.title}>
        <p role="alert" className="text-sm text-gray-700">
          {check.isError ? 'Cannot check the link right now. Please reload the page.' : refused.message}
        </p>
        <Button asChild className="mt-6 w-full">
          <Link to="/login">Go to sign in</Link>
        </Button>
      </AuthLayout>
    );
  }

  const failure = accept.error instanceof ApiError && Object.keys(accept.error.fields).length === 0 ? accept.error.message : null;
  return (
    <AuthLayout title="Join mycrm" subtitle="You were invited to the CRM. Choose a password to finish your account.">
      <AuthFailure message={failure} />
      <form onSubmit={form.handleSubmit((v) => accept.mutate(v))} noValidate className="space-y-4">
        <Field label="Email">
          <Input type="email" autoComplete="username" value={check.data?.email ?? ''} readOnly className="bg-gray-50" />
        </Field>
        <NewPasswordFields form={form} hint={NEW_PASSWORD_HINT} autoFocus />
        <Button type="submit" className="w-full" size="lg" disabled={accept.isPending}>
          {accept.isPending ? <Spinner className="text-white" /> : null}
          Create account and sign in
        </Button>
      </form>
    </AuthLayout>
  );
}
