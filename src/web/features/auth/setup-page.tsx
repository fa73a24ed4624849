import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AUTH_PATHS, PASSWORD_MIN_LENGTH, setupCheckResponseSchema, userResponseSchema } from '@shared/auth/api.ts';
import { setupSchema, type SetupInput } from '@shared/users/api.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Field } from '@web/components/ui/field.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { NewPasswordFields } from '@web/components/ui/new-password-fields.tsx';
import { LoadingScreen, Spinner } from '@web/components/ui/spinner.tsx';
import { ApiError, apiParsed } from '@web/lib/api.ts';
import { queryKeys } from '@web/lib/query-keys.ts';
import { AuthFailure, AuthLayout } from './auth-layout.tsx';

/** First run: the one-time link from the server log opens this page to create the first admin. */
export default function SetupPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const check = useQuery({
    queryKey: queryKeys.setupCheck(token),
    queryFn: () => apiParsed(setupCheckResponseSchema, 'POST', AUTH_PATHS.setupCheck, { token }),
    enabled: token.length > 0,
  });
  const form = useForm<SetupInput>({
    resolver: zodResolver(setupSchema),
    defaultValues: { token, email: '', password: '', password_confirmation: '' },
  });
  const create = useMutation({
    mutationFn: (input: SetupInput) => apiParsed(userResponseSchema, 'POST', AUTH_PATHS.setup, input),
    onSuccess: ({ user }) => navigate(`/login?setup=done&email=${encodeURIComponent(user.email)}`, { replace: true }),
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      for (const [field, message] of Object.entries(error.fields)) {
        form.setError(field as keyof SetupInput, { message });
      }
    },
  });

  if (token && check.isPending) return <LoadingScreen />;
  if (!token || !check.data?.valid) {
    return (
      <AuthLayout title="Setup link not valid">
        <p className="text-sm text-gray-600">
          This setup link has expired or was already used. If an administrator exists, sign in. Otherwise restart the server and
          open the new link it prints, or run <code className="rounded bg-gray-100 px-1 py-0.5 text-xs">npm run user:create</code>.
        </p>
        <Button asChild className="mt-6 w-full">
          <Link to="/login">Go to sign in</Link>
        </Button>
      </AuthLayout>
    );
  }

  const failure = create.error instanceof ApiError && Object.keys(create.error.fields).length === 0 ? create.error.message : null;
  return (
    <AuthLayout title="Create your admin account" subtitle="This account manages your CRM, pages and calendar. You can add more later.">
      <AuthFailure message={failure} />
      <form onSubmit={form.handleSubmit((v) => create.mutate(v))} noValidate className="space-y-4">
        <Field label="Email" error={form.formState.errors.email?.message}>
          <Input type="email" autoComplete="username" autoFocus placeholder="you@example.com" {...form.register('email')} />
        </Field>
        <NewPasswordFields form={form} hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} />
        <Button type="submit" className="w-full" size="lg" disabled={create.isPending}>
          {create.isPending ? <Spinner className="text-white" /> : null}
          Create admin account
        </Button>
      </form>
    </AuthLayout>
  );
}
