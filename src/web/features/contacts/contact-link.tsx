import { useCallback, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { cn } from '@web/lib/cn.ts';
import type { ContactPageState } from './contact-page.tsx';

/**
 * Opens a contact's page from the list. The list's URL holds its search and filters, and goes along,
 * so the contact page's Back returns to exactly this view.
 */
export function useOpenContact(id: string) {
  const navigate = useNavigate();
  const page = `/crm/contacts/${id}`;
  const open = useCallback(
    () => navigate(page, { state: { fromList: window.location.pathname + window.location.search } satisfies ContactPageState }),
    [navigate, page],
  );
  return { page, open };
}

/** The contact's name (or email) as the link to its page, in the table's rows and the phone's cards. */
export function ContactLink({ id, label, named, className }: { id: string; label: string; named: boolean; className?: string }) {
  const { page, open } = useOpenContact(id);
  // A plain click keeps the list's state; a modified one (new tab, new window) is the browser's.
  const onClick = (e: MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    open();
  };
  return (
    <Link to={page} onClick={onClick} className={cn('truncate font-medium hover:underline', named ? 'text-gray-900' : 'text-gray-600', className)} title={label}>
      {label}
    </Link>
  );
}
