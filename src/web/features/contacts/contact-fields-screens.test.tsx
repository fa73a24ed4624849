// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CONTACT_PATHS } from '@shared/contacts/api.ts';
import { CONTACT_FIELDS, listFields, modalRows, pageFields } from '@shared/contacts/fields.ts';
import { CONTACT_TIMELINE_PATHS } from '@shared/contacts/timeline.ts';
import { TAG_PATHS } from '@shared/tags/api.ts';
import { fakeApi } from '@web/testing/fake-api.ts';
import { renderScreen } from '@web/testing/render.tsx';
import { COLUMN_LABELS, OPTIONAL_COLUMNS } from './contact-columns.ts';
import { ContactModal } from './contact-modal.tsx';
import { ContactPage } from './contact-page.tsx';

/* The screens iterate CONTACT_FIELDS: each field with a place in the modal, the page or the list is shown there. */

const ID = '0b6f3f1e-5c1d-4c7e-9a0b-8d2f6e4a1c3b';
const CONTACT = {
  id: ID,
  ...Object.fromEntries(CONTACT_FIELDS.map((field) => [field.name, field.type === 'enum' ? field.default : field.type === 'tags' ? [] : null])),
  email: 'anna@example.com',
  kit_id: null,
  kit_state: null,
  kit_state_at: null,
  url_parameters: {},
  created_at: '2026-02-01T10:00:00.000Z',
  updated_at: '2026-02-01T10:00:00.000Z',
};
const labelled = (label: string) => new RegExp(`^${label}\\s*\\*?$`);

describe('the contact screens', () => {
  it('give each modal field a labelled control, row by row in the table’s order', () => {
    renderScreen(<ContactModal contact={null} open onClose={() => {}} tags={[]} tagsLoading={false} />, { url: '/crm/contacts' });
    const dialog = screen.getByRole('dialog', { name: 'Add Contact' });
    const controls = modalRows(CONTACT_FIELDS)
      .flat()
      .map((field) => within(dialog).getByLabelText(labelled(field.label)));
    const inOrder = controls.every((control, i) => i === 0 || controls[i - 1]!.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(inOrder).toBe(true);
  });

  it('show each page field among the contact’s details', async () => {
    fakeApi({
      [`GET ${CONTACT_PATHS.one.path({ id: ID })}`]: () => ({ contact: CONTACT }),
      [`GET ${CONTACT_TIMELINE_PATHS.events.path({ id: ID })}`]: () => ({ events: [], next_before: null }),
      [`GET ${TAG_PATHS.list}`]: () => ({ tags: [] }),
    });
    renderScreen(
      <Routes>
        <Route path="/crm/contacts/:id" element={<ContactPage />} />
      </Routes>,
      { url: `/crm/contacts/${ID}` },
    );
    const details = await screen.findByRole('region', { name: 'Details' });
    const terms = within(details)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const detailFields = pageFields(CONTACT_FIELDS).filter((field) => field.type !== 'tags');
    expect(terms).toEqual(detailFields.map((field) => field.label));
    for (const field of pageFields(CONTACT_FIELDS).filter((f) => f.type === 'tags')) expect(within(details).getByLabelText(field.label)).toBeTruthy();
  });

  it('offer each list field as a column, then Created, Kit ID and Kit state', () => {
    expect(OPTIONAL_COLUMNS.map((column) => COLUMN_LABELS[column])).toEqual([...listFields(CONTACT_FIELDS).map((field) => field.label), 'Created', 'Kit ID', 'Kit state']);
  });
});

