import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { cn } from '@web/lib/cn.ts';

/** A card of the calendar tools (a region named by its title): an icon and a title, an optional line, its content. */
export function CalendarCard({
  title,
  icon: Icon,
  description,
  children,
  className,
}: {
  title: string;
  icon: LucideIcon;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className={className}>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Icon aria-hidden className="size-5 text-brand-600" />
          {title}
        </CardTitle>
        {description ? <p className="mt-1 text-sm text-gray-600">{description}</p> : null}
      </CardHeader>
      <CardContent className="space-y-4 px-4 sm:px-6">{children}</CardContent>
    </Card>
  );
}

/** Text a person may copy by hand too: monospace, wrapped anywhere, selectable. */
export function CodeBlock({ children, label, className }: { children: ReactNode; label?: string; className?: string }) {
  return (
    <pre
      aria-label={label}
      className={cn(
        'max-h-72 overflow-auto rounded-lg border border-gray-200 bg-gray-50 p-3 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap text-gray-800',
        className,
      )}
    >
      {children}
    </pre>
  );
}
