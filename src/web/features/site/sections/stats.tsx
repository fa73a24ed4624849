import { clsx } from 'clsx';
import { useContent } from '@web/lib/i18n.ts';
import type { CommonContent } from '@web/features/site/content/types.ts';

/** The stated figures: 24+, 100+, 4.9/5, 100%. */
export function Stats({ className }: { className?: string }) {
  const { stats } = useContent<CommonContent>('common');
  return (
    <dl className={clsx('grid grid-cols-2 gap-4 sm:grid-cols-4', className)}>
      {stats.map((stat) => (
        <div key={stat.value} className="flex flex-col-reverse rounded-2xl border border-gray-200 bg-white/80 p-4 text-center shadow-sm backdrop-blur sm:p-5">
          <dt className="mt-1 text-xs leading-snug text-gray-600 sm:text-sm">{stat.label}</dt>
          <dd className="text-2xl font-bold tracking-tight text-brand-700 sm:text-3xl">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
