import { describe, expect, it } from 'vitest';
import { serializeContent } from '@shared/landing-pages/parse-content.ts';
import { samplePage } from '@shared/landing-pages/testing/fixtures.ts';
import { draftOffer } from './draft-offer.ts';

const work = serializeContent(samplePage());
const kept_at = Date.parse('2026-11-23T10:00:00Z');

describe('draftOffer', () => {
  it('offers kept work that differs from what the editor opens with, with its time', () => {
    const offer = draftOffer({ content: work, kept_at }, '[]', new Date('2026-11-23T09:00:00Z'));
    expect(offer).toMatchObject({ keptAt: new Date(kept_at), olderThanSave: false });
    expect(serializeContent(offer!.doc)).toBe(work);
  });

  it('says when the page was saved after the work was kept', () => {
    expect(draftOffer({ content: work, kept_at }, '[]', new Date('2026-11-23T11:00:00Z'))?.olderThanSave).toBe(true);
  });

  it('offers nothing without a draft, for work equal to the opening content, or for a draft that is no page', () => {
    expect(draftOffer(undefined, work, null)).toBeNull();
    expect(draftOffer({ content: work, kept_at }, work, null)).toBeNull();
    expect(draftOffer({ content: '{"not": "a page"', kept_at }, '[]', null)).toBeNull();
    expect(draftOffer({ content: '  ', kept_at }, '[]', null)).toBeNull();
  });
});
