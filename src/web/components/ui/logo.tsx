import { cn } from '@web/lib/cn.ts';

export function Logo({ compact = false, className }: { compact?: boolean; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold text-gray-900', className)}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden>
        <rect width="32" height="32" rx="8" fill="#7c3aed" />
        <path d="M9 22V11l7 6 7-6v11" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {compact ? <span className="sr-only">mycrm</span> : <span className="text-lg tracking-tight">mycrm</span>}
    </span>
  );
}
