// @vitest-environment jsdom
import { zodResolver } from '@hookform/resolvers/zod';
import { screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@shared/auth/api.ts';
import { acceptInviteSchema, type AcceptInviteInput } from '@shared/users/api.ts';
import { renderScreen } from '@web/testing/render.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';

const HINT = 'At least 12 characters.';

function InviteForm() {
  const form = useForm<AcceptInviteInput>({
    resolver: zodResolver(acceptInviteSchema),
    defaultValues: { token: 't', password: '', password_confirmation: '' },
  });
  return (
    <form onSubmit={form.handleSubmit(() => {})} noValidate>
      <NewPasswordFields form={form} hint={HINT} label="New password" confirmLabel="Confirm new password" autoFocus />
      <button type="submit">Save</button>
    </form>
  );
}

describe('NewPasswordFields', () => {
  it('labels both fields for password managers and screen readers, with the hint under the first', () => {
    renderScreen(<InviteForm />);
    const password = screen.getByLabelText('New password');
    const confirmation = screen.getByLabelText('Confirm new password');
    expect(password).toHaveProperty('autocomplete', 'new-password');
    expect(confirmation).toHaveProperty('autocomplete', 'new-password');
    expect(document.activeElement).toBe(password);
    expect(document.getElementById(password.getAttribute('aria-describedby') ?? '')?.textContent).toBe(HINT);
    expect(confirmation.getAttribute('aria-describedby')).toBeNull();
  });

  it('shows the schema messages on each field: a common password, then a confirmation that differs', async () => {
    const { user } = renderScreen(<InviteForm />);
    const password = screen.getByLabelText('New password');
    const confirmation = screen.getByLabelText('Confirm new password');
    await user.type(password, 'passwordpassword');
    await user.type(confirmation, 'passwordpassword');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(AUTH_MESSAGES.passwordTooCommon)).toHaveProperty('id', password.getAttribute('aria-describedby'));
    expect(password.getAttribute('aria-invalid')).toBe('true');

    await user.clear(password);
    await user.type(password, 'a long and unusual passphrase');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(AUTH_MESSAGES.passwordsDiffer)).toHaveProperty('id', confirmation.getAttribute('aria-describedby'));
    expect(confirmation.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(AUTH_MESSAGES.passwordTooCommon)).toBeNull();
  });
});
