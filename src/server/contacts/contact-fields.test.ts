import { getTableColumns } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signedInApp } from '../../../tests/helpers/test-app.ts';
import { contactDtoShape, contactSchema } from '../../shared/contacts/api.ts';
import { autoMapColumns, CONTACT_EXPORT_COLUMNS, contactExportColumns, importMappingSchema, importMappingShape } from '../../shared/contacts/csv.ts';
import {
  CONTACT_FIELDS,
  kitCustomFields,
  leadFormContactFields,
  leadFormLabels,
  listFields,
  modalRows,
  pageFields,
  type ContactFieldDefinition,
} from '../../shared/contacts/fields.ts';
import { contactFormSchema, contactFormShape } from '../../shared/contacts/form.ts';
import { IMPORT_JOB_PATHS, type ImportJob } from '../../shared/contacts/import-job.ts';
import { CONTACT_SORTS } from '../../shared/contacts/list.ts';
import { KIT_CUSTOM_FIELD_KEYS } from '../../shared/kit/messages.ts';
import { contacts, tags } from '../db/schema.ts';
import { keepUnlessFilled } from './import.ts';
import { LANDING_PAGE_CONTACT_FIELDS } from './lead-contacts.ts';

/*
 * CONTACT_FIELDS is the one list of a contact's fields: a new entry must reach every place that
 * handles fields, and the table must agree with the contacts table's columns.
 */

const company = {
  name: 'company',
  label: 'Company',
  type: 'text',
  csvAliases: ['company', 'firma'],
  kit: 'custom_field',
  modal: { row: 9, column: 1 },
  page: 12,
  list: { position: 6, shownByDefault: false, widthRem: 9, sortable: false },
  leadForm: { labels: /^(?:company|firma)$/ },
  exported: true,
} as const satisfies ContactFieldDefinition;
const withCompany = [...CONTACT_FIELDS, company] as const;
const names = (fields: readonly ContactFieldDefinition[]) => fields.map((field) => field.name);
const sqlText = (query: Parameters<PgDialect['sqlToQuery']>[0]) => new PgDialect().sqlToQuery(query).sql;

describe('a new contact field', () => {
  it('reaches the form and response schemas, the CSV import and export, Kit, the screens and landing-page forms', () => {
    const form = z.object(contactFormShape(withCompany));
    expect(form.parse({ email: 'a@example.com', company: '  ACME GmbH ' })).toMatchObject({ company: 'ACME GmbH' });
    expect(form.parse({ email: 'a@example.com' })).toMatchObject({ company: null });
    expect(form.safeParse({ email: 'a@example.com', company: 'x'.repeat(501) }).error?.issues[0]).toMatchObject({ path: ['company'], message: 'Must be at most 500 characters' });

    expect(z.object(contactDtoShape(withCompany)).shape).toHaveProperty('company');
    expect(z.object(importMappingShape(withCompany)).parse({ email: 'E-Mail', company: 'Firma' })).toEqual({ email: 'E-Mail', company: 'Firma' });
    expect(autoMapColumns(['E-Mail', 'Firma', 'Vorname'], withCompany)).toEqual({ email: 'E-Mail', company: 'Firma', first_name: 'Vorname' });
    expect(contactExportColumns(withCompany).slice(-3)).toEqual(['company', 'kit_id', 'created_at']);
    expect(sqlText(keepUnlessFilled(withCompany))).toContain('"company" = coalesce(v."company", c."company")');

    expect(names(kitCustomFields(withCompany))).toContain('company');
    expect(modalRows(withCompany).at(-1)).toEqual([company]);
    expect(pageFields(withCompany).at(-1)).toBe(company);
    expect(names(listFields(withCompany)).at(-1)).toBe('company');
    expect(leadFormContactFields(withCompany)).toContain(company);
    expect(leadFormLabels(withCompany)).toContainEqual(['company', company.leadForm.labels]);
  });
});

describe('the contact fields', () => {
  it('are the columns of contacts that a person fills, each with the column type its form gives', () => {
    const { id: _id, kit_id: _kit, kit_state: _state, kit_state_at: _stateAt, url_parameters: _params, created_at: _created, updated_at: _updated, ...columns } = getTableColumns(contacts);
    expect(Object.keys(columns).toSorted()).toEqual(names(CONTACT_FIELDS).toSorted());
    for (const field of CONTACT_FIELDS) {
      const column = columns[field.name];
      const expected =
        field.type === 'enum'
          ? { notNull: true, enumValues: [...field.values] }
          : { notNull: field.type !== 'text' && field.type !== 'multiline' && field.type !== 'phone' && field.type !== 'url', columnType: field.type === 'tags' ? 'PgArray' : 'PgText' };
      expect(column, field.name).toMatchObject(expected);
    }
  });

  it('are every field of the form, the answer, the import mapping and the export', () => {
    const all = names(CONTACT_FIELDS);
    expect(Object.keys(contactFormSchema.shape)).toEqual(all);
    expect(Object.keys(contactSchema.shape)).toEqual(expect.arrayContaining(all));
    expect(Object.keys(importMappingSchema.shape)).toEqual(all);
    expect(CONTACT_EXPORT_COLUMNS).toEqual([...names(CONTACT_FIELDS.filter((field) => field.exported)), 'kit_id', 'created_at']);
    expect(KIT_CUSTOM_FIELD_KEYS).toEqual(['last_name', 'phone', 'address', 'country', 'linkedin', 'source', 'status']);
    expect(LANDING_PAGE_CONTACT_FIELDS).toEqual(['first_name', 'last_name', 'full_name', 'phone', 'address', 'country', 'linkedin']);
  });

  it('have CSV aliases an import can match (compared as lower-case letters and digits), each alias one field’s', () => {
    const aliases = CONTACT_FIELDS.flatMap((field) => field.csvAliases);
    expect(aliases.filter((alias) => !/^[a-z0-9]+$/.test(alias))).toEqual([]);
    expect(new Set(aliases).size).toBe(aliases.length);
  });

  it('sort the list only by what the list query sorts by, and take distinct places in the modal, page and list', () => {
    const sortable = listFields(CONTACT_FIELDS).filter((field) => field.list.sortable);
    expect(names(sortable).filter((name) => !(CONTACT_SORTS as readonly string[]).includes(name))).toEqual([]);
    const places = (keys: Array<string | number>) => new Set(keys).size === keys.length;
    expect(places(CONTACT_FIELDS.flatMap((field) => (field.modal ? [`${field.modal.row}.${field.modal.column}`] : [])))).toBe(true);
    expect(places(CONTACT_FIELDS.flatMap((field) => (field.page === null ? [] : [field.page])))).toBe(true);
    expect(places(listFields(CONTACT_FIELDS).map((field) => field.list.position))).toBe(true);
  });
});

describe('a CSV import that updates known contacts', () => {
  const app = signedInApp();
  beforeEach(async () => {
    await app.t.db.delete(contacts);
    await app.t.db.delete(tags);
    await app.t.db.insert(tags).values([{ name: 'vip' }]);
  });

  /** A valid value for each field, other than what a new contact has. */
  const sample = (field: ContactFieldDefinition): string => {
    switch (field.type) {
      case 'email':
        return 'known@example.com';
      case 'url':
        return `https://example.com/${field.name}`;
      case 'enum':
        return field.values.find((value) => value !== field.default)!;
      case 'tags':
        return 'vip';
      default:
        return `${field.label} value`;
    }
  };

  const importFile = async (row: Record<string, string>) => {
    const mapping = Object.fromEntries(CONTACT_FIELDS.map((field) => [field.name, field.label]));
    const res = await app.t.as(app.cookie, { method: 'POST', url: '/api/contacts/import', payload: { rows: [row], mapping, on_duplicate: 'update' } });
    expect(res.statusCode, res.body).toBe(201);
    let job: ImportJob = res.json().job;
    while (job.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      job = (await app.t.as(app.cookie, { method: 'GET', url: IMPORT_JOB_PATHS.job.path({ id: job.id }) })).json().job;
    }
    expect(job.report).toMatchObject({ updated: 1, invalid: [] });
  };

  it('writes every field a row fills, and keeps every field a row leaves empty', async () => {
    await app.t.db.insert(contacts).values({ email: 'known@example.com' });
    const filled = Object.fromEntries(CONTACT_FIELDS.map((field) => [field.label, sample(field)]));
    await importFile(filled);
    const [afterFilled] = await app.t.db.select().from(contacts);
    for (const field of CONTACT_FIELDS) {
      expect(afterFilled![field.name], field.name).toEqual(field.type === 'tags' ? [sample(field)] : sample(field));
    }

    await importFile({ Email: 'known@example.com' });
    const [afterEmpty] = await app.t.db.select().from(contacts);
    expect(afterEmpty).toMatchObject(Object.fromEntries(CONTACT_FIELDS.map((field) => [field.name, afterFilled![field.name]])));
  });
});
