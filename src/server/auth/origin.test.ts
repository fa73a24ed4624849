import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from './origin.ts';

const request = (origin: string | undefined, protocol: 'http' | 'https', host: string) => ({ headers: { origin }, protocol, host });

describe('isAllowedOrigin', () => {
  it('accepts the address the request was sent to, by scheme, host and port', () => {
    expect(isAllowedOrigin(request('https://crm.example', 'https', 'crm.example'), undefined)).toBe(true);
    expect(isAllowedOrigin(request('https://crm.example:443', 'https', 'crm.example'), undefined)).toBe(true);
    expect(isAllowedOrigin(request('http://localhost:3000', 'http', 'localhost:3000'), undefined)).toBe(true);
    expect(isAllowedOrigin(request('https://CRM.example', 'https', 'crm.example'), undefined)).toBe(true);
  });

  it('refuses another scheme, port or host', () => {
    expect(isAllowedOrigin(request('http://crm.example', 'https', 'crm.example'), undefined)).toBe(false);
    expect(isAllowedOrigin(request('https://crm.example', 'http', 'crm.example'), undefined)).toBe(false);
    expect(isAllowedOrigin(request('http://localhost:5000', 'http', 'localhost:3000'), undefined)).toBe(false);
    expect(isAllowedOrigin(request('https://crm.example:8443', 'https', 'crm.example'), undefined)).toBe(false);
    expect(isAllowedOrigin(request('https://crm.example.evil', 'https', 'crm.example'), undefined)).toBe(false);
  });

  it('accepts PUBLIC_URL exactly, whatever the request says about itself', () => {
    expect(isAllowedOrigin(request('https://crm.example', 'http', '10.0.0.5:3000'), 'https://crm.example')).toBe(true);
    expect(isAllowedOrigin(request('http://crm.example', 'http', '10.0.0.5:3000'), 'https://crm.example')).toBe(false);
    expect(isAllowedOrigin(request('https://crm.example:444', 'http', '10.0.0.5:3000'), 'https://crm.example')).toBe(false);
  });

  it('refuses "null", other schemes and garbage, and accepts a request without Origin', () => {
    for (const origin of ['null', 'file://', 'chrome-extension://abc', 'not a url', '']) {
      expect(isAllowedOrigin(request(origin, 'http', 'localhost'), undefined), origin).toBe(false);
    }
    expect(isAllowedOrigin(request(undefined, 'http', 'localhost'), undefined)).toBe(true);
    expect(isAllowedOrigin(request('http://undefined', 'http', ''), undefined)).toBe(false);
  });
});
