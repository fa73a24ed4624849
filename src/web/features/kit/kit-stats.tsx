import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { FileText, Tags, UserCheck, Users } from 'lucide-react';
import { useId } from 'react';
import { Card } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { formatNumber } from './format.ts';
import type { KitForm, KitStats, KitTag } from '@shared/kit/api.ts';
import { LoadError } from './kit-card.tsx';

/** The real counts from Kit (one request each for all and for active subscribers): no estimates. */
export function KitStatsRow({ stats, forms, tags }: { stats: UseQueryResult<KitStats>; forms: UseQueryResult<KitForm[]>; tags: UseQueryResult<KitTag[]> }) {
  return (
    <section aria-label="Kit statistics" className="space-y-3">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Stat label="Total Subscribers" icon={Users} query={stats} value={(s) => s.total_subscribers} />
        <Stat label="Active Subscribers" icon={UserCheck} query={stats} value={(s) => s.active_subscribers} />
        <Stat label="Forms" icon={FileText} query={forms} value={(f) => f.length} />
        <Stat label="Tags" icon={Tags} query={tags} value={(t) => t.length} />
      </div>
      {stats.isError ? <LoadError message={stats.error.message} onRetry={() => void stats.refetch()} /> : null}
    </section>
  );
}

function Stat<T>({ label, icon: Icon, query, value }: { label: string; icon: LucideIcon; query: UseQueryResult<T>; value: (data: T) => number }) {
  const labelId = useId();
  return (
    <Card className="flex items-center gap-3 p-4 sm:p-5" role="group" aria-labelledby={labelId}>
      <span className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 sm:flex">
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0">
        <p id={labelId} className="truncate text-xs font-medium text-gray-600 sm:text-sm">
          {label}
        </p>
        <p className="text-2xl font-semibold tabular-nums text-gray-900">
          {query.isPending ? <Spinner className="size-5" /> : query.isError ? <span className="text-base text-red-700" title={query.error.message}>Unavailable</span> : formatNumber(value(query.data))}
        </p>
      </div>
    </Card>
  );
}
