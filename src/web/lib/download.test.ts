// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, reply } from '@web/testing/fake-api.ts';
import { attachmentName, downloadFile, saveFile } from './download.ts';

/** The downloads the page started: each link's address and file name at the moment it was clicked. */
let clicked: Array<{ href: string; download: string; inPage: boolean }>;
let revoked: string[];
const { createObjectURL, revokeObjectURL } = URL;

beforeEach(() => {
  clicked = [];
  revoked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download, inPage: this.isConnected });
  });
  let next = 0;
  URL.createObjectURL = () => `blob:http://localhost/${++next}`;
  URL.revokeObjectURL = (url: string) => void revoked.push(url);
});
afterEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the name of a downloaded file', () => {
  it('is the exact UTF-8 name when the server gives one, else the plain one', () => {
    expect(attachmentName(`attachment; filename="Termine.ics"; filename*=UTF-8''Term%C3%ADne%20M%C3%A4rz.ics`)).toBe('Termíne März.ics');
    expect(attachmentName('attachment; filename="contacts-2026-03-01.csv"')).toBe('contacts-2026-03-01.csv');
  });

  it('falls back to the plain name when the exact one is malformed, and is unknown without either', () => {
    expect(attachmentName(`attachment; filename="report.csv"; filename*=UTF-8''%E0%A4%A`)).toBe('report.csv');
    expect(attachmentName('attachment')).toBeUndefined();
    expect(attachmentName(null)).toBeUndefined();
  });
});

describe('saving a file', () => {
  it('clicks a temporary link to the content, removes it, and releases the content on the next task', () => {
    vi.useFakeTimers();
    saveFile(new Blob(['a,b']), 'contacts.csv');
    expect(clicked).toEqual([{ href: 'blob:http://localhost/1', download: 'contacts.csv', inPage: true }]);
    expect(document.querySelectorAll('a')).toHaveLength(0);
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(revoked).toEqual(['blob:http://localhost/1']);
  });

  it('downloads what the server builds under the server’s name, asking it afresh every time', async () => {
    const server = fakeApi({
      'GET /api/contacts/export.csv': () => reply(200, 'email\nanna@example.com\n', { 'content-disposition': 'attachment; filename="contacts-2026-03-01.csv"' }),
    });
    await downloadFile('/api/contacts/export.csv', 'contacts.csv');
    expect(clicked.map((c) => c.download)).toEqual(['contacts-2026-03-01.csv']);
    expect(server.calls).toHaveLength(1);
    expect((fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[0]?.[1].cache).toBe('no-cache');
  });

  it('uses the fallback name when the server names none, and starts no download when it fails', async () => {
    fakeApi({
      'GET /api/calendar/ics/abc': () => reply(200, 'BEGIN:VCALENDAR'),
      'GET /api/calendar/ics/gone': () => apiError(404, 'not_found', 'Event not found'),
    });
    await downloadFile('/api/calendar/ics/abc', 'event.ics');
    expect(clicked.map((c) => c.download)).toEqual(['event.ics']);
    await expect(downloadFile('/api/calendar/ics/gone', 'event.ics')).rejects.toMatchObject({ status: 404, message: 'Event not found' });
    expect(clicked).toHaveLength(1);
  });
});
