import { describe, expect, it } from 'vitest';
import { routePath } from './route-path.ts';

describe('routePath', () => {
  const check = routePath('/api/kit/contacts/:id/check');

  it('keeps the pattern the server registers', () => {
    expect(check.pattern).toBe('/api/kit/contacts/:id/check');
  });

  it('fills each parameter, URI-encoded, so a value never adds a segment or a query', () => {
    expect(check.path({ id: 'c-1' })).toBe('/api/kit/contacts/c-1/check');
    expect(check.path({ id: '../x?y=1#z' })).toBe('/api/kit/contacts/..%2Fx%3Fy%3D1%23z/check');
    expect(routePath('/api/a/:first/b/:second').path({ first: 'ä', second: ' ' })).toBe('/api/a/%C3%A4/b/%20');
  });

  it('refuses to build a path without a value for a parameter', () => {
    expect(() => check.path({} as { id: string })).toThrow(':id');
  });
});
