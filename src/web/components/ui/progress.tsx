import { cn } from '@web/lib/cn.ts';

/**
 * A determinate progress bar (role progressbar, so assistive technology reads the value). Two
 * segments: `value` (brand colour) and an optional `failed` part after it (red), out of `max`.
 */
export function ProgressBar({
  value,
  failed = 0,
  max,
  label,
  className,
}: {
  value: number;
  failed?: number;
  max: number;
  label: string;
  className?: string;
}) {
  const percent = (n: number) => (max > 0 ? Math.min(100, Math.max(0, (n / max) * 100)) : 0);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(max, value + failed)}
      className={cn('flex h-2.5 w-full overflow-hidden rounded-full bg-gray-200', className)}
    >
      <div className="h-full bg-brand-600 transition-[width] duration-500" style={{ width: `${percent(value)}%` }} />
      {failed > 0 ? <div className="h-full bg-red-500 transition-[width] duration-500" style={{ width: `${percent(failed)}%` }} /> : null}
    </div>
  );
}
