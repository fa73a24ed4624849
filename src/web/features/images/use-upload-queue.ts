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

/** What became of the files added while the queue was busy, told once it has nothing left to do. */
export interface UploadBatch {
  uploaded: number;
  /** In the order the files were given. */
  failed: Array<{ name: string; reason: string }>;
}

/** Files sent at once; the rest wait their turn, so one slow file does not hold up the others for long. */
const PARALLEL_UPLOADS = 2;

/**
 * Uploads dropped or chosen files, two at a time, each with its own progress. Files the browser
 * already knows are too large or of another type fail at once without being sent; the server checks
 * every file's content again. Files added while others are still on their way count as one batch.
 */
export function useUploadQueue({
  landingPageId,
  onUploaded,
  onBatchDone,
}: {
  landingPageId?: string;
  onUploaded: (image: ImageDto) => void;
  onBatchDone: (batch: UploadBatch) => void;
}) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const waiting = useRef<Array<{ key: string; order: number; file: File }>>([]);
  const running = useRef(0);
  const nextKey = useRef(0);
  const batch = useRef<{ uploaded: number; failed: Array<{ order: number; name: string; reason: string }> }>({ uploaded: 0, failed: [] });
  // The latest callbacks, read when an upload ends (the queue outlives the render that started it).
  const callbacks = useRef({ onUploaded, onBatchDone });
  useEffect(() => {
    callbacks.current = { onUploaded, onBatchDone };
  });

  const fail = (order: number, name: string, reason: string) => batch.current.failed.push({ order, name, reason });
  /** Tells the batch once no file waits or is on its way. */
  const reportIfIdle = useCallback(() => {
    if (running.current > 0 || waiting.current.length > 0) return;
    const { uploaded, failed } = batch.current;
    batch.current = { uploaded: 0, failed: [] };
    if (uploaded || failed.length) callbacks.current.onBatchDone({ uploaded, failed: failed.sort((a, b) => a.order - b.order).map(({ name, reason }) => ({ name, reason })) });
  }, []);

  const update = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  /** One of PARALLEL_UPLOADS workers: uploads waiting files one after another until none is left. */
  const work = useCallback(async () => {
    running.current += 1;
    try {
      for (let next = waiting.current.shift(); next; next = waiting.current.shift()) {
        const { key, order, file } = next;
        update(key, { status: 'uploading' });
        try {
          const image = await uploadImageFile(file, file.name, { landingPageId, onProgress: (progress) => update(key, { progress }) });
          update(key, { status: 'done', progress: 1 });
          batch.current.uploaded += 1;
          callbacks.current.onUploaded(image);
        } catch (error) {
          update(key, { status: 'failed', error: (error as Error).message });
          fail(order, file.name, (error as Error).message);
        }
      }
    } finally {
      running.current -= 1;
      reportIfIdle();
    }
  }, [landingPageId, update, reportIfIdle]);

  const add = useCallback(
    (files: File[]) => {
      const added: UploadItem[] = files.map((file) => {
        const order = (nextKey.current += 1);
        const key = `upload-${order}`;
        const refusal =
          file.type && !(IMAGE_MIMES as readonly string[]).includes(file.type)
            ? IMAGE_MESSAGES.invalidType
            : file.size > MAX_UPLOAD_BYTES
              ? IMAGE_MESSAGES.tooLarge
              : undefined;
        if (refusal) fail(order, file.name, refusal);
        else waiting.current.push({ key, order, file });
        return { key, name: file.name, progress: 0, status: refusal ? 'failed' : 'waiting', error: refusal };
      });
      setItems((all) => [...all, ...added]);
      // Each worker takes its first file before its first await, so this loop ends.
      while (running.current < PARALLEL_UPLOADS && waiting.current.length) void work();
      // Only refused files and nothing on its way: the batch is done already.
      reportIfIdle();
    },
    [work, reportIfIdle],
  );

  const clearFinished = useCallback(() => setItems((all) => all.filter((item) => item.status === 'waiting' || item.status === 'uploading')), []);

  return { items, add, clearFinished };
}
