import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/helpers/test-db.ts';
import type { Database } from '../db/client.ts';
import { contactEvents, contacts } from '../db/schema.ts';
import { applyKitStates } from './kit-state.ts';
import { listContacts } from './service.ts';

/** Kit's reports of subscriber states: newest by Kit's time wins, each real change on the timeline once. */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute));
async function newContact(email: string) {
  const [row] = await database.db.insert(contacts).values({ email }).returning();
  return row!.id;
}
const stateOf = async (id: string) => (await database.db.select().from(contacts).where(eq(contacts.id, id)))[0]!;
const eventsOf = async (id: string) =>
  (await database.db.select().from(contactEvents).where(eq(contactEvents.contact_id, id)).orderBy(asc(contactEvents.id))).map((e) => e.data);

describe("Kit's subscriber states on contacts", () => {
  it('records the first state Kit reports, with its time, and a timeline event from nothing to it', async () => {
    const id = await newContact('first@example.com');
    const changed = await applyKitStates(database.db, [{ contact_id: id, state: 'active', at: at(0) }], 'import');
    expect(changed).toEqual([{ contact_id: id, from: null, to: 'active' }]);
    expect(await stateOf(id)).toMatchObject({ kit_state: 'active', kit_state_at: at(0) });
    expect(await eventsOf(id)).toEqual([{ type: 'kit_state_changed', from: null, to: 'active', changed_at: at(0).toISOString(), reason: null }]);
    const [event] = await database.db.select().from(contactEvents).where(eq(contactEvents.contact_id, id));
    expect(event!.actor).toEqual({ kind: 'kit', source: 'import' });
  });

  it('ignores a report older than the state held, so out-of-order deliveries end in the newest state', async () => {
    const id = await newContact('order@example.com');
    await applyKitStates(database.db, [{ contact_id: id, state: 'cancelled', at: at(10), reason: 'Unsubscribed by link' }], 'webhook');
    const late = await applyKitStates(database.db, [{ contact_id: id, state: 'active', at: at(5) }], 'webhook');
    expect(late).toEqual([]);
    expect(await stateOf(id)).toMatchObject({ kit_state: 'cancelled', kit_state_at: at(10) });
    expect((await eventsOf(id)).map((e) => e.type === 'kit_state_changed' && [e.to, e.reason])).toEqual([['cancelled', 'Unsubscribed by link']]);
  });

  it('applies the same report twice as once', async () => {
    const id = await newContact('twice@example.com');
    const report = { contact_id: id, state: 'bounced' as const, at: at(3) };
    await applyKitStates(database.db, [report], 'webhook');
    expect(await applyKitStates(database.db, [report], 'webhook')).toEqual([]);
    expect(await eventsOf(id)).toHaveLength(1);
  });

  it('takes the newest of several reports for one contact in one batch, whatever their order', async () => {
    const id = await newContact('batch@example.com');
    const changed = await applyKitStates(
      database.db,
      [
        { contact_id: id, state: 'complained', at: at(30) },
        { contact_id: id, state: 'active', at: at(20) },
        { contact_id: id, state: 'inactive', at: at(10) },
      ],
      'reconciliation',
    );
    expect(changed).toEqual([{ contact_id: id, from: null, to: 'complained' }]);
    expect(await eventsOf(id)).toHaveLength(1);
  });

  it('moves only the time when a newer report repeats the state (no timeline event)', async () => {
    const id = await newContact('same@example.com');
    await applyKitStates(database.db, [{ contact_id: id, state: 'active', at: at(1) }], 'sync');
    expect(await applyKitStates(database.db, [{ contact_id: id, state: 'active', at: at(2) }], 'sync')).toEqual([]);
    expect(await stateOf(id)).toMatchObject({ kit_state: 'active', kit_state_at: at(2) });
    expect(await eventsOf(id)).toHaveLength(1);
  });

  it('records each step of a subscriber who confirms, then unsubscribes', async () => {
    const id = await newContact('steps@example.com');
    await applyKitStates(database.db, [{ contact_id: id, state: 'inactive', at: at(1) }], 'webhook');
    await applyKitStates(database.db, [{ contact_id: id, state: 'active', at: at(2) }], 'webhook');
    await applyKitStates(database.db, [{ contact_id: id, state: 'cancelled', at: at(3) }], 'webhook');
    expect((await eventsOf(id)).map((e) => e.type === 'kit_state_changed' && `${e.from}→${e.to}`)).toEqual(['null→inactive', 'inactive→active', 'active→cancelled']);
  });

  it('filters the contacts list by Kit state', async () => {
    const [a, b] = [await newContact('filter.a@example.com'), await newContact('filter.b@example.com')];
    await applyKitStates(database.db, [{ contact_id: a, state: 'bounced', at: at(40) }, { contact_id: b, state: 'active', at: at(40) }], 'import');
    const bounced = await listContacts(database.db, { kit_state: 'bounced', sort: 'created_at', limit: 50 } as Parameters<typeof listContacts>[1]);
    const emails = bounced.contacts.map((c) => c.email);
    expect(emails).toContain('filter.a@example.com');
    expect(emails).not.toContain('filter.b@example.com');
    expect(bounced.contacts.every((c) => c.kit_state === 'bounced')).toBe(true);
    const rows = await database.db.select().from(contacts).where(inArray(contacts.id, [a, b]));
    expect(rows.map((r) => r.kit_state).sort()).toEqual(['active', 'bounced']);
  });
});
