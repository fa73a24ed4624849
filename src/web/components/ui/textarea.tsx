import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn.ts';

export function Textarea({ className, rows = 3, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      rows={rows}
      className={cn(
        'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm placeholder:text-gray-400',
        'focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none',
        'aria-[invalid=true]:border-red-500 disabled:bg-gray-50 disabled:text-gray-500',
        className,
      )}
      {...props}
    />
  );
}
