// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactDto } from '@shared/contacts/api.ts';
import { CONTACT_PATHS } from '@shared/contacts/api.ts';
import { CONTACT_MESSAGES } from '@shared/contacts/form.ts';
import type { TagDto } from '@shared/tags/api.ts';
import { apiError, fakeApi, reply, type ApiHandler } from '@web/testing/fake-api.ts';
import { renderScreen } from '@web/testing/render.tsx';
import { CONTACT_UI_MESSAGES as M } from './contact-messages.ts';
import { ContactModal } from './contact-modal.tsx';

const tag = (name: string, color = '#10B981'): TagDto => ({
  id: `id-${name}`,
  name,
  description: null,
  color,
  kit_tag_name: null,
  kit_tag_id: null,
  created_at: new Date('2026-01-01T00:00:00Z'),
  updated_at: new Date('2026-01-01T00:00:00Z'),
});
const TAGS = [tag('VIP'), tag('newsletter'), tag('Webinar March')];

const ANNA: ContactDto = {
  id: '0b6f3f1e-5c1d-4c7e-9a0b-8d2f6e4a1c3b',
  email: 'anna@example.com',
  first_name: 'Anna',
  last_name: 'Berg',
  full_name: null,
  phone: '+49 30 1234567',
  address: null,
  country: 'Germany',
  linkedin: null,
  source: 'webinar_signup',
  status: 'prospect',
  tags: ['VIP'],
  kit_id: null,
  kit_state: null,
  kit_state_at: null,
  url_parameters: { utm_source: 'newsletter', utm_campaign: 'spring' },
  created_at: new Date('2026-02-01T10:00:00Z'),
  updated_at: new Date('2026-02-01T10:00:00Z'),
};
const wire = (contact: ContactDto) => ({ ...contact, created_at: contact.created_at.toISOString(), updated_at: contact.updated_at.toISOString() });

let save: ApiHandler;
let api: ReturnType<typeof fakeApi>;
const onClose = vi.fn();
beforeEach(() => {
  onClose.mockClear();
  save = ({ body }) => ({ contact: wire({ ...ANNA, ...(body as Partial<ContactDto>) }) });
  api = fakeApi({ [`POST ${CONTACT_PATHS.list}`]: (c) => save(c), [`PUT ${CONTACT_PATHS.one.path({ id: ANNA.id })}`]: (c) => save(c) });
});

function modal(contact: ContactDto | null, { tags = TAGS, tagsLoading = false } = {}) {
  const result = renderScreen(<ContactModal contact={contact} open onClose={onClose} tags={tags} tagsLoading={tagsLoading} />, { url: '/crm/contacts' });
  const dialog = screen.getByRole('dialog', { name: contact ? 'Edit Contact' : 'Add Contact' });
  const field = (label: string) => within(dialog).getByLabelText<HTMLInputElement>(new RegExp(`^${label}\\s*\\*?$`));
  return { ...result, dialog, field };
}

describe('adding a contact', () => {
  it('starts on the email, with Lead and Manual Entry chosen and no tags', () => {
    const { field, dialog } = modal(null);
    expect(document.activeElement).toBe(field('Email'));
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Status').selectedOptions[0]?.textContent).toBe('Lead');
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Source').selectedOptions[0]?.textContent).toBe('Manual Entry');
    expect(within(dialog).queryByRole('list', { name: 'Chosen tags' })).toBeNull();
    // A new contact has no URL parameters to show.
    expect(within(dialog).queryByText('URL parameters')).toBeNull();
  });

  it('refuses what the shared rules refuse, word for word, and saves nothing', async () => {
    const { user, dialog, field } = modal(null);
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    expect(await within(dialog).findByText(CONTACT_MESSAGES.emailRequired)).toBeTruthy();

    await user.type(field('Email'), 'anna@');
    await user.type(field('LinkedIn'), 'ftp://files.example.com/anna');
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    expect(await within(dialog).findByText(CONTACT_MESSAGES.emailInvalid)).toBeTruthy();
    expect(within(dialog).getByText(CONTACT_MESSAGES.linkedinInvalid)).toBeTruthy();
    expect(field('LinkedIn').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);
  });

  it('offers each configured tag once, and a chosen tag can be removed again', async () => {
    const { user, dialog } = modal(null);
    const picker = within(dialog).getByLabelText<HTMLSelectElement>('Tags');
    const offered = () => [...picker.options].map((o) => o.textContent);
    expect(offered()).toEqual(['Add a tag...', 'VIP', 'newsletter', 'Webinar March']);
    await user.selectOptions(picker, 'VIP');
    await user.selectOptions(picker, 'Webinar March');
    const chosen = within(dialog).getByRole('list', { name: 'Chosen tags' });
    expect(within(chosen).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['VIP', 'Webinar March']);
    expect(offered()).toEqual(['Add a tag...', 'newsletter']);

    await user.click(within(chosen).getByRole('button', { name: 'Remove tag VIP' }));
    expect(within(chosen).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Webinar March']);
    expect(offered()).toEqual(['Add a tag...', 'VIP', 'newsletter']);

    await user.selectOptions(picker, 'VIP');
    await user.selectOptions(picker, 'newsletter');
    expect(offered()).toEqual(['All tags added']);
    expect(picker.disabled).toBe(true);
  });

  it('saves the contact as the server stores it: trimmed, lower-cased email, empty fields as null, https added', async () => {
    const { user, dialog, field } = modal(null);
    await user.type(field('Email'), '  Ben@Example.COM ');
    await user.type(field('First name'), ' Ben ');
    await user.type(field('LinkedIn'), 'linkedin.com/in/ben');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Customer');
    await user.selectOptions(within(dialog).getByLabelText('Source'), 'Referral');
    await user.selectOptions(within(dialog).getByLabelText('Tags'), 'newsletter');
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));

    expect(await screen.findByText(M.added)).toBeTruthy();
    expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'POST',
        CONTACT_PATHS.list,
        {
          email: 'ben@example.com',
          first_name: 'Ben',
          last_name: null,
          full_name: null,
          phone: null,
          address: null,
          country: null,
          linkedin: 'https://linkedin.com/in/ben',
          source: 'referral',
          status: 'customer',
          tags: ['newsletter'],
        },
      ],
    ]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('puts an email that is taken on the email field, and keeps the dialog open', async () => {
    save = () => reply(409, { error: { code: 'conflict', message: CONTACT_MESSAGES.emailTaken, fields: { email: CONTACT_MESSAGES.emailTaken } } });
    const { user, dialog, field } = modal(null);
    await user.type(field('Email'), 'anna@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    const message = await within(dialog).findByText(CONTACT_MESSAGES.emailTaken);
    expect(message.id).toBe(field('Email').getAttribute('aria-describedby'));
    await waitFor(() => expect(document.activeElement).toBe(field('Email')));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('puts tags deleted meanwhile on the tags field', async () => {
    const unknown = CONTACT_MESSAGES.tagsUnknown(['VIP']);
    save = () => reply(400, { error: { code: 'validation', message: 'Invalid input', fields: { tags: unknown } } });
    const { user, dialog, field } = modal(null);
    await user.type(field('Email'), 'ben@example.com');
    await user.selectOptions(within(dialog).getByLabelText('Tags'), 'VIP');
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    expect((await within(dialog).findByText(unknown)).id).toBe(within(dialog).getByLabelText('Tags').getAttribute('aria-describedby'));
  });

  it('says "Failed to save contact" for any other failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    save = () => apiError(500, 'internal', 'Internal error');
    const { user, dialog, field } = modal(null);
    await user.type(field('Email'), 'ben@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    expect((await screen.findByText('Internal error')).parentElement?.textContent).toBe(`${M.saveFailed}Internal error`);
    expect(onClose).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it('points to the Tags screen when no tag exists, and says when tags are loading', () => {
    const { dialog, unmount } = modal(null, { tags: [] });
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Tags').disabled).toBe(true);
    expect(within(dialog).getByRole('option', { name: 'No tags configured' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Tags' }).getAttribute('href')).toBe('/crm/tags');
    unmount();
    const loading = modal(null, { tags: [], tagsLoading: true });
    expect(within(loading.dialog).getByRole('option', { name: 'Loading tags...' })).toBeTruthy();
    expect(within(loading.dialog).queryByRole('link', { name: 'Tags' })).toBeNull();
  });
});

describe('editing a contact', () => {
  it('starts with the contact’s values and shows the URL parameters it came with, read-only', () => {
    const { dialog, field } = modal(ANNA);
    expect([field('Email').value, field('First name').value, field('Last name').value, field('Phone').value, field('Country').value]).toEqual([
      'anna@example.com',
      'Anna',
      'Berg',
      '+49 30 1234567',
      'Germany',
    ]);
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Status').value).toBe('prospect');
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Source').value).toBe('webinar_signup');
    expect(within(within(dialog).getByRole('list', { name: 'Chosen tags' })).getByText('VIP')).toBeTruthy();
    const parameters = within(dialog).getByRole('region', { name: 'URL parameters' });
    expect([...parameters.querySelectorAll('dt, dd')].map((node) => node.textContent)).toEqual(['utm_source', 'newsletter', 'utm_campaign', 'spring']);
  });

  it('says when no URL parameters were captured', () => {
    const { dialog } = modal({ ...ANNA, url_parameters: {} });
    expect(within(within(dialog).getByRole('region', { name: 'URL parameters' })).getByText('None captured')).toBeTruthy();
  });

  it('saves the changes under the contact’s id and says so', async () => {
    const { user, dialog, field } = modal(ANNA);
    await user.clear(field('Phone'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(M.updated)).toBeTruthy();
    expect(api.calls.map((c) => [c.method, c.path])).toEqual([['PUT', CONTACT_PATHS.one.path({ id: ANNA.id })]]);
    expect(api.calls[0]?.body).toMatchObject({ email: 'anna@example.com', phone: null, status: 'prospect', tags: ['VIP'] });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes without saving on Cancel', async () => {
    const { user, dialog, field } = modal(ANNA);
    await user.type(field('Country'), ' (DE)');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(api.calls).toHaveLength(0);
  });
});
