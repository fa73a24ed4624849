import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '@web/components/ui/logo.tsx';

/** The centred card shared by the sign-in, setup and invite pages. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <main className="min-h-screen-above-banner flex flex-col items-center justify-center bg-gradient-to-b from-brand-50 via-white to-white px-4 py-12">
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

/** A failure that belongs to no single field (e.g. a refused or expired link), shown above the form. */
export function AuthFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="mb-5 flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2.5 text-sm text-red-700">
      <CircleAlert className="mt-0.5 size-4 shrink-0" /> {message}
    </p>
  );
}
