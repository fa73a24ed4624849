import { describe, expect, it } from 'vitest';
import { serializeContent } from '@shared/landing-pages/parse-content.ts';
import { samplePage } from '@shared/landing-pages/testing/fixtures.ts';
import { draftOffer, serializeSettings } from './draft-offer.ts';

const work = serializeContent(samplePage());
const kept_at = Date.parse('2026-11-23T10:00:00Z');
const noSettings = serializeSettings({});
const empty = { content: '[]', settings: noSettings };

describe('draftOffer', () => {
  it('offers kept work that differs from what the editor opens with, with its time', () => {
    const offer = draftOffer({ content: work, kept_at }, empty, new Date('2026-11-23T09:00:00Z'));
    expect(offer).toMatchObject({ keptAt: new Date(kept_at), olderThanSave: false });
    expect(serializeContent(offer!.doc)).toBe(work);
  });

  it('says when the page was saved after the work was kept', () => {
    expect(draftOffer({ content: work, kept_at }, empty, new Date('2026-11-23T11:00:00Z'))?.olderThanSave).toBe(true);
  });

  it('offers nothing without a draft, for work equal to the opening content, or for a draft that is no page', () => {
    expect(draftOffer(undefined, { content: work, settings: noSettings }, null)).toBeNull();
    expect(draftOffer({ content: work, settings: noSettings, kept_at }, { content: work, settings: noSettings }, null)).toBeNull();
    expect(draftOffer({ content: '{"not": "a page"', kept_at }, empty, null)).toBeNull();
    expect(draftOffer({ content: '  ', kept_at }, empty, null)).toBeNull();
  });

  it('offers work whose only change is the page settings, with those settings', () => {
    const settings = { description: 'Ein Abend über klare Entscheidungen', noindex: true };
    const offer = draftOffer({ content: work, settings: serializeSettings(settings), kept_at }, { content: work, settings: noSettings }, null);
    expect(offer?.settings).toEqual(settings);
  });

  it('keeps the current settings for a draft kept before pages had settings, and reads damaged ones as none', () => {
    expect(draftOffer({ content: work, kept_at }, empty, null)?.settings).toBeUndefined();
    expect(draftOffer({ content: work, kept_at }, { content: work, settings: serializeSettings({ description: 'x' }) }, null)).toBeNull();
    expect(draftOffer({ content: work, settings: '{"description": 42}', kept_at }, empty, null)?.settings).toEqual({});
    expect(draftOffer({ content: work, settings: 'not json', kept_at }, empty, null)?.settings).toEqual({});
  });
});
