import { z } from 'zod';
import { BackupArchiveError } from './archive-header.ts';

/*
 * A backup's decrypted, gunzip'd body: frames of one type byte, a 4-byte length and a payload.
 * meta, then per table its columns and batches of rows (each row PostgreSQL's row_to_json text, one
 * per line), then per image its path and size and its bytes in chunks, then an end frame with the
 * totals, which a reader checks: a body that stops early, or holds other counts, is refused.
 */

export const FRAME = { meta: 0x4d, table: 0x54, rows: 0x52, file: 0x46, data: 0x44, end: 0x5a } as const;
const FRAME_MAX = 16 * 1024 * 1024;

export function frame(type: number, payload: Buffer | string): Buffer {
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const head = Buffer.alloc(5);
  head[0] = type;
  head.writeUInt32BE(body.length, 1);
  return Buffer.concat([head, body]);
}

export const jsonFrame = (type: number, value: unknown) => frame(type, JSON.stringify(value));

export const metaSchema = z.object({
  /** The instance secret of the server it was made on: the stored Kit API key is encrypted with it. */
  instance_secret: z.string(),
});
export const tableSchema = z.object({ name: z.string().regex(/^[a-z_][a-z0-9_]*$/), columns: z.array(z.string().regex(/^[a-z_][a-z0-9_]*$/)).min(1) });
/** Image paths relative to the uploads folder, in the image storage's own key shape. */
export const imageKeySchema = z
  .string()
  .max(500)
  .regex(/^[a-z0-9][a-z0-9/_.-]*$/)
  .refine((key) => !key.split('/').some((part) => part === '' || part === '.' || part === '..'));
export const fileSchema = z.object({ path: imageKeySchema, size: z.number().int().min(0) });
export const endSchema = z.object({
  tables: z.record(z.string(), z.number().int().min(0)),
  files: z.number().int().min(0),
  file_bytes: z.number().int().min(0),
});
export type ArchiveTotals = z.infer<typeof endSchema>;

export type Frame =
  | { type: 'meta'; meta: z.infer<typeof metaSchema> }
  | { type: 'table'; table: z.infer<typeof tableSchema> }
  | { type: 'rows'; rows: string[] }
  | { type: 'file'; file: z.infer<typeof fileSchema> }
  | { type: 'data'; data: Buffer }
  | { type: 'end'; totals: ArchiveTotals };

const damaged = (why: string) => new BackupArchiveError(`This backup is damaged (${why}). Nothing was restored.`);

function parseJson<T>(schema: z.ZodType<T>, payload: Buffer, what: string): T {
  let value: unknown;
  try {
    value = JSON.parse(payload.toString('utf8'));
  } catch {
    throw damaged(`a ${what} record is not JSON`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw damaged(`a ${what} record is not valid`);
  return parsed.data;
}

/** The frames of a decrypted, gunzip'd body, checked for order and totals as they go. */
export async function* readFrames(chunks: AsyncIterable<Buffer>): AsyncGenerator<Frame> {
  // Chunks received and not yet read, joined only once a whole frame is there (joining on every
  // chunk would copy a large frame over and over).
  let parts: Buffer[] = [];
  let buffered = 0;
  const frameLength = () => {
    if (buffered < 5) return undefined;
    if (parts[0]!.length < 5) parts = [Buffer.concat(parts)];
    return 5 + parts[0]!.readUInt32BE(1);
  };
  const counted = { tables: {} as Record<string, number>, files: 0, file_bytes: 0 };
  let table: string | undefined;
  let fileLeft = 0;
  // An object, so the checks after the loop see what the frames set.
  const state: { seen: 'start' | 'meta' | 'end' } = { seen: 'start' };
  const take = function* (): Generator<Frame> {
    for (let size = frameLength(); size !== undefined; size = frameLength()) {
      if (size - 5 > FRAME_MAX) throw damaged('a record is too large');
      if (buffered < size) return;
      const whole = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
      const type = whole[0]!;
      const payload = whole.subarray(5, size);
      const rest = whole.subarray(size);
      parts = rest.length ? [rest] : [];
      buffered = rest.length;
      if (state.seen === 'end') throw damaged('records follow its end');
      if (state.seen === 'start' && type !== FRAME.meta) throw damaged('it does not start with its description');
      if (fileLeft > 0 && type !== FRAME.data) throw damaged('an image is incomplete');
      switch (type) {
        case FRAME.meta:
          if (state.seen !== 'start') throw damaged('it has two descriptions');
          state.seen = 'meta';
          yield { type: 'meta', meta: parseJson(metaSchema, payload, 'description') };
          break;
        case FRAME.table: {
          const parsed = parseJson(tableSchema, payload, 'table');
          if (parsed.name in counted.tables) throw damaged(`table ${parsed.name} appears twice`);
          table = parsed.name;
          counted.tables[table] = 0;
          yield { type: 'table', table: parsed };
          break;
        }
        case FRAME.rows: {
          if (!table) throw damaged('rows come before their table');
          const rows = payload.toString('utf8').split('\n');
          counted.tables[table]! += rows.length;
          yield { type: 'rows', rows };
          break;
        }
        case FRAME.file: {
          const file = parseJson(fileSchema, payload, 'image');
          table = undefined;
          counted.files += 1;
          fileLeft = file.size;
          yield { type: 'file', file };
          break;
        }
        case FRAME.data:
          if (payload.length > fileLeft) throw damaged('an image is longer than it says');
          fileLeft -= payload.length;
          counted.file_bytes += payload.length;
          yield { type: 'data', data: Buffer.from(payload) };
          break;
        case FRAME.end: {
          const totals = parseJson(endSchema, payload, 'end');
          const same =
            totals.files === counted.files &&
            totals.file_bytes === counted.file_bytes &&
            JSON.stringify(Object.entries(totals.tables).sort()) === JSON.stringify(Object.entries(counted.tables).sort());
          if (!same) throw damaged('its contents do not add up to its totals');
          state.seen = 'end';
          yield { type: 'end', totals };
          break;
        }
        default:
          throw damaged('it holds a record of an unknown kind');
      }
    }
  };
  for await (const chunk of chunks) {
    parts.push(chunk);
    buffered += chunk.length;
    yield* take();
  }
  if (buffered > 0 || state.seen !== 'end') throw damaged('it ends early');
}
