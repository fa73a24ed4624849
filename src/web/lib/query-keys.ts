/*
 * Every TanStack Query key of the browser app. A feature's keys share its first element, so
 * invalidating that prefix refreshes all of its queries; a feature whose changes make another's
 * data stale (a contact edit moves the dashboard's figures) invalidates the other's prefix from here.
 * One list of the CRM's tags serves the tags screen, the contacts screen and the Kit page.
 */

const kit = ['kit'] as const;

export const queryKeys = {
  session: ['session'] as const,
  /** Staff users; their pending invites share the prefix, so a change to users refreshes both. */
  users: ['users'] as const,
  pendingInvites: ['users', 'invites'] as const,
  /** The backups in DATA_DIR/backups and the server's backup settings. */
  backups: ['backups'] as const,
  setupCheck: (token: string) => ['setup-check', token] as const,
  dashboard: ['dashboard'] as const,
  /** Changes only with a build and a restart, so no edit invalidates it. */
  siteChecklist: ['site-checklist'] as const,
  tags: ['tags'] as const,
  campaignTags: ['tags', 'campaigns'] as const,
  contacts: {
    all: ['contacts'] as const,
    /** `view` is the screen's search, filters and sort (contact-view.ts). */
    list: (view: object) => ['contacts', 'list', view] as const,
    stats: ['contacts', 'stats'] as const,
    one: (id: string) => ['contacts', 'one', id] as const,
    timeline: (id: string) => ['contacts', 'timeline', id] as const,
    bulkJob: (id: string) => ['contacts', 'bulk-job', id] as const,
    importJob: (id: string) => ['contacts', 'import-job', id] as const,
    /**
     * How many people erased before a file's rows name; `file` tells one checked file from another.
     * Outside the contacts' prefix: the refresh an import starts must not ask again.
     */
    importErased: (file: number) => ['import-erased', file] as const,
  },
  calendarEvents: {
    all: ['calendar-events'] as const,
    page: (page: { q: string; limit: number; offset: number }) => ['calendar-events', page] as const,
  },
  kit: {
    all: kit,
    settings: [...kit, 'settings'] as const,
    /** What Kit itself answers for the saved key (forgotten when the key changes). */
    account: {
      connection: [...kit, 'connection'] as const,
      stats: [...kit, 'stats'] as const,
      forms: [...kit, 'forms'] as const,
      tags: [...kit, 'tags'] as const,
      subscribers: [...kit, 'subscribers'] as const,
    },
    subscriberPage: (page: { email: string; cursor: unknown; perPage: number }) => [...kit, 'subscribers', page] as const,
    syncStates: [...kit, 'sync-state'] as const,
    syncState: (contactId: string) => [...kit, 'sync-state', contactId] as const,
    batch: (batchId: string) => [...kit, 'batch', batchId] as const,
    batchPreview: (selection: unknown) => [...kit, 'batch-preview', selection] as const,
    import: [...kit, 'import'] as const,
  },
};
