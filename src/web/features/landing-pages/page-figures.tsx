import { FIGURES_DAYS, type PageFigures } from '@shared/landing-pages/api.ts';
import { sparklinePoints } from './sparkline.ts';

const count = new Intl.NumberFormat();
const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });
const SPARK_WIDTH = 120;
const SPARK_HEIGHT = 28;

/** What a page earned over the last 30 days: views, sign-ups, conversion, and views per day as a sparkline. */
export function PageFiguresPanel({ figures }: { figures: PageFigures }) {
  const { views, signups, conversion, daily_views } = figures;
  const busiest = Math.max(...daily_views, 0);
  const chartLabel = `Views per day over the last ${FIGURES_DAYS} days: ${count.format(views)} in all, at most ${count.format(busiest)} a day`;
  return (
    <div role="group" aria-label={`Last ${FIGURES_DAYS} days`} className="mt-3 rounded-lg border border-gray-100 px-3 py-2.5">
      <div className="flex items-end justify-between gap-3">
        <dl className="grid flex-1 grid-cols-3 gap-2">
          <Figure label="Views" value={count.format(views)} />
          <Figure label="Sign-ups" value={count.format(signups)} />
          <Figure label="Conversion" value={conversion === null ? '—' : percent.format(conversion)} />
        </dl>
        <svg
          role="img"
          aria-label={chartLabel}
          viewBox={`0 0 ${SPARK_WIDTH} ${SPARK_HEIGHT}`}
          className="h-7 w-24 shrink-0 text-brand-600 sm:w-28"
          preserveAspectRatio="none"
        >
          <polyline
            points={sparklinePoints(daily_views, SPARK_WIDTH, SPARK_HEIGHT)}
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinejoin="round"
            strokeLinecap="round"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
      </div>
      <p className="mt-1 text-xs text-gray-500">Last {FIGURES_DAYS} days</p>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-gray-500">{label}</dt>
      <dd className="text-sm font-semibold text-gray-900 tabular-nums">{value}</dd>
    </div>
  );
}
