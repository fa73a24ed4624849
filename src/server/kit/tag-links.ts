import type { TagLinksResult } from '../../shared/kit/api.ts';
import { listTags } from '../tags/service.ts';
import { interactiveKitClient, type KitContext } from './connection.ts';
import { kitTagIdByName, linkCrmTag, primeKitTagCache } from './tag-ids.ts';

/**
 * Links CRM tags (all, or `tagIds`) to the Kit tags of the same name (their kit_tag_name, or else
 * their name); with `createMissing`, a name Kit does not know becomes a new Kit tag.
 */
export async function linkCrmTagsToKit(ctx: KitContext, { createMissing, tagIds }: { createMissing: boolean; tagIds?: string[] }): Promise<TagLinksResult> {
  const client = await interactiveKitClient(ctx);
  const kitTags = await client.listAllTags();
  primeKitTagCache(client, kitTags);
  const byName = new Map(kitTags.map((t) => [t.name.toLowerCase(), t]));
  const crmTags = (await listTags(ctx.db)).filter((t) => !tagIds || tagIds.includes(t.id));
  const results: TagLinksResult['tags'] = [];
  for (const tag of crmTags) {
    const wanted = tag.kit_tag_name || tag.name;
    const found = byName.get(wanted.toLowerCase());
    let result: TagLinksResult['tags'][number]['result'];
    let saved = tag;
    if (found) {
      result = found.id === tag.kit_tag_id && found.name === tag.kit_tag_name ? 'unchanged' : 'linked';
      if (result === 'linked') saved = await linkCrmTag(ctx.db, tag, found.name, found.id);
    } else if (createMissing) {
      result = 'created';
      saved = await linkCrmTag(ctx.db, tag, wanted, await kitTagIdByName(client, wanted));
    } else {
      result = 'missing';
    }
    results.push({ id: saved.id, name: saved.name, kit_tag_name: saved.kit_tag_name, kit_tag_id: saved.kit_tag_id, result });
  }
  return { tags: results };
}
