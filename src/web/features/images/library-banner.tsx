import { CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { cn } from '@web/lib/cn.ts';

export type BannerTone = 'success' | 'error' | 'info';
export interface BannerMessage {
  tone: BannerTone;
  text: string;
  detail?: string;
  /** Lines listed under the text, e.g. each failed file. */
  items?: readonly string[];
}

/** Successes and notes clear after 5 seconds; errors stay until dismissed or replaced. */
const CLEAR_AFTER_MS = 5_000;

export function useBanner() {
  const [message, setMessage] = useState<BannerMessage | null>(null);
  useEffect(() => {
    if (!message || message.tone === 'error') return;
    const timer = setTimeout(() => setMessage(null), CLEAR_AFTER_MS);
    return () => clearTimeout(timer);
  }, [message]);
  const show = useCallback(
    (tone: BannerTone, text: string, detail?: string, items?: readonly string[]) => setMessage({ tone, text, detail, items }),
    [],
  );
  return { message, show, clear: () => setMessage(null) };
}

const TONES = {
  success: { icon: CheckCircle2, className: 'border-emerald-200 bg-emerald-50 text-emerald-800' },
  error: { icon: XCircle, className: 'border-red-200 bg-red-50 text-red-800' },
  info: { icon: Info, className: 'border-blue-200 bg-blue-50 text-blue-800' },
} as const;

/** The library's message line: inside the modal, where a toast outside it would be hidden from screen readers. */
export function LibraryBanner({ message, onDismiss }: { message: BannerMessage | null; onDismiss: () => void }) {
  // Both live regions stay mounted, so screen readers announce each new message (errors at once).
  return (
    <>
      <div role="status">{message && message.tone !== 'error' ? <BannerBox message={message} onDismiss={onDismiss} /> : null}</div>
      <div role="alert">{message?.tone === 'error' ? <BannerBox message={message} onDismiss={onDismiss} /> : null}</div>
    </>
  );
}

function BannerBox({ message, onDismiss }: { message: BannerMessage; onDismiss: () => void }) {
  const { icon: Icon, className } = TONES[message.tone];
  return (
    <div className={cn('flex items-start gap-3 rounded-lg border px-4 py-3 text-sm', className)}>
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1 break-words">
        <p className="font-medium">{message.text}</p>
        {message.items?.length ? (
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {message.items.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        ) : null}
        {message.detail ? <p className="mt-0.5 opacity-90">{message.detail}</p> : null}
      </div>
      <button type="button" onClick={onDismiss} aria-label="Dismiss message" className="-m-1 rounded p-1 opacity-70 hover:opacity-100">
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
}
