import { describe, expect, it } from 'vitest';
import type { ContactEvent } from '@shared/contacts/timeline.ts';
import { DATE_FORMATS } from '@web/components/ui/date-text.tsx';
import { actorText, eventDetails, eventTitle } from './timeline-text.ts';

/** How the contact page words Kit's reports of a subscriber's state. */
describe("a timeline event for Kit's state", () => {
  const changedAt = '2026-11-20T09:30:00.000Z';
  const event = (from: 'active' | null, reason: string | null, source?: 'webhook' | 'import' | 'reconciliation' | 'sync'): ContactEvent => ({
    id: '1',
    at: new Date('2026-11-20T09:31:00Z'),
    actor: { kind: 'kit', ...(source ? { source } : {}) },
    data: { type: 'kit_state_changed', from, to: 'cancelled', changed_at: changedAt, reason },
  });

  it('names the new state as the screens do, what it was before, since when in Kit, and why', () => {
    const unsubscribed = event('active', 'Unsubscribed in Kit', 'webhook');
    expect(eventTitle(unsubscribed)).toBe('Kit: Unsubscribed');
    expect(eventDetails(unsubscribed)).toEqual(['Before: Subscribed', `In Kit since: ${DATE_FORMATS.datetime.format(new Date(changedAt))}`, 'Reason: Unsubscribed in Kit']);
    expect(eventDetails(event(null, null, 'import'))).toEqual(['Before: unknown', `In Kit since: ${DATE_FORMATS.datetime.format(new Date(changedAt))}`]);
  });

  it('says how the CRM learnt of it', () => {
    expect(actorText(event(null, null, 'webhook').actor)).toBe('by Kit (live update)');
    expect(actorText(event(null, null, 'import').actor)).toBe('by the import from Kit');
    expect(actorText(event(null, null, 'reconciliation').actor)).toBe('by the scheduled check with Kit');
    expect(actorText(event(null, null).actor)).toBe('by the Kit sync');
  });
});
