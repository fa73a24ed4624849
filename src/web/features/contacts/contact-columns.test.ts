import { describe, expect, it } from 'vitest';
import { DEFAULT_COLUMNS, readColumns, toggleColumn, writeColumns } from './contact-columns.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

describe('contact columns', () => {
  it('starts with the defaults, and with them again when the stored choice is unreadable', () => {
    expect(readColumns(memoryStorage())).toEqual(DEFAULT_COLUMNS);
    expect(readColumns(memoryStorage({ 'mycrm.contacts.columns': '{not json' }))).toEqual(DEFAULT_COLUMNS);
  });

  it('remembers a choice in table order and drops unknown columns', () => {
    const storage = memoryStorage();
    writeColumns(storage, toggleColumn(toggleColumn(DEFAULT_COLUMNS, 'phone'), 'kit'));
    expect(readColumns(storage)).toEqual(['email', 'phone', 'tags', 'status', 'created']);
    expect(readColumns(memoryStorage({ 'mycrm.contacts.columns': '["status","secret","email"]' }))).toEqual(['email', 'status']);
  });

  it('may hide every optional column', () => {
    const storage = memoryStorage();
    writeColumns(storage, []);
    expect(readColumns(storage)).toEqual([]);
  });
});
