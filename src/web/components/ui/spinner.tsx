import { Loader2 } from 'lucide-react';
import { cn } from '@web/lib/cn.ts';

export function Spinner({ className }: { className?: string }) {
  return <Loader2 aria-hidden className={cn('size-5 animate-spin text-brand-600', className)} />;
}

/** A centred spinner with its text, for a screen that is still loading. */
export function LoadingScreen({ text = 'Loading...' }: { text?: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] flex-1 flex-col items-center justify-center gap-3 text-sm text-gray-600">
      <Spinner className="size-8" />
      <span>{text}</span>
    </div>
  );
}
