import { describe, expect, it } from 'vitest';
import { readView, viewParams } from './contact-view.ts';

describe('the contacts view in the URL', () => {
  it('reads search, filters and sort, and writes them back unchanged', () => {
    const params = new URLSearchParams('search=anna&status=customer&source=referral&tag=vip&sort=email&order=desc');
    const view = readView(params);
    expect(view).toEqual({ search: 'anna', status: 'customer', source: 'referral', tag: 'vip', sort: 'email', order: 'desc' });
    expect(viewParams(view).toString()).toBe(params.toString());
  });

  it('gives the plain screen a plain URL: defaults are left out', () => {
    const view = readView(new URLSearchParams(''));
    expect(view).toEqual({ search: '', status: undefined, source: undefined, tag: undefined, sort: 'created_at', order: 'desc' });
    expect(viewParams(view).toString()).toBe('');
    // A sort's own default order is not written either: names go A to Z.
    expect(viewParams({ ...view, sort: 'name', order: 'asc' }).toString()).toBe('sort=name');
  });

  it('ignores values the API would refuse, so an edited bookmark still opens a list', () => {
    const view = readView(new URLSearchParams('status=vip&source=fax&sort=phone&order=sideways&search=%20%20'));
    expect(view).toEqual({ search: '', status: undefined, source: undefined, tag: undefined, sort: 'created_at', order: 'desc' });
  });
});
