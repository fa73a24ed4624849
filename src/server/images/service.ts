import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { and, asc, count, desc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { UPLOAD_FIELDS, type DeleteManyResult, type ImageDto, type ImageListQuery, type PageRef } from '../../shared/images/api.ts';
import { extForMime, LARGE_BYTES, NAME_MAX_LENGTH, RECENT_DAYS, TOP_USED_COUNT } from '../../shared/images/constants.ts';
import { IMAGE_MESSAGES, recordFailedMessage, storageFailedMessage } from '../../shared/images/messages.ts';
import { textProblem } from '../../shared/text/characters.ts';
import { IMAGE_FILE_PREFIX, IMAGE_URL_PATTERN, imageFileName, imageFileUrl } from '../../shared/images/urls.ts';
import type { Db } from '../db/client.ts';
import { uploadedImages } from './schema.ts';
import { likePattern } from '../db/sql-helpers.ts';
import { AppError, notFound } from '../http/errors.ts';
import { findContentReferences, pageExists } from '../landing-pages/service.ts';
import { prepareImage } from './prepare-image.ts';
import { storageReason, type ImageStorage } from './storage.ts';
import { allImageKeys, storedImageKey } from './variants.ts';

/** The image library's data: records in uploaded_images, files in storage. */

/** Where the files are, for features that copy them whole (backups). */
export { openImageStorage } from './open-storage.ts';
export type { ImageStorage } from './storage.ts';

export interface ImagesContext {
  db: Db;
  storage: ImageStorage;
  log: FastifyBaseLogger;
}

type ImageRow = typeof uploadedImages.$inferSelect;

const toDto = (row: ImageRow, usageCount: number): ImageDto => ({
  id: row.id,
  name: row.name,
  url: row.url,
  size: row.size,
  width: row.width,
  height: row.height,
  mime_type: row.mime_type as ImageDto['mime_type'],
  tags: row.tags,
  uploaded_at: row.uploaded_at,
  landing_page_id: row.landing_page_id,
  usage_count: usageCount,
});

/**
 * Which saved landing pages use each image, by its URL: read from the pages' content every time,
 * so a count never drifts from what the pages show (a stored counter would miss every page edit).
 */
async function pagesByImageUrl(db: Db): Promise<Map<string, PageRef[]>> {
  const byUrl = new Map<string, PageRef[]>();
  for (const page of await findContentReferences(db, IMAGE_URL_PATTERN, IMAGE_FILE_PREFIX)) {
    for (const fileName of page.matches) {
      const url = imageFileUrl(fileName);
      byUrl.set(url, [...(byUrl.get(url) ?? []), { id: page.id, title: page.title, slug: page.slug }]);
    }
  }
  return byUrl;
}

/**
 * The uploader's file name without any folder or control characters: shown to people, never used as
 * a path. A name with text-direction controls is refused rather than cleaned: it was made to look like
 * another file (`photo\u202Egnp.exe` shows as `photoexe.png`), and the uploader should know.
 */
function displayName(fileName: string | undefined): string | undefined {
  // eslint-disable-next-line no-control-regex
  const name = (fileName ?? '').split(/[/\\]/).pop()!.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  if (textProblem(name) === 'bidiControl') {
    throw new AppError(400, 'file_name', IMAGE_MESSAGES.fileNameDisguised, { [UPLOAD_FIELDS.file]: IMAGE_MESSAGES.fileNameDisguised });
  }
  return name.slice(0, NAME_MAX_LENGTH) || undefined;
}

/** A PostgreSQL error code anywhere in the cause chain (drivers and Drizzle wrap it differently). */
function pgCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** An upload naming a landing page that does not exist (never was, or was deleted): the uploader's mistake, not ours. */
const pageMissing = () => new AppError(404, 'landing_page_not_found', recordFailedMessage('the landing page does not exist'));

/**
 * An upload: check and re-encode, store the file under a random name, insert
 * the record. When the insert fails the stored file is removed again.
 */
export async function uploadImage(
  { db, storage, log }: ImagesContext,
  upload: { userId: string; fileName: string | undefined; bytes: Buffer; landingPageId: string | undefined },
): Promise<ImageDto> {
  const name = displayName(upload.fileName);
  // Checked before the work of re-encoding and storing; the insert below still catches a page deleted meanwhile.
  if (upload.landingPageId && !(await pageExists(db, upload.landingPageId))) throw pageMissing();
  const prepared = await prepareImage(upload.bytes);
  const ext = extForMime(prepared.mime);
  const fileName = imageFileName(randomBytes(16).toString('hex'), ext);
  const key = storedImageKey(fileName);
  try {
    await storage.put(key, prepared.data, prepared.mime);
  } catch (error) {
    log.error({ err: error, key }, 'image upload: storage refused the file');
    throw new AppError(502, 'storage_failed', storageFailedMessage(storageReason(error)));
  }
  try {
    const [row] = await db
      .insert(uploadedImages)
      .values({
        name: name ?? `image.${ext}`,
        url: imageFileUrl(fileName),
        storage_key: key,
        size: prepared.data.length,
        width: prepared.width,
        height: prepared.height,
        mime_type: prepared.mime,
        user_id: upload.userId,
        landing_page_id: upload.landingPageId ?? null,
      })
      .returning();
    return toDto(row!, 0);
  } catch (error) {
    log.error({ err: error, key }, 'image upload: the record was not saved; removing the stored file');
    await storage.delete(key).catch((cleanup: unknown) => log.error({ err: cleanup, key }, 'image upload: the stored file could not be removed'));
    if (pgCode(error) === '23503') throw pageMissing();
    throw new AppError(500, 'record_failed', recordFailedMessage('the database did not accept it'));
  }
}

/** One page of a user's images: searched by name or tag, filtered, sorted. */
export async function listImages(db: Db, userId: string, query: ImageListQuery) {
  const conditions: SQL[] = [eq(uploadedImages.user_id, userId)];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(ilike(uploadedImages.name, pattern), sql`exists (select 1 from unnest(${uploadedImages.tags}) as t(tag) where t.tag ilike ${pattern})`)!,
    );
  }
  if (query.filter === 'recent') conditions.push(sql`${uploadedImages.uploaded_at} >= now() - make_interval(days => ${RECENT_DAYS})`);
  if (query.filter === 'large') conditions.push(gt(uploadedImages.size, LARGE_BYTES));
  if (query.landing_page_id) conditions.push(eq(uploadedImages.landing_page_id, query.landing_page_id));
  const where = and(...conditions);
  const order =
    query.sort === 'name'
      ? [asc(sql`lower(${uploadedImages.name})`), asc(uploadedImages.id)]
      : query.sort === 'size'
        ? [desc(uploadedImages.size), desc(uploadedImages.id)]
        : [desc(uploadedImages.uploaded_at), desc(uploadedImages.id)];

  const rows = await db
    .select()
    .from(uploadedImages)
    .where(where)
    .orderBy(...order)
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const [{ total }] = (await db.select({ total: count() }).from(uploadedImages).where(where)) as [{ total: number }];
  const usage = rows.length ? await pagesByImageUrl(db) : new Map<string, PageRef[]>();
  return {
    images: rows.map((row) => toDto(row, usage.get(row.url)?.length ?? 0)),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

/** The user's TOP_USED_COUNT most used images, most used first (the library's statistics). */
export async function topImages(db: Db, userId: string): Promise<ImageDto[]> {
  const usage = await pagesByImageUrl(db);
  if (usage.size === 0) return [];
  const rows = await db
    .select()
    .from(uploadedImages)
    .where(and(eq(uploadedImages.user_id, userId), inArray(uploadedImages.url, [...usage.keys()])));
  return rows
    .map((row) => toDto(row, usage.get(row.url)!.length))
    .sort((a, b) => b.usage_count - a.usage_count || a.name.localeCompare(b.name))
    .slice(0, TOP_USED_COUNT);
}

/** The pages using each of the given images (the user's own); unused images are left out. */
export async function imageUsage(db: Db, userId: string, ids: string[]) {
  const rows = await db
    .select({ id: uploadedImages.id, url: uploadedImages.url })
    .from(uploadedImages)
    .where(and(eq(uploadedImages.user_id, userId), inArray(uploadedImages.id, ids)));
  const usage = await pagesByImageUrl(db);
  return rows.flatMap((row) => (usage.get(row.url)?.length ? [{ id: row.id, pages: usage.get(row.url)! }] : []));
}

export async function updateTags(db: Db, userId: string, id: string, tags: string[]): Promise<ImageDto> {
  const [row] = await db
    .update(uploadedImages)
    .set({ tags })
    .where(and(eq(uploadedImages.id, id), eq(uploadedImages.user_id, userId)))
    .returning();
  if (!row) throw notFound(IMAGE_MESSAGES.notFound);
  return toDto(row, (await pagesByImageUrl(db)).get(row.url)?.length ?? 0);
}

/**
 * Deletes the user's images among `ids`: each file (and every variant made of it) first, then its
 * record. When storage fails the record stays, so the image is still listed and can be deleted
 * again. Without `force`, images a landing page uses are kept and reported. Ids that are not the
 * user's images are ignored.
 */
export async function deleteImages({ db, storage, log }: ImagesContext, userId: string, ids: string[], force: boolean): Promise<DeleteManyResult & { found: number }> {
  const rows = await db
    .select()
    .from(uploadedImages)
    .where(and(eq(uploadedImages.user_id, userId), inArray(uploadedImages.id, ids)));
  const usage = force ? undefined : await pagesByImageUrl(db);
  const result: DeleteManyResult = { deleted: [], in_use: [], failed: [] };
  for (const row of rows) {
    if (usage?.get(row.url)?.length) {
      result.in_use.push(row.id);
      continue;
    }
    try {
      await Promise.all(allImageKeys(row.url.slice(IMAGE_FILE_PREFIX.length)).map((key) => storage.delete(key)));
    } catch (error) {
      log.error({ err: error, key: row.storage_key }, 'image delete: storage refused; the record stays');
      result.failed.push(row.id);
      continue;
    }
    await db.delete(uploadedImages).where(eq(uploadedImages.id, row.id));
    result.deleted.push(row.id);
  }
  return { ...result, found: rows.length };
}

/**
 * The Test Connection button: a count query on the images table, then a
 * probe file written, read back and removed, so permission problems show too.
 */
export async function testConnection({ db, storage, log }: ImagesContext, userId: string) {
  try {
    await db.select({ n: count() }).from(uploadedImages).where(eq(uploadedImages.user_id, userId));
  } catch (error) {
    log.error({ err: error }, 'image connection test: database');
    return { ok: false, message: IMAGE_MESSAGES.databaseFailed };
  }
  const probe = `health/${randomBytes(8).toString('hex')}.txt`;
  try {
    await storage.put(probe, Buffer.from('ok'), 'text/plain');
    const file = await storage.get(probe);
    if (!file || (await buffer(file.body)).toString() !== 'ok') throw new Error('the probe file did not read back');
    await storage.delete(probe);
  } catch (error) {
    log.error({ err: error }, 'image connection test: storage');
    return { ok: false, message: IMAGE_MESSAGES.storageFailed };
  }
  return { ok: true, message: IMAGE_MESSAGES.bothSucceeded };
}
