import { Unplug } from 'lucide-react';
import { PageHeader } from '@web/components/ui/page-header.tsx';
import { ApiKeyCard } from './api-key-card.tsx';
import { ConnectionCard } from './connection-card.tsx';
import { CustomFieldsCard } from './custom-fields-card.tsx';
import { ImportCard } from './import-card.tsx';
import { useKitConnection, useKitForms, useKitSettings, useKitStats, useKitTags } from './kit-api.ts';
import { FormsCard, TagsCard } from './kit-lists.tsx';
import { KitStatsRow } from './kit-stats.tsx';
import { LiveUpdatesCard } from './live-updates-card.tsx';
import { SubscribersCard } from './subscribers-card.tsx';
import { TagLinksCard } from './tag-links-card.tsx';

/**
 * /crm/kit: the Kit integration. The API key and the connection first; once Kit accepts the key,
 * the account's real statistics, forms, tags and subscribers, and the two set-up actions (custom
 * fields, tag links). Without a key, the screen asks for one.
 */
export default function KitPage() {
  const settings = useKitSettings();
  const configured = settings.data?.configured ?? false;
  const connection = useKitConnection(configured);
  const connected = configured && connection.data?.ok === true;
  const stats = useKitStats(connected);
  const forms = useKitForms(connected);
  const tags = useKitTags(connected);

  return (
    <>
      <PageHeader title="Kit Integration" description="Connect your Kit account, see your subscribers and sync contacts to Kit." />
      <div className="space-y-6">
        <div className="grid gap-6 lg:grid-cols-2">
          <ApiKeyCard settings={settings} />
          <ConnectionCard configured={configured} connection={connection} />
        </div>

        {connected ? (
          <>
            <KitStatsRow stats={stats} forms={forms} tags={tags} />
            <div className="grid gap-6 lg:grid-cols-2">
              <FormsCard forms={forms} />
              <TagsCard tags={tags} />
            </div>
            <div className="grid gap-6 lg:grid-cols-2">
              <CustomFieldsCard />
              <TagLinksCard />
            </div>
            <ImportCard />
            <LiveUpdatesCard />
            <SubscribersCard />
          </>
        ) : configured && connection.data ? (
          <Blocked text="The connection to Kit failed. Replace the API key, or test the connection again, to see your subscribers, forms and tags." />
        ) : null}
      </div>
    </>
  );
}

function Blocked({ text }: { text: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center">
      <Unplug aria-hidden className="size-10 text-gray-400" />
      <p className="max-w-md text-sm text-gray-600">{text}</p>
    </div>
  );
}
