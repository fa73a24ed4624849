import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInApp } from '../../../tests/helpers/test-app.ts';
import type { z } from 'zod';
import { DEFAULT_TAG_COLOR, TAG_MESSAGES, TAG_PATHS, type tagSchema } from '../../shared/tags/api.ts';
import { contacts, tags } from '../db/schema.ts';
import { getTagsByNames, listTags } from './service.ts';

/** A tag as it travels: timestamps as ISO 8601 text. */
type TagDto = z.input<typeof tagSchema>;

const app = signedInApp();
beforeEach(async () => {
  await app.t.db.delete(contacts);
  await app.t.db.delete(tags);
});

const { api } = app;
const createTag = async (payload: Record<string, unknown>): Promise<TagDto> => {
  const res = await api('POST', TAG_PATHS.list, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().tag;
};
const contactTags = async () =>
  Object.fromEntries((await app.t.db.select().from(contacts)).map((c) => [c.email, c.tags]));

describe('tags', () => {
  it('creates a tag with the default colour and every field', async () => {
    const plain = await createTag({ name: 'newsletter' });
    expect(plain).toMatchObject({ name: 'newsletter', color: DEFAULT_TAG_COLOR, description: null, kit_tag_name: null, kit_tag_id: null });
    const full = await createTag({ name: ' vip ', description: 'Top clients', color: '#10b981', kit_tag_name: 'VIP', kit_tag_id: '4242' });
    expect(full).toMatchObject({ name: 'vip', description: 'Top clients', color: '#10b981', kit_tag_name: 'VIP', kit_tag_id: 4242 });
    expect(full.created_at).toBe(full.updated_at);
  });

  it('validates name, colour and Kit tag id', async () => {
    const noName = await api('POST', TAG_PATHS.list, { name: '  ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.fields.name).toBe(TAG_MESSAGES.nameRequired);
    const separator = await api('POST', TAG_PATHS.list, { name: 'a;b' });
    expect(separator.json().error.fields.name).toBe(TAG_MESSAGES.nameSeparator);
    const color = await api('POST', TAG_PATHS.list, { name: 'x', color: 'purple' });
    expect(color.json().error.fields.color).toBe(TAG_MESSAGES.colorInvalid);
    for (const kit_tag_id of ['12abc', 'abc', '1.5', -3, true]) {
      const res = await api('POST', TAG_PATHS.list, { name: 'x', kit_tag_id });
      expect(res.statusCode, String(kit_tag_id)).toBe(400);
      expect(res.json().error.fields.kit_tag_id).toBe(TAG_MESSAGES.kitTagIdNotNumber);
    }
    expect(await app.t.db.select().from(tags)).toHaveLength(0);
    expect((await createTag({ name: 'x', kit_tag_id: '' })).kit_tag_id).toBeNull();
  });

  it('refuses a duplicate name with 409 and a field error', async () => {
    await createTag({ name: 'vip' });
    const dup = await api('POST', TAG_PATHS.list, { name: 'vip', color: '#000000' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields).toEqual({ name: 'A tag with this name already exists' });
    const other = await createTag({ name: 'other' });
    const rename = await api('PUT', TAG_PATHS.one.path({ id: other.id }), { name: 'vip' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().error.fields.name).toBe(TAG_MESSAGES.nameTaken);
  });

  it('lists by name and searches name, description and Kit tag name', async () => {
    await createTag({ name: 'webinar', description: 'Signed up for a webinar' });
    await createTag({ name: 'Alpha', kit_tag_name: 'beta-list' });
    await createTag({ name: 'beta' });
    await createTag({ name: 'zeta', description: 'From the Beta launch' });
    const names = async (q: string) => ((await api('GET', `${TAG_PATHS.list}${q}`)).json().tags as TagDto[]).map((tag) => tag.name);
    expect(await names('')).toEqual(['Alpha', 'beta', 'webinar', 'zeta']);
    expect(await names('?search=BETA')).toEqual(['Alpha', 'beta', 'zeta']);
    expect(await names('?search=webinar')).toEqual(['webinar']);
    expect(await names('?search=%25')).toEqual([]);
    expect((await listTags(app.t.db)).map((tag) => tag.name)).toEqual(['Alpha', 'beta', 'webinar', 'zeta']);
    expect((await getTagsByNames(app.t.db, ['zeta', 'nope', 'beta'])).map((tag) => tag.name)).toEqual(['beta', 'zeta']);
    expect(await getTagsByNames(app.t.db, [])).toEqual([]);
  });

  it('renames the tag on every contact, in the same transaction, and sets updated_at', async () => {
    const vip = await createTag({ name: 'vip' });
    await createTag({ name: 'newsletter' });
    await app.t.db.insert(contacts).values([
      { email: 'a@example.com', tags: ['newsletter', 'vip'] },
      { email: 'b@example.com', tags: ['vip'] },
      { email: 'c@example.com', tags: ['newsletter'] },
    ]);
    const res = await api('PUT', TAG_PATHS.one.path({ id: vip.id }), { name: 'VIP clients', color: '#123456', kit_tag_id: 7 });
    expect(res.statusCode).toBe(200);
    const renamed: TagDto = res.json().tag;
    expect(renamed).toMatchObject({ name: 'VIP clients', color: '#123456', kit_tag_id: 7 });
    expect(new Date(renamed.updated_at).getTime()).toBeGreaterThan(new Date(vip.updated_at).getTime());
    expect(await contactTags()).toEqual({
      'a@example.com': ['newsletter', 'VIP clients'],
      'b@example.com': ['VIP clients'],
      'c@example.com': ['newsletter'],
    });
  });

  it('leaves the tag and every contact unchanged when any part of a rename fails', async () => {
    const vip = await createTag({ name: 'vip' });
    await createTag({ name: 'taken' });
    await app.t.db.insert(contacts).values([{ email: 'a@example.com', tags: ['vip'] }, { email: 'b@example.com', tags: ['vip'] }]);

    // The tag update itself fails.
    expect((await api('PUT', TAG_PATHS.one.path({ id: vip.id }), { name: 'taken' })).statusCode).toBe(409);

    // The contacts update fails after the tag row was already changed.
    await app.t.db.execute(sql`create function refuse_contact_update() returns trigger language plpgsql as $$
      begin if new.email = 'b@example.com' then raise exception 'simulated failure'; end if; return new; end $$`);
    await app.t.db.execute(sql`create trigger refuse_contact_update before update on contacts for each row execute function refuse_contact_update()`);
    try {
      expect((await api('PUT', TAG_PATHS.one.path({ id: vip.id }), { name: 'renamed' })).statusCode).toBe(500);
      expect((await api('DELETE', TAG_PATHS.one.path({ id: vip.id }))).statusCode).toBe(500);
    } finally {
      await app.t.db.execute(sql`drop trigger refuse_contact_update on contacts`);
      await app.t.db.execute(sql`drop function refuse_contact_update()`);
    }
    expect((await listTags(app.t.db)).map((tag) => tag.name)).toEqual(['taken', 'vip']);
    expect(await contactTags()).toEqual({ 'a@example.com': ['vip'], 'b@example.com': ['vip'] });
  });

  it('deletes the tag and removes it from every contact', async () => {
    const vip = await createTag({ name: 'vip' });
    await createTag({ name: 'newsletter' });
    await app.t.db.insert(contacts).values([
      { email: 'a@example.com', tags: ['vip', 'newsletter'] },
      { email: 'b@example.com', tags: ['vip'] },
    ]);
    expect((await api('DELETE', TAG_PATHS.one.path({ id: vip.id }))).statusCode).toBe(204);
    expect(await contactTags()).toEqual({ 'a@example.com': ['newsletter'], 'b@example.com': [] });
    expect((await listTags(app.t.db)).map((tag) => tag.name)).toEqual(['newsletter']);
  });

  it('answers 404 for an unknown tag, and 400 for what is no tag id', async () => {
    const put = await api('PUT', TAG_PATHS.one.path({ id: '00000000-0000-4000-8000-000000000000' }), { name: 'x' });
    expect(put.statusCode).toBe(404);
    expect(put.json().error.message).toBe(TAG_MESSAGES.notFound);
    expect((await api('DELETE', TAG_PATHS.one.path({ id: '00000000-0000-4000-8000-000000000000' }))).statusCode).toBe(404);
    expect((await api('PUT', TAG_PATHS.one.path({ id: 'nope' }), { name: 'x' })).json().error.fields).toEqual({ id: 'Not a tag id' });
    expect((await api('DELETE', TAG_PATHS.one.path({ id: 'nope' }))).statusCode).toBe(400);
  });
});
