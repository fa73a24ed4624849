import { Menu } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Logo } from '@web/components/ui/logo.tsx';
import { useSession, useSignOut } from '@web/lib/session.ts';
import { Sidebar } from './sidebar.tsx';

const COLLAPSED_KEY = 'mycrm.sidebar.collapsed';

/** The signed-in area: a sidebar (collapsible on desktop, a slide-over on mobile) and the screen. */
export default function CrmLayout() {
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const location = useLocation();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  // The slide-over belongs to the page it was opened on: navigating closes it.
  const [mobileOpenAt, setMobileOpenAt] = useState<string | null>(null);
  const mobileOpen = mobileOpenAt === location.pathname;
  const setMobileOpen = (open: boolean) => setMobileOpenAt(open ? location.pathname : null);

  useEffect(() => localStorage.setItem(COLLAPSED_KEY, collapsed ? '1' : '0'), [collapsed]);
  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMobileOpenAt(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mobileOpen]);

  const handleSignOut = () => signOut.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) });
  const email = session.data?.email ?? '';

  return (
    <div className="flex h-screen overflow-hidden bg-gray-50">
      <aside className="hidden shrink-0 lg:block">
        <Sidebar collapsed={collapsed} onToggleCollapsed={() => setCollapsed((c) => !c)} onSignOut={handleSignOut} email={email} />
      </aside>

      {mobileOpen ? (
        <div className="fixed inset-0 z-40 lg:hidden" role="dialog" aria-modal="true" aria-label="Menu">
          <div className="absolute inset-0 bg-gray-900/40 backdrop-blur-[1px]" onClick={() => setMobileOpen(false)} />
          <div className="absolute inset-y-0 left-0 shadow-xl">
            <Sidebar collapsed={false} onClose={() => setMobileOpen(false)} onSignOut={handleSignOut} email={email} />
          </div>
        </div>
      ) : null}

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-16 shrink-0 items-center gap-3 border-b border-gray-200 bg-white px-4 lg:hidden">
          <button type="button" onClick={() => setMobileOpen(true)} className="rounded-md p-2 text-gray-600 hover:bg-gray-100" aria-label="Open menu">
            <Menu className="size-5" />
          </button>
          <Logo />
        </header>
        <main className="flex-1 overflow-y-auto">
          <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
