import { count, desc } from 'drizzle-orm';
import type { ContactEventActor } from '../../shared/contacts/timeline.ts';
import { ERASURE_LOG_LIMIT, type ErasureLog } from '../../shared/privacy/erasure.ts';
import { userEmails } from '../auth/service.ts';
import { deleteContactsForErasure } from '../contacts/service.ts';
import type { Db } from '../db/client.ts';
import { clearHitsNaming } from '../http/rate-limit.ts';
import { enqueueKitUnsubscribe, forgetKitSubscriber, isKitConfigured, kitUnsubscribeFigures } from '../kit/service.ts';
import type { EmailHasher } from './email-hash.ts';
import { erasures } from './schema.ts';

/*
 * Erasure: in the caller's transaction the contacts go with everything tied to them (timeline,
 * sign-ups, consent records, queued syncs: foreign keys), and so do the traces of their email
 * elsewhere (an import's report, Kit's deliveries and imports, rate-limit counters). Kit is told to
 * unsubscribe them through a queued row that alone holds the email until Kit confirmed. What
 * remains is the erasure log: when, by whom, and a salted hash of the email.
 */

/** Erases these contacts inside `tx`; returns the ids erased (those that still existed). */
export type ContactEraser = (tx: Db, ids: string[], actor: ContactEventActor) => Promise<string[]>;

export function contactEraser(hash: () => EmailHasher): ContactEraser {
  return async (tx, ids, actor) => {
    const erased = await deleteContactsForErasure(tx, ids);
    if (erased.length === 0) return [];
    // Without a key and a Kit id, Kit never had them from this CRM: no email is kept to unsubscribe.
    const kitConfigured = await isKitConfigured(tx);
    for (const person of erased) {
      const kitPerson = { email: person.email, kitId: person.kit_id };
      await forgetKitSubscriber(tx, kitPerson);
      await clearHitsNaming(tx, person.email);
      if (kitConfigured || person.kit_id !== null) await enqueueKitUnsubscribe(tx, kitPerson);
    }
    const erasedBy = actor.kind === 'user' ? actor.id : null;
    await tx.insert(erasures).values(erased.map((person) => ({ erased_by: erasedBy, email_hash: hash()(person.email) })));
    return erased.map((person) => person.id);
  };
}

/** Erases one contact in its own transaction; false when it does not exist. */
export async function eraseContact(db: Db, erase: ContactEraser, id: string, actor: ContactEventActor): Promise<boolean> {
  return (await db.transaction((tx) => erase(tx, [id], actor))).length > 0;
}

export async function erasureLog(db: Db): Promise<ErasureLog> {
  const [[total], rows, kit_unsubscribes] = await Promise.all([
    db.select({ n: count() }).from(erasures),
    db.select().from(erasures).orderBy(desc(erasures.erased_at), desc(erasures.id)).limit(ERASURE_LOG_LIMIT),
    kitUnsubscribeFigures(db),
  ]);
  const names = await userEmails(db, [...new Set(rows.flatMap((r) => (r.erased_by ? [r.erased_by] : [])))]);
  return {
    total: total!.n,
    erasures: rows.map((r) => ({ id: r.id, erased_at: r.erased_at, erased_by: r.erased_by ? (names.get(r.erased_by) ?? null) : null })),
    kit_unsubscribes,
  };
}
