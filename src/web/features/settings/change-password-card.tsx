import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { notifyError, notifySuccess } from '@web/lib/notify.tsx';
import { NEW_PASSWORD_HINT } from '@shared/auth/api.ts';
import { changePasswordSchema, USER_MESSAGES, type ChangePasswordInput } from '@shared/users/api.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Field } from '@web/components/ui/field.tsx';
import { NewPasswordFields } from '@web/components/ui/new-password-fields.tsx';
import { PasswordInput } from '@web/components/ui/password-input.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { ApiError } from '@web/lib/api.ts';
import { useChangePassword } from './users-api.ts';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
type PasswordField = (typeof FIELDS)[number];
const isPasswordField = (name: string): name is PasswordField => (FIELDS as readonly string[]).includes(name);

function changedMessage(signedOut: number): string {
  if (signedOut === 0) return `${USER_MESSAGES.passwordChanged} No other session was open.`;
  return `${USER_MESSAGES.passwordChanged} ${signedOut === 1 ? '1 other session was' : `${signedOut} other sessions were`} signed out.`;
}

/** Change my password: the current one proves it is me; success signs out my other browsers and devices. */
export function ChangePasswordCard({ email }: { email: string }) {
  const change = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });

  const onSubmit = form.handleSubmit((values) =>
    change.mutateAsync(values).then(
      ({ signed_out_sessions }) => {
        form.reset();
        notifySuccess(changedMessage(signed_out_sessions));
      },
      (error: unknown) => {
        const fields = error instanceof ApiError ? Object.entries(error.fields).filter(([name]) => isPasswordField(name)) : [];
        if (fields.length === 0) {
          console.error('Password change failed', error);
          return void notifyError(error instanceof ApiError ? error.message : 'Failed to change the password. Please try again.');
        }
        fields.forEach(([name, message], i) => form.setError(name as PasswordField, { message }, { shouldFocus: i === 0 }));
      },
    ),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle id="change-password-title">Change password</CardTitle>
        <p className="mt-1 text-sm text-gray-600">Changing it signs you out everywhere else: other browsers and devices.</p>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="max-w-md space-y-4" aria-labelledby="change-password-title">
          {/* Tells password managers whose password this is. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <Field label="Current password" error={form.formState.errors.current_password?.message}>
            <PasswordInput autoComplete="current-password" {...form.register('current_password')} />
          </Field>
          <NewPasswordFields
            form={form}
            label="New password"
            confirmLabel="Confirm new password"
            hint={NEW_PASSWORD_HINT}
          />
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? <Spinner className="size-4 text-white" /> : null}
            {change.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
