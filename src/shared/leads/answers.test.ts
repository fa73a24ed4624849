import { describe, expect, it } from 'vitest';
import { readErrorCode, readPixelId, readSignupAnswer, readSyncState } from './answers.ts';
import { leadSignupResponseSchema, leadSyncStateSchema, siteConfigSchema } from './schema.ts';

const ID = '3f1c2a9e-5b7d-4e8f-9a0b-1c2d3e4f5a6b';
/** Not what the server sends: a proxy's page, a cut-off body, and shapes of the wrong kind. */
const MALFORMED: unknown[] = [null, undefined, 'Bad gateway', 42, [], [ID, true], {}, { error: 'x' }];

describe("the islands' checks of the server's answers", () => {
  it('read what the server sends, as its schemas write it', () => {
    const signup = leadSignupResponseSchema.parse({ submission_id: ID, kit_sync_queued: true });
    expect(readSignupAnswer(JSON.parse(JSON.stringify(signup)))).toEqual({ submission_id: ID, kit_sync_queued: true });
    expect(readSignupAnswer({ submission_id: ID, kit_sync_queued: false })).toEqual({ submission_id: ID, kit_sync_queued: false });
    expect(readSyncState(leadSyncStateSchema.parse({ synced: false }))).toEqual({ synced: false });
    expect(readPixelId(siteConfigSchema.parse({ meta_pixel_id: '1234567890' }))).toBe('1234567890');
    expect(readPixelId(siteConfigSchema.parse({ meta_pixel_id: null }))).toBeNull();
    expect(readErrorCode({ error: { code: 'email_registered', message: 'x' } })).toBe('email_registered');
  });

  it('refuse anything else, including what a loose check would let through', () => {
    for (const body of MALFORMED) {
      expect(readSignupAnswer(body)).toBeNull();
      expect(readSyncState(body)).toBeNull();
      expect(readPixelId(body)).toBeNull();
      expect(readErrorCode(body)).toBeNull();
    }
    expect(readSignupAnswer({ submission_id: 42, kit_sync_queued: false })).toBeNull();
    expect(readSignupAnswer({ submission_id: '', kit_sync_queued: false })).toBeNull();
    expect(readSignupAnswer({ submission_id: ID })).toBeNull();
    expect(readSignupAnswer({ submission_id: ID, kit_sync_queued: 'yes' })).toBeNull();
    expect(readSyncState({ synced: 'true' })).toBeNull();
    expect(readPixelId({ meta_pixel_id: 1234567890 })).toBeNull();
    expect(readPixelId({ meta_pixel_id: { id: '1' } })).toBeNull();
    expect(readErrorCode({ error: { code: { nested: true } } })).toBeNull();
  });
});
