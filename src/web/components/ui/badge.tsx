import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn.ts';

export const badgeVariants = cva('inline-flex max-w-full items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap', {
  variants: {
    tone: {
      gray: 'bg-gray-100 text-gray-700',
      brand: 'bg-brand-100 text-brand-700',
      blue: 'bg-blue-100 text-blue-800',
      amber: 'bg-amber-100 text-amber-800',
      green: 'bg-emerald-100 text-emerald-800',
      red: 'bg-red-100 text-red-700',
    },
  },
  defaultVariants: { tone: 'gray' },
});

export function Badge({ className, tone, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}
