import type { ImageStorageConfig } from '../config.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { ImageStorage } from './storage.ts';

export function openImageStorage(config: ImageStorageConfig): ImageStorage {
  return config.kind === 's3' ? createS3Storage(config) : createLocalStorage(config.dir);
}
