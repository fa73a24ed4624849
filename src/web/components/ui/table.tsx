import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@web/lib/cn.ts';

/** Plain table parts with the house look; the caller decides layout (fixed widths, sticky header). */

export function Table({ className, ...props }: ComponentProps<'table'>) {
  return <table className={cn('w-full border-separate border-spacing-0 text-left text-sm', className)} {...props} />;
}

export function Th({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn(
        'border-b border-gray-200 bg-gray-50 px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-gray-600 uppercase',
        className,
      )}
      {...props}
    />
  );
}

export function Td({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('border-b border-gray-100 px-4 py-3 align-middle text-gray-700', className)} {...props} />;
}

/** A column header that sorts: the whole label is the button, and `aria-sort` tells screen readers the order. */
export function SortableTh({
  children,
  active,
  direction,
  onSort,
  before,
  className,
}: {
  children: ReactNode;
  active: boolean;
  direction: 'asc' | 'desc';
  onSort: () => void;
  /** Shown ahead of the label, outside the sort button (a select-all checkbox). */
  before?: ReactNode;
  className?: string;
}) {
  const Icon = !active ? ArrowUpDown : direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <Th aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'} className={className}>
      {before ? <span className="mr-3 inline-flex align-middle">{before}</span> : null}
      <button
        type="button"
        onClick={onSort}
        className={cn(
          'inline-flex cursor-pointer items-center gap-1.5 uppercase hover:text-gray-900',
          active ? 'text-gray-900' : 'text-gray-600',
        )}
      >
        {children}
        <Icon aria-hidden className={cn('size-3.5', active ? 'text-brand-600' : 'text-gray-400')} />
      </button>
    </Th>
  );
}

/**
 * The sideways scroller around a table wider than a phone. Named and focusable, so a keyboard user can
 * reach it and scroll with the arrow keys (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function TableScroll({ label, className, ...props }: ComponentProps<'div'> & { label: string }) {
  return <div role="region" aria-label={label} tabIndex={0} className={cn('overflow-x-auto', className)} {...props} />;
}
