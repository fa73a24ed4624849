import { useCallback, useEffect, useRef, useState } from 'react';
import type { ImageDto } from '@shared/images/api.ts';
import { IMAGE_MIMES, MAX_UPLOAD_BYTES } from '@shared/images/constants.ts';
import { IMAGE_MESSAGES } from '@shared/images/messages.ts';
import { uploadImageFile } from './images-api.ts';

export interface UploadItem {
  key: string;
  name: string;
  /** Share sent, 0 to 1. */
  progress: number;
  status: 'waiting' | 'uploading' | 'done' | 'failed';
  error?: string;
}

/** Files sent at once; the rest wait their turn, so one slow file does not hold up the others for long. */
const PARALLEL_UPLOADS = 2;

/**
 * Uploads dropped or chosen files, two at a time, each with its own progress. Files the browser
 * already knows are too large or of another type fail at once without being sent; the server checks
 * every file's content again.
 */
export function useUploadQueue({
  landingPageId,
  onUploaded,
  onFailed,
}: {
  landingPageId?: string;
  onUploaded: (image: ImageDto) => void;
  onFailed: (fileName: string, reason: string) => void;
}) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const waiting = useRef<Array<{ key: string; file: File }>>([]);
  const running = useRef(0);
  const nextKey = useRef(0);
  // The latest callbacks, read when an upload ends (the queue outlives the render that started it).
  const callbacks = useRef({ onUploaded, onFailed });
  useEffect(() => {
    callbacks.current = { onUploaded, onFailed };
  });

  const update = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  /** One of PARALLEL_UPLOADS workers: uploads waiting files one after another until none is left. */
  const work = useCallback(async () => {
    running.current += 1;
    try {
      for (let next = waiting.current.shift(); next; next = waiting.current.shift()) {
        const { key, file } = next;
        update(key, { status: 'uploading' });
        try {
          const image = await uploadImageFile(file, file.name, { landingPageId, onProgress: (progress) => update(key, { progress }) });
          update(key, { status: 'done', progress: 1 });
          callbacks.current.onUploaded(image);
        } catch (error) {
          update(key, { status: 'failed', error: (error as Error).message });
          callbacks.current.onFailed(file.name, (error as Error).message);
        }
      }
    } finally {
      running.current -= 1;
    }
  }, [landingPageId, update]);

  const add = useCallback(
    (files: File[]) => {
      const added: UploadItem[] = files.map((file) => {
        const key = `upload-${(nextKey.current += 1)}`;
        const refusal =
          file.type && !(IMAGE_MIMES as readonly string[]).includes(file.type)
            ? IMAGE_MESSAGES.invalidType
            : file.size > MAX_UPLOAD_BYTES
              ? IMAGE_MESSAGES.tooLarge
              : undefined;
        if (refusal) callbacks.current.onFailed(file.name, refusal);
        else waiting.current.push({ key, file });
        return { key, name: file.name, progress: 0, status: refusal ? 'failed' : 'waiting', error: refusal };
      });
      setItems((all) => [...all, ...added]);
      // Each worker takes its first file before its first await, so this loop ends.
      while (running.current < PARALLEL_UPLOADS && waiting.current.length) void work();
    },
    [work],
  );

  const clearFinished = useCallback(() => setItems((all) => all.filter((item) => item.status === 'waiting' || item.status === 'uploading')), []);

  return { items, add, clearFinished };
}
