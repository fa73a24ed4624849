import type { UseQueryResult } from '@tanstack/react-query';
import { FileText, Tags } from 'lucide-react';
import { formatDate } from './format.ts';
import type { KitForm, KitTag } from '@shared/kit/api.ts';
import { EmptyNote, KitCard, LoadError, Loading } from './kit-card.tsx';

/** The Kit account's forms. */
export function FormsCard({ forms }: { forms: UseQueryResult<KitForm[]> }) {
  return (
    <KitCard title="Forms" icon={FileText} description="The sign-up forms in your Kit account.">
      {forms.isPending ? (
        <Loading text="Loading forms..." />
      ) : forms.isError ? (
        <LoadError message={forms.error.message} onRetry={() => void forms.refetch()} />
      ) : forms.data.length === 0 ? (
        <EmptyNote>No forms in your Kit account yet.</EmptyNote>
      ) : (
        <ul aria-label="Kit forms" className="max-h-80 divide-y divide-gray-100 overflow-y-auto">
          {forms.data.map((form) => (
            <li key={form.id} className="flex items-center justify-between gap-3 py-2.5 text-sm">
              <div className="min-w-0">
                <p className="truncate font-medium text-gray-900">{form.name}</p>
                <p className="text-xs text-gray-500">
                  ID {form.id} · created {formatDate(form.created_at)}
                </p>
              </div>
              <span className="shrink-0 rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-700">{form.type}</span>
            </li>
          ))}
        </ul>
      )}
    </KitCard>
  );
}

/** The Kit account's tags. */
export function TagsCard({ tags }: { tags: UseQueryResult<KitTag[]> }) {
  return (
    <KitCard title="Kit Tags" icon={Tags} description="The tags in your Kit account; syncs add them to subscribers.">
      {tags.isPending ? (
        <Loading text="Loading tags..." />
      ) : tags.isError ? (
        <LoadError message={tags.error.message} onRetry={() => void tags.refetch()} />
      ) : tags.data.length === 0 ? (
        <EmptyNote>No tags in your Kit account yet.</EmptyNote>
      ) : (
        <ul aria-label="Kit tags" className="max-h-80 divide-y divide-gray-100 overflow-y-auto">
          {tags.data.map((tag) => (
            <li key={tag.id} className="flex items-center justify-between gap-3 py-2.5 text-sm">
              <p className="min-w-0 truncate font-medium text-gray-900">{tag.name}</p>
              <p className="shrink-0 text-xs text-gray-500">
                ID {tag.id} · {formatDate(tag.created_at)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </KitCard>
  );
}
