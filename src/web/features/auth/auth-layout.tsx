import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@web/components/ui/logo.tsx';

/** The centred card shared by the sign-in and setup pages. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-brand-50 via-white to-white px-4 py-12">
      <Link to="/" className="mb-8" aria-label="mycrm home">
        <Logo />
      </Link>
      <div className="w-full max-w-sm rounded-2xl border border-gray-200 bg-white p-8 shadow-xl shadow-brand-900/5">
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900">{title}</h1>
        {subtitle ? <p className="mt-1.5 text-sm text-gray-600">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}
