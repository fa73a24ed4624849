import { buttonVariants } from '@web/components/ui/button-variants.ts';
import { useContent } from '@web/lib/i18n.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';

/** Its texts live in public/content/{en,de}/notFound.json ("Oops! Page not found" in English). The server logs each 404. */
interface NotFoundContent {
  meta: { title: string; description: string };
  title: string;
  text: string;
  home: string;
}

export default function NotFoundPage() {
  const t = useContent<NotFoundContent>('notFound');
  usePageMeta(t.meta);
  return (
    <main className="min-h-screen-above-banner flex flex-col items-center justify-center bg-gray-50 px-4 text-center">
      <p className="text-7xl font-bold tracking-tight text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-semibold text-gray-900">{t.title}</h1>
      <p className="mt-2 text-gray-600">{t.text}</p>
      <a href="/" className={buttonVariants({ size: 'lg', className: 'mt-8' })}>
        {t.home}
      </a>
    </main>
  );
}
