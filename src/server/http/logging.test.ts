import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl, serializeError } from './logging.ts';

describe('redactUrl', () => {
  it('keeps the path and the names of the query parameters, never their values', () => {
    expect(redactUrl('/setup?token=abc123')).toBe('/setup?token=[REDACTED]');
    expect(redactUrl('/api/contacts?search=ada%40example.com&limit=50&')).toBe('/api/contacts?search=[REDACTED]&limit=[REDACTED]');
    expect(redactUrl('/api/contacts')).toBe('/api/contacts');
  });
});

describe('serializeError', () => {
  it('keeps type, message, code and cause, and drops the SQL parameters and the database detail', () => {
    const database = Object.assign(new Error('duplicate key value violates unique constraint "contacts_email_idx"'), {
      code: '23505',
      detail: 'Key (lower(email))=(ada@example.com) already exists.',
    });
    const query = Object.assign(new Error('Failed query: insert into contacts (email) values ($1)\nparams: ada@example.com,Ada Lovelace'), {
      params: ['ada@example.com', 'Ada Lovelace'],
      cause: database,
    });
    const logged = serializeError(query);
    expect(logged).toMatchObject({
      type: 'Error',
      message: 'Failed query: insert into contacts (email) values ($1)\nparams: [REDACTED]',
      cause: { code: '23505', message: 'duplicate key value violates unique constraint "contacts_email_idx"' },
    });
    expect(JSON.stringify(logged)).not.toMatch(/ada@example\.com|Ada Lovelace/);
  });

  it('hides the query of a URL named in a message (Kit errors name the call they made)', () => {
    expect(serializeError(new Error('Kit API error: 500 GET https://api.kit.com/v4/subscribers?email_address=ada%40example.com - Oops')).message).toBe(
      'Kit API error: 500 GET https://api.kit.com/v4/subscribers?[REDACTED] - Oops',
    );
  });

  it('hides the value PostgreSQL quotes when it refuses one', () => {
    expect(serializeError(new Error('invalid input syntax for type uuid: "ada@example.com"')).message).toBe('invalid input syntax for type uuid: [REDACTED]');
  });
});

describe('the logger', () => {
  it('scrubs messages that quote an error, and redacts secret fields of logged objects', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: loggerOptions({ logLevel: 'info' }, { write: (line) => void lines.push(line) }) });
    app.log.warn('Kit sync failed: Kit API error: 500 GET https://api.kit.com/v4/subscribers?email_address=ada%40example.com - Oops');
    app.log.info({ user: { password: 'hunter2 hunter2', api_key: 'kit_secret_key' }, token: 'tok_123' }, 'objects');
    await app.close();
    const log = lines.join('');
    expect(log).toContain('subscribers?[REDACTED] - Oops');
    expect(log).not.toMatch(/ada%40example\.com|hunter2|kit_secret_key|tok_123/);
  });
});
