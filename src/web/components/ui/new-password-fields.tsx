import type { Path, UseFormReturn } from 'react-hook-form';
import { Field } from './field.tsx';
import { PasswordInput } from './password-input.tsx';

type NewPasswordValues = { password: string; password_confirmation: string };

/**
 * A new password and its confirmation, for forms whose schema checks both (`confirmed(...)` in
 * src/shared/users/password-policy.ts): the autocomplete hint lets password managers offer a new one.
 */
export function NewPasswordFields<T extends NewPasswordValues>({
  form,
  hint,
  label = 'Password',
  confirmLabel = 'Confirm password',
  autoFocus,
}: {
  form: UseFormReturn<T>;
  hint: string;
  label?: string;
  confirmLabel?: string;
  autoFocus?: boolean;
}) {
  // T has both fields, but TypeScript cannot see that a generic form's paths include them.
  const password = 'password' as Path<T>;
  const confirmation = 'password_confirmation' as Path<T>;
  const errorOf = (name: Path<T>) => form.getFieldState(name, form.formState).error?.message;
  return (
    <>
      <Field label={label} error={errorOf(password)} hint={hint}>
        <PasswordInput autoComplete="new-password" autoFocus={autoFocus} {...form.register(password)} />
      </Field>
      <Field label={confirmLabel} error={errorOf(confirmation)}>
        <PasswordInput autoComplete="new-password" {...form.register(confirmation)} />
      </Field>
    </>
  );
}
