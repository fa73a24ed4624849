import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '@web/lib/cn.ts';
import { Card } from './card.tsx';

/** One figure with its label; `value` undefined while it loads (a placeholder keeps the layout still). */
export function StatCard({
  label,
  value,
  icon: Icon,
  hint,
  className,
}: {
  label: string;
  value: number | undefined;
  icon: LucideIcon;
  hint?: ReactNode;
  className?: string;
}) {
  const labelId = useId();
  return (
    <Card role="group" aria-labelledby={labelId} className={cn('flex items-center gap-4 p-3 sm:p-5', className)}>
      {/* Phones show the figures side by side, so the icon gives way there. */}
      <span className="hidden size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 sm:flex">
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0">
        <p id={labelId} className="text-xs font-medium text-gray-600 sm:text-sm">
          {label}
        </p>
        {value === undefined ? (
          <p className="mt-1 h-7 w-16 animate-pulse rounded bg-gray-100">
            <span className="sr-only">Loading</span>
          </p>
        ) : (
          <p className="text-xl font-semibold tracking-tight text-gray-900 tabular-nums sm:text-2xl">{value.toLocaleString('en-US')}</p>
        )}
        {hint ? <p className="truncate text-xs text-gray-500">{hint}</p> : null}
      </div>
    </Card>
  );
}
