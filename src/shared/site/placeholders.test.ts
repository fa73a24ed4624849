import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPlaceholders, PLACEHOLDER_PROBLEMS } from './placeholders.ts';

const site = (content: unknown) => [{ file: 'public/content/site.json', content }];

describe('the public site checklist', () => {
  it('finds the shipped sample: its address, phone, VAT id, example.com links and XXXXXXXXXXX videos', () => {
    const shipped = JSON.parse(fs.readFileSync(path.resolve('public/content/site.json'), 'utf8'));
    const found = findPlaceholders(site(shipped));
    const at = (p: string) => found.find((f) => f.path === p)?.problem;
    expect(at('legal.street')).toBe(PLACEHOLDER_PROBLEMS.sample);
    expect(at('legal.city')).toBe(PLACEHOLDER_PROBLEMS.sample);
    expect(at('legal.postalCode')).toBe(PLACEHOLDER_PROBLEMS.sample);
    expect(at('legal.phone')).toBe(PLACEHOLDER_PROBLEMS.sample);
    expect(at('legal.vatId')).toBe(PLACEHOLDER_PROBLEMS.sample);
    expect(at('legal.responsible')).toBe(PLACEHOLDER_PROBLEMS.sample);
    expect(at('legal.email')).toBe(PLACEHOLDER_PROBLEMS.example);
    expect(at('links.privacy')).toBe(PLACEHOLDER_PROBLEMS.example);
    expect(at('media.webinarVideoId')).toBe(PLACEHOLDER_PROBLEMS.videoId);
    // The owner's own brand, real booking links and files are not findings.
    for (const own of ['brand', 'founder.name', 'links.booking', 'media.downloads.transcript', 'legal.register']) expect(at(own)).toBeUndefined();
    expect(found.every((f) => f.file === 'public/content/site.json')).toBe(true);
  });

  it('lists a value once it is replaced no more', () => {
    const found = findPlaceholders(
      site({
        legal: { street: 'Hauptstraße 7', postalCode: '10115', city: 'Berlin', phone: '+49 30 1234567', vatId: 'DE123456789' },
        contactEmail: 'jana@e3-learning.de',
        links: { privacy: 'https://e3-learning.de/datenschutz' },
        media: { webinarVideoId: 'dQw4w9WgXcQ', replayVideoId: '' },
      }),
    );
    expect(found).toEqual([]);
  });

  it('refuses a video id that is not one, and finds example domains in any subdomain, email and path', () => {
    const found = findPlaceholders(
      site({
        media: { thanksVideoId: 'https://youtu.be/dQw4w9WgXcQ', replayVideoId: 'xxxxxxxxxxx' },
        a: 'mailto:info@mail.example.org',
        b: 'See http://example.net/page',
        c: 'https://counterexample.com/not-reserved',
        d: 'https://example.community/also-not',
        items: [{ url: 'https://shop.example.com' }],
      }),
    );
    expect(found.map((f) => [f.path, f.problem])).toEqual([
      ['media.thanksVideoId', PLACEHOLDER_PROBLEMS.videoId],
      ['media.replayVideoId', PLACEHOLDER_PROBLEMS.videoId],
      ['a', PLACEHOLDER_PROBLEMS.example],
      ['b', PLACEHOLDER_PROBLEMS.example],
      ['items[0].url', PLACEHOLDER_PROBLEMS.example],
    ]);
  });

  it("leaves an input's placeholder text alone: it is meant as an example", () => {
    expect(findPlaceholders(site({ email: { label: 'Email', placeholder: 'you@example.com' }, name: { placeholder: 'Erika Mustermann' } }))).toEqual([]);
  });

  it('names the file and keeps the value as found', () => {
    const found = findPlaceholders([{ file: 'public/content/de/impressum.json', content: { address: 'Musterstraße 1\n12345 Musterstadt' } }]);
    expect(found).toEqual([{ problem: PLACEHOLDER_PROBLEMS.sample, file: 'public/content/de/impressum.json', path: 'address', value: 'Musterstraße 1\n12345 Musterstadt' }]);
  });
});
