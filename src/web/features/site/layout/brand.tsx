import { clsx } from 'clsx';
import { useSiteSettings } from '@web/features/site/content/site-store.ts';

/** The business's word mark, linking home. */
export function Brand({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  const { brand } = useSiteSettings();
  return (
    <a href="/" className={clsx('inline-flex items-center gap-2 font-semibold tracking-tight', inverted ? 'text-white' : 'text-gray-900', className)}>
      <svg viewBox="0 0 32 32" width="32" height="32" className="size-8 shrink-0" aria-hidden>
        <rect width="32" height="32" rx="9" fill="#7c3aed" />
        <circle cx="11" cy="12" r="3" fill="#fff" />
        <circle cx="21" cy="12" r="3" fill="#ddd6fe" />
        <circle cx="16" cy="21" r="3" fill="#fff" />
        <path d="M11 12 21 12 16 21Z" fill="none" stroke="#fff" strokeWidth="1.5" strokeLinejoin="round" opacity=".7" />
      </svg>
      <span className="text-lg">{brand}</span>
    </a>
  );
}
