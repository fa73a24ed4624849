import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { LEAD_MESSAGES } from '../../shared/leads/messages.ts';
import { LEAD_PATHS } from '../../shared/leads/paths.ts';
import { signupConsent } from '../../../tests/helpers/signup-consent.ts';

/**
 * The sign-up's error codes and texts (LEAD_ERROR_CODES, LEAD_MESSAGES), produced by real database
 * errors: this file's own database gets the constraints an owner might add, and each sign-up trips
 * one of them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

const m = LEAD_MESSAGES.en;
const signUp = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: LEAD_PATHS.signup.path({ campaign: 'waiting-list' }), payload: { ...signupConsent(), ...payload } });

describe('the sign-up error catalogue', () => {
  it('a duplicate key answers "This email is already registered…"', async () => {
    await t.db.execute(sql`create unique index lead_submissions_once on lead_submissions (contact_id)`);
    try {
      expect((await signUp({ full_name: 'Dup', email: 'dup@example.com' })).statusCode).toBe(201);
      const again = await signUp({ full_name: 'Dup', email: 'dup@example.com' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toEqual({ code: 'email_registered', message: m.emailRegistered });
      expect(m.emailRegistered).toBe('This email is already registered. Please use a different email address.');
    } finally {
      await t.db.execute(sql`drop index lead_submissions_once`);
    }
  });

  it('a violated constraint answers "Invalid data provided…" and rolls the sign-up back', async () => {
    await t.db.execute(sql`alter table contacts add constraint phone_not_zeros check (phone is null or phone <> '000')`);
    try {
      const res = await signUp({ full_name: 'Zero', email: 'zero@example.com', phone: '000' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ code: 'invalid_data', message: m.invalidData });
      expect(m.invalidData).toBe('Invalid data provided. Please check your information and try again.');
      const rows = await t.db.execute(sql`select 1 from contacts where email = 'zero@example.com'`);
      expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(0);
    } finally {
      await t.db.execute(sql`alter table contacts drop constraint phone_not_zeros`);
    }
  });

  it('anything else answers "An error occurred…" with a 500', async () => {
    await t.db.execute(sql`alter table lead_submissions rename to lead_submissions_away`);
    try {
      const res = await signUp({ full_name: 'Other', email: 'other@example.com' });
      expect(res.statusCode).toBe(500);
      expect(res.json().error).toEqual({ code: 'signup_failed', message: m.generic });
      expect(m.generic).toBe('An error occurred. Please try again. If the problem persists, please contact support.');
    } finally {
      await t.db.execute(sql`alter table lead_submissions_away rename to lead_submissions`);
    }
    expect((await signUp({ full_name: 'Other', email: 'other@example.com' })).statusCode).toBe(201);
  });

  it('never reads the visitor\'s own words as a database error', async () => {
    const res = await signUp({ full_name: 'duplicate key violates everything', email: 'words@example.com' });
    expect(res.statusCode).toBe(201);
  });
});
