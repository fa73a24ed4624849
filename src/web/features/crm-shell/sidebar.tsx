import { ChevronsLeft, ChevronsRight, LogOut, X } from 'lucide-react';
import { NavLink } from 'react-router';
import { Logo } from '@web/components/ui/logo.tsx';
import { cn } from '@web/lib/cn.ts';
import { NAV_ITEMS } from './nav-items.ts';

interface SidebarProps {
  collapsed: boolean;
  onToggleCollapsed?: () => void;
  onClose?: () => void;
  onSignOut: () => void;
  email: string;
}

/** The navigation column: w-64 expanded, w-20 collapsed. */
export function Sidebar({ collapsed, onToggleCollapsed, onClose, onSignOut, email }: SidebarProps) {
  return (
    <div className={cn('flex h-full flex-col border-r border-gray-200 bg-white transition-[width] duration-200', collapsed ? 'w-20' : 'w-64')}>
      <div className={cn('flex h-16 items-center border-b border-gray-100', collapsed ? 'justify-center px-2' : 'justify-between px-5')}>
        <Logo compact={collapsed} />
        {onClose ? (
          <button type="button" onClick={onClose} className="rounded-md p-1.5 text-gray-500 hover:bg-gray-100" aria-label="Close menu">
            <X className="size-5" />
          </button>
        ) : null}
      </div>
      <nav aria-label="Main" className="flex-1 space-y-1 overflow-y-auto p-3">
        {NAV_ITEMS.map(({ path, label, icon: Icon }) => (
          <NavLink
            key={path}
            to={path}
            end={path === '/crm'}
            title={collapsed ? label : undefined}
            onClick={onClose}
            className={({ isActive }) =>
              cn(
                'group flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
                collapsed && 'justify-center px-0',
                isActive ? 'bg-brand-50 text-brand-700' : 'text-gray-600 hover:bg-gray-50 hover:text-gray-900',
              )
            }
          >
            <Icon className="size-5 shrink-0" aria-hidden />
            <span className={cn(collapsed && 'sr-only')}>{label}</span>
          </NavLink>
        ))}
      </nav>
      <div className="space-y-1 border-t border-gray-100 p-3">
        {!collapsed ? <p className="truncate px-3 pb-1 text-xs text-gray-500" title={email}>{email}</p> : null}
        <button
          type="button"
          onClick={onSignOut}
          title={collapsed ? 'Sign Out' : undefined}
          className={cn(
            'flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-gray-600 hover:bg-red-50 hover:text-red-700',
            collapsed && 'justify-center px-0',
          )}
        >
          <LogOut className="size-5 shrink-0" aria-hidden />
          <span className={cn(collapsed && 'sr-only')}>Sign Out</span>
        </button>
        {onToggleCollapsed ? (
          <button
            type="button"
            onClick={onToggleCollapsed}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            className={cn(
              'flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-sm text-gray-500 hover:bg-gray-50 hover:text-gray-900',
              collapsed && 'justify-center px-0',
            )}
          >
            {collapsed ? <ChevronsRight className="size-5" /> : <ChevronsLeft className="size-5" />}
            <span className={cn(collapsed && 'sr-only')}>Collapse</span>
          </button>
        ) : null}
      </div>
    </div>
  );
}
