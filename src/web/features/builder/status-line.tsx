import { cn } from '@web/lib/cn.ts';
import { useEditor } from './store/editor-store.ts';
import { selectAnnouncement } from './store/selectors.ts';
import { useBanner } from './use-banner.ts';

/**
 * Under the header: the status banner (a save, a reload, a refusal, a copy), and, for screen readers
 * only, what the last undo or redo did ('Undone: Changed heading text'), each said anew.
 */
export function StatusLine() {
  const banner = useBanner();
  const announcement = useEditor(selectAnnouncement);
  return (
    <>
      <div role="status" aria-live="polite" className="empty:hidden">
        {banner ? (
          <p className={cn('px-4 py-2 text-sm font-medium', banner.tone === 'success' ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900')}>{banner.text}</p>
        ) : null}
      </div>
      <div aria-live="polite" className="sr-only" data-testid="undo-announcement">
        {announcement ? <span key={announcement.count}>{announcement.text}</span> : null}
      </div>
    </>
  );
}
