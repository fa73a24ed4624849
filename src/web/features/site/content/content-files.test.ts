import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CommonContent, CookiePolicyContent, MasteryContent, SiteSettings, ThanksContent, WebinarContent } from './types.ts';

/**
 * The content files are edited by hand, so they are checked like code: both languages have the same
 * texts, the program's and the webinar's facts are there, and every file they point to exists.
 */
const PUBLIC = path.resolve('public');
const read = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(PUBLIC, file), 'utf8')) as T;
const namespaces = (language: string) =>
  fs
    .readdirSync(path.join(PUBLIC, 'content', language))
    .filter((f) => f.endsWith('.json'))
    .sort();

/** Every key path of a JSON value, with array lengths, e.g. "hero.facts[4]". */
function shape(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return [`${at}[${value.length}]`, ...value.flatMap((v, i) => shape(v, `${at}[${i}]`))];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => shape(v, at ? `${at}.${k}` : k));
  return [at];
}

describe('the content files', () => {
  it('have the same namespaces and the same structure in English and German', () => {
    expect(namespaces('de')).toEqual(namespaces('en'));
    for (const file of namespaces('en')) {
      expect(shape(read(`content/de/${file}`)), file).toEqual(shape(read(`content/en/${file}`)));
    }
    expect(shape(read('webinar-content.en.json'))).toEqual(shape(read('webinar-content.json')));
  });

  it('state the figures 24+, 100+, 4.9/5 and 100%, and six testimonials all rated 5 with their images', () => {
    for (const language of ['en', 'de']) {
      const common = read<CommonContent>(`content/${language}/common.json`);
      expect(common.stats.map((s) => s.value)).toEqual(['24+', '100+', '4.9/5', '100%']);
      expect(common.testimonials.items).toHaveLength(6);
      for (const t of common.testimonials.items) {
        expect(t).toMatchObject({ rating: 5, name: expect.any(String), role: expect.any(String), company: expect.any(String), content: expect.any(String) });
        expect(fs.existsSync(path.join(PUBLIC, t.image)), t.image).toBe(true);
      }
    }
  });

  it('describe the program as it is sold: 9 weeks in three phases, cohort 3, 25 places, 2 h live and 1 h office hours', () => {
    const en = read<MasteryContent>('content/en/mastery.json');
    expect(en.path.steps.map((s) => [s.title, s.weeks])).toEqual([
      ['Intelligent capture', 'Weeks 1–2'],
      ['Dynamic connection', 'Weeks 3–6'],
      ['AI collaboration', 'Weeks 7–9'],
    ]);
    expect(en.program.components.map((c) => c.title)).toEqual(expect.arrayContaining(['2 h live session per week', '1 h office hours per week']));
    expect(en.program.details).toEqual(
      expect.arrayContaining([
        { label: 'Cohort', value: '3' },
        { label: 'Start', value: 'September' },
        { label: 'Duration', value: '9 weeks' },
        { label: 'Participants', value: 'max. 25' },
      ]),
    );
  });

  it('date the cookie policy February 2025', () => {
    expect(read<CookiePolicyContent>('content/en/cookiePolicy.json').lastUpdated).toBe('Last updated: February 2025');
    expect(read<CookiePolicyContent>('content/de/cookiePolicy.json').lastUpdated).toBe('Zuletzt aktualisiert: Februar 2025');
  });

  it('give the webinar content file every field the webinar page reads, under "webinar"', () => {
    for (const file of ['webinar-content.json', 'webinar-content.en.json']) {
      const { webinar } = read<{ webinar: WebinarContent }>(file);
      expect(Object.keys(webinar.hero).sort()).toEqual(['badge', 'ctaButton', 'ctaDetails', 'highlightText', 'subtitle', 'title']);
      expect(webinar.problems.items).toHaveLength(4);
      for (const item of webinar.problems.items) expect(Object.keys(item).sort()).toEqual(['description', 'title']);
      expect(Object.keys(webinar.problems.summary).sort()).toEqual(['description', 'title']);
      expect(webinar.targetAudience.items).toHaveLength(4);
      expect(webinar.benefits.items).toHaveLength(4);
      expect(Object.keys(webinar.cta).sort()).toEqual(['button', 'details', 'title']);
      for (const field of ['name', 'email', 'phone'] as const) expect(Object.keys(webinar.modal.form[field]).sort()).toEqual(['label', 'placeholder']);
      expect(Object.keys(webinar.modal.buttons).sort()).toEqual(['loading', 'submit']);
      expect(Object.keys(webinar.success).sort()).toEqual(['button', 'description', 'title']);
    }
  });

  it('point at downloads that exist: three PDFs under /downloads and the webinar calendar file', () => {
    const site = read<SiteSettings>('content/site.json');
    for (const file of Object.values(site.media.downloads)) {
      expect(file).toMatch(/^\/downloads\/.+\.pdf$/);
      const data = fs.readFileSync(path.join(PUBLIC, file));
      expect(data.subarray(0, 5).toString()).toBe('%PDF-');
      expect(data.subarray(-6).toString()).toContain('%%EOF');
    }
    const ics = fs.readFileSync(path.join(PUBLIC, site.webinarEvent.icsUrl), 'utf8');
    expect(ics).toContain('DTSTART;TZID=Europe/Berlin:20250928T110000');
    expect(ics).toContain('DTEND;TZID=Europe/Berlin:20250928T120000');
    for (const language of ['en', 'de']) {
      const { step1 } = read<ThanksContent>(`content/${language}/thanks.json`);
      expect(step1.googleCalendarUrl).toContain('dates=20250928T110000%2F20250928T120000&ctz=Europe%2FBerlin');
    }
    expect(site.coupon).toBe('E3WEBINAR');
    expect(fs.existsSync(path.join(PUBLIC, site.founder.image))).toBe(true);
  });

  it('promise 150,000 credits (about 50 conversations) for the four assistants', () => {
    const thanks = read<ThanksContent>('content/en/thanks.json');
    expect(thanks.step2.credits).toBe('150,000 free credits (about 50 conversations)');
    expect(thanks.step2.assistants.map((a) => a.title)).toEqual(['Codex', 'Ideya', 'Pacey', 'Sage']);
  });
});
