import { BarChart3, FileText, Globe, RefreshCw, UserPlus, Users, type LucideIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { RECENT_LEADS_DAYS } from '@shared/dashboard/api.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { PageHeader } from '@web/components/ui/page-header.tsx';
import { StatCard } from '@web/components/ui/stat-card.tsx';
import { notifyError } from '@web/lib/notify.tsx';
import { useDashboard } from './dashboard-api.ts';
import { RecentContacts } from './recent-contacts.tsx';
import { SiteChecklistCard } from './site-checklist-card.tsx';

const LOAD_FAILED = 'Failed to load the dashboard. Please try again.';

const QUICK_ACTIONS: Array<{ title: string; text: string; to: string; icon: LucideIcon }> = [
  { title: 'Add Contact', text: 'Add a lead, prospect or customer.', to: '/crm/contacts', icon: UserPlus },
  { title: 'Create Page', text: 'Build a landing page that captures leads.', to: '/crm/landing-pages', icon: FileText },
  { title: 'View Analytics', text: 'See your Kit subscribers and sync.', to: '/crm/kit', icon: BarChart3 },
];

/** The CRM's front page: four figures, the newest contacts, what the public site still shows from the sample, and the three most common next steps. */
export default function DashboardPage() {
  const dashboard = useDashboard();
  const stats = dashboard.data?.stats;

  useEffect(() => {
    if (dashboard.isError) notifyError(LOAD_FAILED, dashboard.error);
  }, [dashboard.isError, dashboard.error]);

  return (
    <>
      <PageHeader title="Dashboard" description="What is happening in your CRM." />

      {dashboard.isError && !dashboard.data ? (
        <div role="alert" className="mb-6 flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-red-700">{LOAD_FAILED}</p>
          <Button variant="secondary" size="sm" onClick={() => dashboard.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </div>
      ) : null}

      <section aria-label="Statistics" className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard label="Total Contacts" value={stats?.total_contacts} icon={Users} />
        <StatCard label="Landing Pages" value={stats?.landing_pages} icon={FileText} />
        <StatCard label="Active Pages" value={stats?.active_pages} icon={Globe} />
        <StatCard label="Recent Leads" value={stats?.recent_leads} icon={UserPlus} hint={`Last ${RECENT_LEADS_DAYS} days`} />
      </section>

      <div className="grid gap-6 xl:grid-cols-3">
        <div className="min-w-0 xl:col-span-2">
          <RecentContacts contacts={dashboard.data?.recent_contacts} failed={dashboard.isError} />
          <div className="mt-6">
            <SiteChecklistCard />
          </div>
        </div>
        <section aria-labelledby="quick-actions-title" className="min-w-0">
          <h2 id="quick-actions-title" className="mb-3 text-base font-semibold text-gray-900">
            Quick Actions
          </h2>
          <div className="grid gap-3 sm:grid-cols-3 xl:grid-cols-1">
            {QUICK_ACTIONS.map(({ title, text, to, icon: Icon }) => (
              <Card key={to} className="transition-colors hover:border-brand-200 hover:bg-brand-50/40">
                <Link to={to} className="flex items-center gap-4 rounded-xl p-4">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-white">
                    <Icon aria-hidden className="size-5" />
                  </span>
                  <span className="min-w-0">
                    <span className="block font-semibold text-gray-900">{title}</span>
                    <span className="block text-sm text-gray-600">{text}</span>
                  </span>
                </Link>
              </Card>
            ))}
          </div>
        </section>
      </div>
    </>
  );
}
