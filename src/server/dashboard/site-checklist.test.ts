import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { PLACEHOLDER_PROBLEMS } from '../../shared/site/placeholders.ts';
import { logSiteChecklist, siteChecklist } from './site-checklist.ts';
import { SITE_CHECKLIST_PATH } from '../../shared/dashboard/api.ts';

/** A web directory as a build leaves it: public/ copied in, one sample value left in each kind of file. */
function webDirWith(files: Record<string, unknown>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-site-'));
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), JSON.stringify(content));
  }
  return dir;
}

const SAMPLE = {
  'content/site.json': { legal: { street: 'Musterstraße 1', city: 'Berlin' }, media: { webinarVideoId: 'XXXXXXXXXXX' } },
  'content/en/impressum.json': { contact: 'Write to hello@example.com' },
  'content/de/impressum.json': { contact: 'Schreiben Sie an hallo@e3-learning.de' },
  'webinar-content.en.json': { webinar: { link: 'https://www.example.com/replay' } },
  'index.html': '<not content>',
};

describe('the public site checklist on the server', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({}, { webDir: webDirWith(SAMPLE) });
    cookie = await t.signIn();
  });
  afterAll(() => t.close());

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: SITE_CHECKLIST_PATH })).statusCode).toBe(401);
  });

  it('lists what the served content still holds from the sample, by file and field', async () => {
    const res = await t.as(cookie, { method: 'GET', url: SITE_CHECKLIST_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [
        { problem: PLACEHOLDER_PROBLEMS.sample, file: 'public/content/site.json', path: 'legal.street', value: 'Musterstraße 1' },
        { problem: PLACEHOLDER_PROBLEMS.videoId, file: 'public/content/site.json', path: 'media.webinarVideoId', value: 'XXXXXXXXXXX' },
        { problem: PLACEHOLDER_PROBLEMS.example, file: 'public/content/en/impressum.json', path: 'contact', value: 'Write to hello@example.com' },
        { problem: PLACEHOLDER_PROBLEMS.example, file: 'public/webinar-content.en.json', path: 'webinar.link', value: 'https://www.example.com/replay' },
      ],
    });
  });

  it('finds nothing in a directory without content (no build yet)', () => {
    expect(siteChecklist(fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-empty-')))).toEqual([]);
  });

  it('logs a summary and one line per value at start, and nothing once all are replaced', () => {
    const log = { warn: vi.fn() };
    logSiteChecklist(log, siteChecklist(webDirWith(SAMPLE)));
    expect(log.warn.mock.calls.map(([line]) => line)).toEqual([
      'The public site still shows 4 sample values (also listed on the dashboard); change them, then run npm run build:',
      '  public/content/site.json → legal.street: "Musterstraße 1" (Sample detail from the shipped content)',
      '  public/content/site.json → media.webinarVideoId: "XXXXXXXXXXX" (Placeholder or invalid YouTube video id)',
      '  public/content/en/impressum.json → contact: "Write to hello@example.com" (Link or address at an example domain)',
      '  public/webinar-content.en.json → webinar.link: "https://www.example.com/replay" (Link or address at an example domain)',
    ]);
    const quiet = { warn: vi.fn() };
    logSiteChecklist(quiet, siteChecklist(webDirWith({ 'content/site.json': { legal: { street: 'Hauptstraße 7' } } })));
    expect(quiet.warn).not.toHaveBeenCalled();
  });
});
