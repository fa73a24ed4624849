/**
 * Unsaved builder work kept in the browser's IndexedDB, so a crash or a closed tab loses nothing. A
 * few lines over the raw API (one database, one object store, string keys) instead of a library.
 */

const DB_NAME = 'mycrm-builder';
const STORE = 'drafts';

export interface Draft {
  /** The editor's document, serialised as a save would send it. */
  readonly content: string;
  /** The page's settings with it, serialised likewise (drafts kept before settings existed have none). */
  readonly settings?: string;
  /** When it was kept (ms since the epoch). */
  readonly kept_at: number;
}

let opened: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  }).catch((error: unknown) => {
    // A later call may try again (a private window may refuse once, storage may be freed).
    opened = null;
    throw error;
  });
  return opened;
}

async function run<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database();
  return new Promise<T>((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = use(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB refused the change'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB aborted the change'));
  });
}

function isDraft(value: unknown): value is Draft {
  const draft = value as Partial<Draft> | undefined;
  return typeof draft?.content === 'string' && typeof draft.kept_at === 'number' && (draft.settings === undefined || typeof draft.settings === 'string');
}

export async function readDraft(key: string): Promise<Draft | undefined> {
  const value = await run('readonly', (store) => store.get(key) as IDBRequest<unknown>);
  return isDraft(value) ? value : undefined;
}

export const writeDraft = (key: string, draft: Draft) => run('readwrite', (store) => store.put(draft, key)).then(() => undefined);

export const deleteDraft = (key: string) => run('readwrite', (store) => store.delete(key));
