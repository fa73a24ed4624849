import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../auth/api.ts';
import { changePasswordSchema } from './api.ts';
import { isCommonPassword, newPasswordSchema } from './password-policy.ts';

const messageFor = (password: string) => {
  const result = newPasswordSchema.safeParse(password);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('the new-password policy', () => {
  it('refuses passwords shorter than 12 characters', () => {
    expect(messageFor('elevenchars')).toBe(AUTH_MESSAGES.passwordTooShort);
    expect(messageFor('twelve chars')).toBeUndefined();
  });

  it('refuses the most common passwords, ignoring case', () => {
    for (const password of ['passwordpassword', 'PasswordPassword', 'qwerty123456', '1qaz2wsx3edc', 'Administrator']) {
      expect(messageFor(password), password).toBe(AUTH_MESSAGES.passwordTooCommon);
    }
  });

  it('accepts a long password that is not on the list', () => {
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
    expect(messageFor('correct horse battery staple')).toBeUndefined();
    expect(messageFor('x'.repeat(257))).toBe(AUTH_MESSAGES.passwordTooLong);
  });

  it('knows the short common ones too, which the length rule already refuses', () => {
    expect(messageFor('password')).toBe(AUTH_MESSAGES.passwordTooShort);
  });

  it('puts a mismatched confirmation on the confirmation field', () => {
    const result = changePasswordSchema.safeParse({
      current_password: 'old one',
      password: 'a brand new passphrase',
      password_confirmation: 'a brand new passphrasf',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toMatchObject([{ path: ['password_confirmation'], message: AUTH_MESSAGES.passwordsDiffer }]);
  });
});
