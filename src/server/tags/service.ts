import { asc, eq, ilike, inArray, or, sql, type SQLWrapper } from 'drizzle-orm';
import { TAG_MESSAGES, type TagValues } from '../../shared/tags/api.ts';
import { isUniqueViolation, isUuid, likePattern } from '../db/sql-helpers.ts';
import type { Db } from '../db/client.ts';
import { tags } from './schema.ts';
import { AppError, notFound } from '../http/errors.ts';

export type Tag = typeof tags.$inferSelect;

/**
 * Where tag names are stored besides this table (the contacts: contacts/service.ts). A rename or a
 * deletion changes them in its own transaction, so the tag and its holders change together. Passed
 * in by the caller, since the contacts feature itself depends on this one (it checks tag names).
 */
export interface TagHolders {
  renameTag(tx: Db, from: string, to: string): Promise<void>;
  removeTag(tx: Db, name: string): Promise<void>;
}

const NAME_UNIQUE = 'tags_name_unique';
const nameTaken = () => new AppError(409, 'tag_name_taken', TAG_MESSAGES.nameTaken, { name: TAG_MESSAGES.nameTaken });
const byName = [asc(sql`lower(${tags.name})`), asc(tags.name)];

/** Every tag, ordered by name; `search` matches name, description or Kit tag name, ignoring case. */
export async function listTags(db: Db, search?: string): Promise<Tag[]> {
  const pattern = search?.trim() ? likePattern(search.trim()) : undefined;
  return db
    .select()
    .from(tags)
    .where(pattern ? or(ilike(tags.name, pattern), ilike(tags.description, pattern), ilike(tags.kit_tag_name, pattern)) : undefined)
    .orderBy(...byName);
}

/** The tags with these exact names (unknown names are simply absent). */
export async function getTagsByNames(db: Db, names: string[]): Promise<Tag[]> {
  if (names.length === 0) return [];
  return db.select().from(tags).where(inArray(tags.name, names)).orderBy(...byName);
}

/**
 * The configured tag names (all of them, or those among `names`), locked until the transaction
 * ends, so no tag can be renamed or deleted between this check and the write that relies on it.
 */
export async function lockTagNames(tx: Db, names?: string[]): Promise<Set<string>> {
  if (names?.length === 0) return new Set();
  const rows = await tx
    .select({ name: tags.name })
    .from(tags)
    .where(names ? inArray(tags.name, names) : undefined)
    .for('share');
  return new Set(rows.map((r) => r.name));
}

export async function getTagById(db: Db, id: string): Promise<Tag | undefined> {
  if (!isUuid(id)) return undefined;
  const [tag] = await db.select().from(tags).where(eq(tags.id, id));
  return tag;
}

/** The tag with this id, kept from being renamed or deleted until the transaction ends. */
export async function lockTagById(tx: Db, id: string): Promise<Tag | undefined> {
  if (!isUuid(id)) return undefined;
  const [tag] = await tx.select().from(tags).where(eq(tags.id, id)).for('share');
  return tag;
}

/**
 * For a caller's own statement: a row when `tag` is still the tag `idQuery` (as for tagSelectedBy) selects, by that name,
 * locked like lockTagById until the statement's transaction ends; no row when it was renamed,
 * deleted or replaced since it was read.
 */
export const tagHeldAs = (tag: Pick<Tag, 'id' | 'name'>, idQuery: SQLWrapper) =>
  sql`select ${tags.id} from ${tags} where ${tags.id} = ${tag.id}::uuid and ${tags.name} = ${tag.name} and ${inArray(tags.id, idQuery)} for share`;

/**
 * The tag whose id `idQuery` (a parenthesised select of one id column) gives, in one statement: as
 * it is now, or with `lock` locked like lockTagById.
 */
export async function tagSelectedBy(db: Db, idQuery: SQLWrapper, { lock = false } = {}): Promise<Tag | undefined> {
  const query = db.select().from(tags).where(inArray(tags.id, idQuery)).limit(1);
  const [tag] = lock ? await query.for('share') : await query;
  return tag;
}

/**
 * The tag that stands for `name` (ignoring case): the tag of that name, else a tag linked to the Kit
 * tag of that name. With `lock`, locked like lockTagById.
 */
export async function findTagStandingFor(tx: Db, name: string, { lock = false } = {}): Promise<Tag | undefined> {
  const query = tx
    .select()
    .from(tags)
    .where(or(sql`lower(${tags.name}) = lower(${name})`, sql`lower(${tags.kit_tag_name}) = lower(${name})`))
    .orderBy(sql`lower(${tags.name}) = lower(${name}) desc`, sql`${tags.kit_tag_id} is null`, asc(tags.created_at))
    .limit(1);
  const [tag] = lock ? await query.for('share') : await query;
  return tag;
}

export async function createTag(db: Db, values: TagValues): Promise<Tag> {
  const [tag] = await db.insert(tags).values(values).onConflictDoNothing({ target: tags.name }).returning();
  if (!tag) throw nameTaken();
  return tag;
}

/** Saves the tag; a new name replaces the old one on every holder in the same transaction. */
export async function updateTag(db: Db, id: string, values: TagValues, holders: TagHolders): Promise<Tag> {
  if (!isUuid(id)) throw notFound(TAG_MESSAGES.notFound);
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select({ name: tags.name }).from(tags).where(eq(tags.id, id)).for('update');
      if (!current) throw notFound(TAG_MESSAGES.notFound);
      const [tag] = await tx
        .update(tags)
        .set({ ...values, updated_at: sql`now()` })
        .where(eq(tags.id, id))
        .returning();
      if (tag!.name !== current.name) await holders.renameTag(tx, current.name, tag!.name);
      return tag!;
    });
  } catch (error) {
    if (isUniqueViolation(error, NAME_UNIQUE)) throw nameTaken();
    throw error;
  }
}

/** Deletes the tag and takes it off every holder, together. */
export async function deleteTag(db: Db, id: string, holders: TagHolders): Promise<void> {
  if (!isUuid(id)) throw notFound(TAG_MESSAGES.notFound);
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(tags).where(eq(tags.id, id)).returning({ name: tags.name });
    if (!deleted) throw notFound(TAG_MESSAGES.notFound);
    await holders.removeTag(tx, deleted.name);
  });
}

/** Records the Kit tag a CRM tag stands for (its name as Kit spells it, and its id), leaving the rest alone. */
export async function setTagKitLink(db: Db, id: string, kitTagName: string, kitTagId: number): Promise<Tag> {
  if (!isUuid(id)) throw notFound(TAG_MESSAGES.notFound);
  const [tag] = await db
    .update(tags)
    .set({ kit_tag_name: kitTagName, kit_tag_id: kitTagId, updated_at: sql`now()` })
    .where(eq(tags.id, id))
    .returning();
  if (!tag) throw notFound(TAG_MESSAGES.notFound);
  return tag;
}

// Kit's tags reported by its webhooks (and imports) find or make their CRM tag.
export { crmTagNameOfKitTag, tagForKitTag } from './kit-tags.ts';
