import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeText } from '../../shared/text/safe-text.ts';
import {
  connectionTestSchema,
  deleteManyBodySchema,
  deleteManyResultSchema,
  deleteQuerySchema,
  idParamsSchema,
  IMAGE_PATHS,
  imageListQuerySchema,
  imageListSchema,
  imageResultSchema,
  tagsBodySchema,
  topImagesSchema,
  UPLOAD_FIELDS,
  usageQuerySchema,
  usageResultSchema,
} from '../../shared/images/api.ts';
import { MAX_UPLOAD_BYTES } from '../../shared/images/constants.ts';
import { IMAGE_MESSAGES } from '../../shared/images/messages.ts';
import { IMAGE_CROPS, IMAGE_FILE_ROUTE, SRCSET_WIDTHS, type ImageCrop, type SrcsetWidth } from '../../shared/images/urls.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { isUuid } from '../db/sql-helpers.ts';
import { AppError, notFound } from '../http/errors.ts';
import { openImageStorage } from './open-storage.ts';
import { deleteImages, imageUsage, listImages, testConnection, topImages, updateTags, uploadImage, type ImagesContext } from './service.ts';
import type { ImageStorage } from './storage.ts';
import { serveImage } from './variants.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const fileParams = z.object({ file: safeText().max(100) });
const widthQuery = z.object({
  w: z.enum(SRCSET_WIDTHS.map(String) as [string, ...string[]]).optional(),
  crop: z.enum(Object.keys(IMAGE_CROPS) as [ImageCrop, ...ImageCrop[]]).optional(),
});

/**
 * The image library: staff routes under /api/images, and the files
 * themselves under /api/public/images, readable by anyone because public pages show them.
 * `storage` is for tests; the app opens the one its configuration names.
 */
export async function imagesRoutes(app: FastifyInstance, options: { db: Db; config: Config; storage?: ImageStorage }) {
  const { db } = options;
  const storage = options.storage ?? openImageStorage(options.config.imageStorage);
  // Only these routes read multipart bodies; one file, at most 5MB, a few small fields.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 200, parts: 6 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const context = (request: FastifyRequest): ImagesContext => ({ db, storage, log: request.log });
  const userId = (request: FastifyRequest) => request.user!.id;
  const one = IMAGE_PATHS.one.pattern;

  r.get(IMAGE_PATHS.list, { schema: { querystring: imageListQuerySchema, response: { 200: imageListSchema } } }, async (request) =>
    listImages(db, userId(request), request.query),
  );

  const uploadOptions = { schema: { response: { 201: imageResultSchema } }, config: { unauthenticatedMessage: IMAGE_MESSAGES.notAuthenticated } };
  r.post(IMAGE_PATHS.list, uploadOptions, async (request, reply) => {
    const { part, landingPageId } = await readUpload(request);
    const bytes = await part.toBuffer().catch((error: { code?: string }) => {
      throw error.code === 'FST_REQ_FILE_TOO_LARGE' ? new AppError(413, 'too_large', IMAGE_MESSAGES.tooLarge) : incompleteUpload(error);
    });
    const image = await uploadImage(context(request), { userId: userId(request), fileName: part.filename, bytes, landingPageId });
    return reply.status(201).send({ image });
  });

  r.get(IMAGE_PATHS.top, { schema: { response: { 200: topImagesSchema } } }, async (request) => ({ images: await topImages(db, userId(request)) }));

  r.get(IMAGE_PATHS.usage, { schema: { querystring: usageQuerySchema, response: { 200: usageResultSchema } } }, async (request) => ({
    images: await imageUsage(db, userId(request), request.query.ids),
  }));

  r.patch(one, { schema: { params: idParamsSchema, body: tagsBodySchema, response: { 200: imageResultSchema } } }, async (request) => ({
    image: await updateTags(db, userId(request), request.params.id, request.body.tags),
  }));

  r.delete(one, { schema: { params: idParamsSchema, querystring: deleteQuerySchema, response: { 204: z.null() } } }, async (request, reply) => {
    const result = await deleteImages(context(request), userId(request), [request.params.id], request.query.force === 'true');
    if (result.found === 0) throw notFound(IMAGE_MESSAGES.notFound);
    if (result.in_use.length) throw new AppError(409, 'image_in_use', IMAGE_MESSAGES.inUse);
    if (result.failed.length) throw new AppError(502, 'delete_failed', IMAGE_MESSAGES.deleteFailed);
    return reply.status(204).send(null);
  });

  r.post(IMAGE_PATHS.deleteMany, { schema: { body: deleteManyBodySchema, response: { 200: deleteManyResultSchema } } }, async (request) => {
    const { deleted, in_use, failed } = await deleteImages(context(request), userId(request), request.body.ids, request.body.force);
    return { deleted, in_use, failed };
  });

  r.post(IMAGE_PATHS.connectionTest, { schema: { response: { 200: connectionTestSchema } } }, async (request) =>
    testConnection(context(request), userId(request)),
  );

  // Public: landing pages show these files to visitors. The name is random and the bytes behind it never change.
  r.get(IMAGE_FILE_ROUTE, { config: { public: true }, schema: { params: fileParams, querystring: widthQuery } }, async (request, reply) => {
    const width = request.query.w === undefined ? undefined : (Number(request.query.w) as SrcsetWidth);
    const served = await serveImage(storage, request.params.file, width, request.headers.accept, request.log, request.query.crop);
    if (!served) throw notFound(IMAGE_MESSAGES.notFound);
    return reply
      .header('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`)
      .header('Vary', 'Accept')
      // Other sites (a newsletter, a partner's page) may show a public image too.
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .header('Content-Length', served.size)
      .type(served.contentType)
      .send(served.body);
  });
}

/**
 * A multipart body the parser cannot read (cut short, no boundary, garbage): what the client sent,
 * not a failure of ours. The body is the only thing being read here, so every such error is its;
 * the plugin's own limits (too many parts, 413) keep their status.
 */
function incompleteUpload(error: unknown): unknown {
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return new AppError(400, 'upload_incomplete', IMAGE_MESSAGES.uploadIncomplete, undefined, { cause: error });
}

/** The file part of an upload, and the landing page id sent before it. */
async function readUpload(request: FastifyRequest): Promise<{ part: MultipartFile; landingPageId: string | undefined }> {
  const part = request.isMultipart() ? await request.file().catch((error: unknown) => Promise.reject(incompleteUpload(error))) : undefined;
  if (!part || part.fieldname !== UPLOAD_FIELDS.file) throw new AppError(400, 'no_file', IMAGE_MESSAGES.noFile);
  const field = part.fields[UPLOAD_FIELDS.landingPageId];
  const value = field && !Array.isArray(field) && field.type === 'field' ? String(field.value).trim() : '';
  if (value && !isUuid(value)) throw new AppError(400, 'validation', 'Not a landing page id', { landing_page_id: 'Not a landing page id' });
  return { part, landingPageId: value || undefined };
}
