import { eq, sql } from 'drizzle-orm';
import { TAG_NAME_MAX } from '../../shared/tags/api.ts';
import type { Db } from '../db/client.ts';
import { tags } from './schema.ts';

type Tag = typeof tags.$inferSelect;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * A Kit tag's name as a CRM tag name: Kit allows what CRM tag names refuse (control and format
 * characters, the list separators ; and , that CSV files and tag lists split on, any length).
 */
export const crmTagNameOfKitTag = (kitName: string): string =>
  kitName.replace(/[\p{Cc}\p{Cf}]/gu, '').replace(/[;,]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, TAG_NAME_MAX).trim() || 'Kit tag';

/**
 * The CRM tag standing for a Kit tag: the one linked to its id; else the unlinked tag of its name,
 * which is linked now; else a new tag of that name, linked. Null when the name belongs to a tag
 * linked to another Kit tag (the owner linked it on purpose).
 */
export async function tagForKitTag(tx: Db, kitTagId: number, kitTagName: string): Promise<Tag | null> {
  const [linked] = await tx.select().from(tags).where(eq(tags.kit_tag_id, kitTagId)).limit(1);
  if (linked) return linked;
  const name = crmTagNameOfKitTag(kitTagName);
  const [named] = rowsOf<Tag>(await tx.execute(sql`select * from ${tags} where lower(name) = lower(${name}) order by kit_tag_id is null desc limit 1 for update`));
  if (named) {
    if (named.kit_tag_id !== null && Number(named.kit_tag_id) !== kitTagId) return null;
    const [updated] = await tx.update(tags).set({ kit_tag_id: kitTagId, kit_tag_name: name, updated_at: sql`now()` }).where(eq(tags.id, named.id)).returning();
    return updated ?? null;
  }
  const [created] = await tx.insert(tags).values({ name, kit_tag_id: kitTagId, kit_tag_name: name }).onConflictDoNothing().returning();
  return created ?? null;
}
