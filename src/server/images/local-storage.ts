import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { assertSafeKey, type ImageStorage } from './storage.ts';

const isMissing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

/** Files under one directory (DATA_DIR/uploads by default); for a single instance. */
export function createLocalStorage(root: string): ImageStorage {
  const fullPath = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const target = fullPath(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // Written aside, then renamed: a reader never sees half a file, even while a variant is being made.
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.promises.writeFile(temporary, data, { flag: 'wx' });
        await fs.promises.rename(temporary, target);
      } catch (error) {
        await fs.promises.rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      const target = fullPath(key);
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(target, 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      // Size and stream from one open file: a rename in between cannot pair one file's length with another's bytes.
      const { size } = await handle.stat();
      return { body: handle.createReadStream(), size };
    },
    async delete(key) {
      await fs.promises.rm(fullPath(key), { force: true });
    },
    async exists(key) {
      try {
        return (await fs.promises.stat(fullPath(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}
