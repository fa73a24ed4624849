import type { ReactNode } from 'react';
import { clsx } from 'clsx';

/** A page section with its eyebrow, heading and optional lead text, on a consistent grid. */
export function Section({
  id,
  eyebrow,
  title,
  subtitle,
  children,
  className,
  tone = 'white',
  align = 'center',
}: {
  id?: string;
  eyebrow?: string;
  title?: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
  className?: string;
  tone?: 'white' | 'muted' | 'brand' | 'dark';
  align?: 'center' | 'left';
}) {
  const tones = {
    white: 'bg-white',
    muted: 'bg-gray-50',
    brand: 'bg-brand-50',
    dark: 'bg-gray-950 text-white',
  };
  const dark = tone === 'dark';
  return (
    <section id={id} className={clsx('scroll-mt-8 py-16 sm:py-24', tones[tone], className)}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        {title ? (
          <div className={clsx('mb-10 max-w-3xl sm:mb-14', align === 'center' && 'mx-auto text-center')}>
            {eyebrow ? (
              <p className={clsx('text-sm font-semibold tracking-widest uppercase', dark ? 'text-brand-200' : 'text-brand-600')}>{eyebrow}</p>
            ) : null}
            <h2 className={clsx('mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl', dark ? 'text-white' : 'text-gray-900')}>
              {title}
            </h2>
            {subtitle ? <p className={clsx('mt-4 text-lg leading-relaxed', dark ? 'text-gray-300' : 'text-gray-600')}>{subtitle}</p> : null}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}
