import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarEventListSchema,
  eventIdParamsSchema as eventIdParams,
  eventListQuerySchema,
  publicCalendarEventSchema,
  savedEventResultSchema,
  storedCalendarEventSchema,
  type SavedEventResult,
} from '../../shared/calendar/api.ts';
import { calendarEventSchema } from '../../shared/calendar/event.ts';
import { icsFileName } from '../../shared/calendar/file-name.ts';
import { CALENDAR_MESSAGES } from '../../shared/calendar/messages.ts';
import { calendarDownloadPath, CALENDAR_EVENTS_PATH, PUBLIC_EVENTS_PATH } from '../../shared/calendar/paths.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { notFound } from '../http/errors.ts';
import { limitPerAddress } from '../http/rate-limit.ts';
import * as events from './service.ts';

/**
 * Per address, for the public reads: generous for people behind one office router, tight for scrapers.
 * Counted in the database like every other limit, so it holds across instances.
 */
export const PUBLIC_EVENT_RATE_LIMIT = { scope: 'calendar-read', max: 120, windowMs: 60_000, message: 'Too many requests. Please try again later.' };
/** Calendar apps that subscribed to the file may fetch it again after five minutes. */
const ICS_CACHE_CONTROL = 'public, max-age=300';

export async function calendarRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const origin = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;
  const downloadUrl = (request: FastifyRequest, eventId: string) => origin(request) + calendarDownloadPath(eventId);
  const saved = (request: FastifyRequest, eventId: string): SavedEventResult => ({
    eventId,
    downloadUrl: downloadUrl(request, eventId),
  });

  r.post(CALENDAR_EVENTS_PATH, { schema: { body: calendarEventSchema, response: { 201: savedEventResultSchema } } }, async (request, reply) => {
    const row = await events.createEvent(db, ownerId(request), request.body);
    return reply.status(201).send(saved(request, row.event_id));
  });

  r.get(CALENDAR_EVENTS_PATH, { schema: { querystring: eventListQuerySchema, response: { 200: calendarEventListSchema } } }, async (request) => {
    const { rows, total } = await events.listOwnEvents(db, ownerId(request), request.query);
    return events.toEventList(rows, total, request.query, (eventId) => downloadUrl(request, eventId));
  });

  r.get(`${CALENDAR_EVENTS_PATH}/:eventId`, { schema: { params: eventIdParams, response: { 200: storedCalendarEventSchema } } }, async (request) => {
    const row = await events.findOwnEvent(db, ownerId(request), request.params.eventId);
    if (!row) throw notFound(CALENDAR_MESSAGES.eventNotFound);
    return events.toStoredEvent(row, downloadUrl(request, row.event_id));
  });

  r.put(
    `${CALENDAR_EVENTS_PATH}/:eventId`,
    { schema: { params: eventIdParams, body: calendarEventSchema, response: { 200: savedEventResultSchema } } },
    async (request) => {
      const row = await events.updateOwnEvent(db, ownerId(request), request.params.eventId, request.body);
      if (!row) throw notFound(CALENDAR_MESSAGES.eventNotFound);
      return saved(request, row.event_id);
    },
  );

  r.delete(`${CALENDAR_EVENTS_PATH}/:eventId`, { schema: { params: eventIdParams, response: { 204: z.null() } } }, async (request, reply) => {
    if (!(await events.deleteOwnEvent(db, ownerId(request), request.params.eventId))) {
      throw notFound(CALENDAR_MESSAGES.eventNotFound);
    }
    return reply.status(204).send(null);
  });

  const publicRoute = { public: true };
  const limitReads = limitPerAddress(db, PUBLIC_EVENT_RATE_LIMIT);

  r.get(
    `${PUBLIC_EVENTS_PATH}/:eventId`,
    { schema: { params: eventIdParams, response: { 200: publicCalendarEventSchema } }, config: publicRoute, onRequest: limitReads },
    async (request, reply) => {
      const row = await events.findEventByEventId(db, request.params.eventId);
      if (!row) throw notFound(CALENDAR_MESSAGES.eventNotFound);
      reply.header('Cache-Control', 'no-cache');
      return events.toPublicEvent(row);
    },
  );

  r.get(
    // An .ics file (or 304): no JSON answer to describe (the route-contract test lists it as a file).
    `${PUBLIC_EVENTS_PATH}/:eventId/ics`,
    { schema: { params: eventIdParams }, config: publicRoute, onRequest: limitReads },
    async (request, reply) => {
      const row = await events.findEventByEventId(db, request.params.eventId);
      if (!row) throw notFound(CALENDAR_MESSAGES.eventNotFound);
      const ics = events.eventIcs(row);
      const etag = `"${createHash('sha256').update(ics).digest('base64url')}"`;
      reply
        .header('Cache-Control', ICS_CACHE_CONTROL)
        .header('ETag', etag)
        .header('Last-Modified', row.updated_at.toUTCString());
      if (isFresh(request, etag, row.updated_at)) return reply.status(304).send();
      return reply
        .header('Content-Disposition', attachment(icsFileName(row.title)))
        .type('text/calendar; charset=utf-8')
        .send(ics);
    },
  );
}

/** The session guard runs first on every staff route, so a user is always there. */
function ownerId(request: FastifyRequest): string {
  if (!request.user) throw new Error('calendar staff routes must run behind the session guard');
  return request.user.id;
}

/** The client's copy is current: its ETag matches, or (without one) it is not older than the change. */
function isFresh(request: FastifyRequest, etag: string, modified: Date): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch) {
    return ifNoneMatch.split(',').some((tag) => {
      const candidate = tag.trim().replace(/^W\//, '');
      return candidate === '*' || candidate === etag;
    });
  }
  const ifModifiedSince = Date.parse(request.headers['if-modified-since'] ?? '');
  return !Number.isNaN(ifModifiedSince) && Math.floor(modified.getTime() / 1000) * 1000 <= ifModifiedSince;
}

/** A download with its name: plain ASCII for old clients, the exact name as RFC 5987 filename*. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7E]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
