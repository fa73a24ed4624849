import type { Db } from '../db/client.ts';
import { getTagsByNames, setTagKitLink, type Tag } from '../tags/service.ts';
import type { KitTag } from '../../shared/kit/api.ts';
import type { KitClient } from './client.ts';

/*
 * Which Kit tag id a tag name stands for, without spending requests on every sync:
 * 1. a CRM tag with a kit_tag_id: that id (no request);
 * 2. otherwise the Kit tag named like the CRM tag's kit_tag_name (or the name itself), from a
 *    per-account cache that the Kit tag list primes, or else from POST /tags, which answers the
 *    existing tag or creates it (one request per name and cache lifetime). The id found is written
 *    to the CRM tag, so later syncs (on every instance) take path 1.
 */

const CACHE_TTL_MS = 10 * 60_000;
const caches = new Map<string, Map<string, { id: number; at: number }>>();
const pending = new Map<string, Promise<number>>();

function cacheOf(client: KitClient) {
  let cache = caches.get(client.accountId);
  if (!cache) caches.set(client.accountId, (cache = new Map()));
  return cache;
}

/** Remembers Kit's tags (the Kit screen lists them anyway), so picking one of them costs no lookup. */
export function primeKitTagCache(client: KitClient, tags: KitTag[]): void {
  const cache = cacheOf(client);
  const at = Date.now();
  for (const tag of tags) cache.set(tag.name.toLowerCase(), { id: tag.id, at });
}

export function forgetKitTag(client: KitClient, name: string): void {
  cacheOf(client).delete(name.toLowerCase());
}

/** The id of the Kit tag with this name, created in Kit when it does not exist yet. */
export async function kitTagIdByName(client: KitClient, name: string): Promise<number> {
  const cache = cacheOf(client);
  const key = name.toLowerCase();
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.id;
  const inFlight = `${client.accountId}\n${key}`;
  let lookup = pending.get(inFlight);
  if (!lookup) {
    lookup = client
      .createTag(name)
      .then(({ tag }) => {
        cache.set(key, { id: tag.id, at: Date.now() });
        return tag.id;
      })
      .finally(() => pending.delete(inFlight));
    pending.set(inFlight, lookup);
  }
  return lookup;
}

export interface ResolvedKitTag {
  /** The name as asked for (a CRM tag name, or a Kit tag name). */
  name: string;
  /** The Kit tag's name. */
  kit_name: string;
  kit_tag_id: number;
  /** The CRM tag it came from, if any. */
  crm_tag: Tag | null;
}

/** Records the Kit tag (its name as Kit spells it, and its id) on the CRM tag, keeping its other fields. */
export function linkCrmTag(db: Db, tag: Tag, kitName: string, kitTagId: number): Promise<Tag> {
  return setTagKitLink(db, tag.id, kitName, kitTagId);
}

export async function resolveKitTags(db: Db, client: KitClient, tagNames: string[]): Promise<ResolvedKitTag[]> {
  const names = [...new Set(tagNames.map((n) => n.trim()).filter(Boolean))];
  const rows = new Map((await getTagsByNames(db, names)).map((t) => [t.name, t]));
  const resolved: ResolvedKitTag[] = [];
  for (const name of names) {
    const row = rows.get(name) ?? null;
    const kitName = row?.kit_tag_name || name;
    if (row?.kit_tag_id) {
      resolved.push({ name, kit_name: kitName, kit_tag_id: row.kit_tag_id, crm_tag: row });
      continue;
    }
    const id = await kitTagIdByName(client, kitName);
    resolved.push({ name, kit_name: kitName, kit_tag_id: id, crm_tag: row ? await linkCrmTag(db, row, kitName, id) : null });
  }
  return resolved;
}
