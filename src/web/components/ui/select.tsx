import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn.ts';

/**
 * A styled native select: the platform's own keyboard handling and mobile pickers, and it works
 * with a Field label like any input.
 */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select
        className={cn(
          'block h-10 w-full cursor-pointer appearance-none rounded-lg border border-gray-300 bg-white pr-9 pl-3 text-sm text-gray-900 shadow-sm',
          'focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none',
          'aria-[invalid=true]:border-red-500 disabled:cursor-not-allowed disabled:bg-gray-50 disabled:text-gray-500',
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown aria-hidden className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-gray-500" />
    </div>
  );
}
