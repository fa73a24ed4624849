import { describe, expect, it } from 'vitest';
import { buildOutlookLink } from './outlook-link.ts';

const event = {
  title: 'Webinar: KI & Lernen; "live" 🎉',
  start_date: '2026-09-28',
  start_time: '11:00',
  end_date: '2026-09-28',
  end_time: '12:30',
  timezone: 'Europe/Berlin' as const,
  description: 'Zeile 1\nZeile 2',
  location: 'Zoom',
};

describe('Outlook link', () => {
  it('is a compose deep link with subject, UTC start and end, body and location', () => {
    const link = new URL(buildOutlookLink(event));
    expect(link.origin + link.pathname).toBe('https://outlook.live.com/calendar/0/deeplink/compose');
    const p = link.searchParams;
    expect(p.get('path')).toBe('/calendar/action/compose');
    expect(p.get('rru')).toBe('addevent');
    expect(p.get('subject')).toBe(event.title);
    expect(p.get('startdt')).toBe('2026-09-28T09:00:00Z'); // 11:00 CEST
    expect(p.get('enddt')).toBe('2026-09-28T10:30:00Z');
    expect(p.get('body')).toBe('Zeile 1\nZeile 2');
    expect(p.get('location')).toBe('Zoom');
  });

  it('leaves out an empty body and location', () => {
    const p = new URL(buildOutlookLink({ ...event, description: '', location: '', timezone: 'Asia/Tokyo' })).searchParams;
    expect(p.has('body')).toBe(false);
    expect(p.has('location')).toBe(false);
    expect(p.get('startdt')).toBe('2026-09-28T02:00:00Z');
  });
});
