import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES, loginSchema, type LoginInput } from '@shared/auth/api.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Field } from '@web/components/ui/field.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { LoadingScreen, Spinner } from '@web/components/ui/spinner.tsx';
import { ApiError } from '@web/lib/api.ts';
import { safeNext, useSession, useSignIn } from '@web/lib/session.ts';
import { AuthFailure, AuthLayout } from './auth-layout.tsx';
import { PasswordInput } from '@web/components/ui/password-input.tsx';

export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const signIn = useSignIn();
  const next = safeNext(params.get('next'));
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: params.get('email') ?? '', password: '' },
  });

  if (session.isPending) return <LoadingScreen />;
  if (session.data) return <Navigate to={next} replace />;

  const onSubmit = form.handleSubmit((values) =>
    signIn.mutateAsync(values).then(
      () => navigate(next, { replace: true }),
      () => form.setValue('password', ''),
    ),
  );
  const error = signIn.error;
  const message =
    error instanceof ApiError && (error.status === 401 || error.status === 429 || error.status === 0)
      ? error.message
      : error
        ? AUTH_MESSAGES.invalidCredentials
        : null;

  return (
    <AuthLayout title="Sign in" subtitle="Welcome back. Sign in to your CRM.">
      {params.get('setup') === 'done' && !error ? (
        <p role="status" className="mb-5 flex items-start gap-2 rounded-lg bg-emerald-50 px-3 py-2.5 text-sm text-emerald-800">
          <CircleCheck className="mt-0.5 size-4 shrink-0" /> Your administrator account is ready. Sign in to continue.
        </p>
      ) : null}
      <AuthFailure message={message} />
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field label="Email" error={form.formState.errors.email?.message}>
          <Input type="email" autoComplete="username" autoFocus placeholder="you@example.com" {...form.register('email')} />
        </Field>
        <Field label="Password" error={form.formState.errors.password?.message}>
          <PasswordInput autoComplete="current-password" {...form.register('password')} />
        </Field>
        <Button type="submit" className="w-full" size="lg" disabled={signIn.isPending}>
          {signIn.isPending ? <Spinner className="text-white" /> : null}
          {signIn.isPending ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </AuthLayout>
  );
}
