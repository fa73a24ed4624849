import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn.ts';

/** What a list shows when it has nothing: an icon, the message, a hint and perhaps an action. */
export function EmptyState({
  icon: Icon,
  title,
  hint,
  action,
  className,
}: {
  icon: LucideIcon;
  title: string;
  hint?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col items-center gap-3 px-6 py-14 text-center', className)}>
      <Icon aria-hidden className="size-10 text-gray-400" />
      <h2 className="text-lg font-semibold text-gray-900">{title}</h2>
      {hint ? <p className="max-w-sm text-sm text-gray-600">{hint}</p> : null}
      {action}
    </div>
  );
}
