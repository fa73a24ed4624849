import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiParsed, send } from '@web/lib/api.ts';
import { contactListResponseSchema } from '@shared/contacts/api.ts';
import { startEarlyRequests } from './early-requests.ts';

/** A fetch that answers every path with `status`, recording what was asked. */
function fakeFetch(status: (path: string) => number) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (path: string) => {
    asked.push(path);
    const body = path.startsWith('/api/contacts?') ? { contacts: [], total: 0, total_capped: false, next_cursor: null } : {};
    return Promise.resolve(new Response(JSON.stringify(body), { status: status(path), headers: { 'content-type': 'application/json' } }));
  });
  return asked;
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
afterEach(() => vi.unstubAllGlobals());

describe('early requests of a staff screen', () => {
  it('asks for the session, then the contacts screen’s list of the URL’s view, and the screen takes that answer instead of asking again', async () => {
    const asked = fakeFetch(() => 200);
    startEarlyRequests({ pathname: '/crm/contacts', search: '?search=anna&sort=email' });
    await settle();
    const list = '/api/contacts?search=anna&sort=email&limit=100';
    expect(asked).toEqual(['/api/auth/session', list]);
    await apiParsed(contactListResponseSchema, 'GET', list);
    await send('/api/auth/session');
    expect(asked).toHaveLength(2);
    // Taken once: the next request for the same path goes to the server.
    await send(list);
    expect(asked).toHaveLength(3);
  });

  it('asks for nothing more when signed out, and nothing at all outside the staff app', async () => {
    const asked = fakeFetch((path) => (path === '/api/auth/session' ? 401 : 200));
    startEarlyRequests({ pathname: '/crm/contacts', search: '' });
    startEarlyRequests({ pathname: '/api/calendar/ics/abc', search: '' });
    await settle();
    expect(asked).toEqual(['/api/auth/session']);
    await expect(send('/api/auth/session')).rejects.toMatchObject({ status: 401 });
  });
});
