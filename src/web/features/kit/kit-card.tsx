import type { LucideIcon } from 'lucide-react';
import { AlertCircle, RefreshCw } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { cn } from '@web/lib/cn.ts';

/** A card of the Kit screen (a region named by its title): an icon, a title, an optional line and actions, its content. */
export function KitCard({
  title,
  icon: Icon,
  description,
  actions,
  children,
  className,
}: {
  title: string;
  icon: LucideIcon;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className={cn('flex min-w-0 flex-col', className)}>
      <CardHeader className="flex flex-wrap items-start justify-between gap-3 px-4 sm:px-6">
        <div className="min-w-0">
          <CardTitle id={titleId} className="flex items-center gap-2">
            <Icon aria-hidden className="size-5 shrink-0 text-brand-600" />
            {title}
          </CardTitle>
          {description ? <p className="mt-1 text-sm text-gray-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </CardHeader>
      <CardContent className="flex-1 space-y-4 px-4 sm:px-6">{children}</CardContent>
    </Card>
  );
}

export function Loading({ text }: { text: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-8 text-sm text-gray-600">
      <Spinner /> {text}
    </div>
  );
}

/** A failed load, with its reason and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p className="flex min-w-0 items-start gap-2">
        <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span className="min-w-0 break-words">{message}</span>
      </p>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden /> Try again
        </Button>
      ) : null}
    </div>
  );
}

export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed border-gray-300 px-4 py-8 text-center text-sm text-gray-500">{children}</p>;
}
