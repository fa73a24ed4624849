// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TagDto } from '@shared/tags/api.ts';
import { fakeApi } from '@web/testing/fake-api.ts';
import { renderScreen } from '@web/testing/render.tsx';
import { SyncModal } from './sync-modal.tsx';

const crmTag = (name: string, kit: Partial<Pick<TagDto, 'kit_tag_name' | 'kit_tag_id'>> = {}): TagDto =>
  ({ id: `id-${name}`, name, description: null, color: '#8B5CF6', kit_tag_name: null, kit_tag_id: null, created_at: new Date(), updated_at: new Date(), ...kit });

const contact = { id: 'c1', email: 'wanda@example.com', first_name: 'Wanda', last_name: null, tags: ['LEM_Waiting_List', 'VIP', 'Renamed campaign'] };

describe('the sync modal of one contact', () => {
  it("preselects the contact's own tags that are linked to Kit, by their Kit names, and sends them", async () => {
    const api = fakeApi({
      'GET /api/kit/forms': () => ({ forms: [] }),
      'GET /api/kit/tags': () => ({ tags: [{ id: 3, name: 'newsletter', created_at: '' }] }),
      'GET /api/tags': () => ({
        tags: [
          crmTag('LEM_Waiting_List', { kit_tag_name: 'LEM_Waiting_List', kit_tag_id: 7 }),
          crmTag('VIP'),
          crmTag('Renamed campaign', { kit_tag_name: 'webinar202509_2' }),
          crmTag('newsletter', { kit_tag_name: 'newsletter', kit_tag_id: 3 }),
        ],
      }),
      'POST /api/kit/contacts/c1/sync': () => ({ kit_id: 42, created: false, tags: [], message: 'Contact successfully synced to Kit!' }),
    });
    renderScreen(<SyncModal contact={contact} open onClose={() => {}} onSynced={() => {}} />);

    const box = async (name: string) => (await screen.findByRole('checkbox', { name: new RegExp(`^${name}`) })) as HTMLInputElement;
    expect((await box('via_mycrm')).checked).toBe(true);
    expect((await box('LEM_Waiting_List')).checked).toBe(true);
    expect((await box('webinar202509_2')).checked).toBe(true);
    // Linked to Kit, but not the contact's; and the contact's, but not linked to Kit.
    expect((await box('newsletter')).checked).toBe(false);
    expect(screen.queryByRole('checkbox', { name: /^VIP/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Sync to Kit' }));
    await waitFor(() => expect(api.callsTo('POST /api/kit/contacts/c1/sync')).toHaveLength(1));
    const sent = (api.callsTo('POST /api/kit/contacts/c1/sync')[0]!.body as { tag_names: string[] }).tag_names;
    expect([...sent].sort()).toEqual(['LEM_Waiting_List', 'via_mycrm', 'webinar202509_2']);
  });
});
