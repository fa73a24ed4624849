import { PageHeader } from '@web/components/ui/page-header.tsx';

/** A CRM route whose screen its own issue has not built yet: its title, and nothing fake. */
export function ScreenTitle({ title }: { title: string }) {
  return <PageHeader title={title} />;
}
