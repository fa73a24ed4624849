import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { signupKitForms } from './schema.ts';

/** The Kit form each sign-up source joins (double opt-in); a source without one adds sign-ups directly. */

export interface SignupKitForm {
  id: number;
  name: string;
}

export async function listSignupKitForms(db: Db): Promise<Map<string, SignupKitForm>> {
  const rows = await db.select().from(signupKitForms);
  return new Map(rows.map((row) => [row.source, { id: row.kit_form_id, name: row.kit_form_name }]));
}

/** Chooses a source's form, or (null) goes back to adding its sign-ups directly. */
export async function setSignupKitForm(db: Db, source: string, form: SignupKitForm | null): Promise<void> {
  if (!form) {
    await db.delete(signupKitForms).where(eq(signupKitForms.source, source));
    return;
  }
  await db
    .insert(signupKitForms)
    .values({ source, kit_form_id: form.id, kit_form_name: form.name })
    .onConflictDoUpdate({ target: signupKitForms.source, set: { kit_form_id: form.id, kit_form_name: form.name, updated_at: sql`now()` } });
}
