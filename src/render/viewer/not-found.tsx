import { VIEWER_MESSAGES } from '../../shared/landing-pages/viewer.ts';

/** An unknown or inactive slug: 'Page Not Found' (the text visitors have always seen) with the slug and the reason. */
export function PageNotFound({ slug, reason = VIEWER_MESSAGES.notFound }: { slug: string; reason?: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-6">
      <div className="max-w-md text-center">
        <h1 className="text-3xl font-bold text-gray-900">{VIEWER_MESSAGES.notFoundTitle}</h1>
        <p className="mt-3 text-gray-600">
          <code className="rounded bg-gray-200 px-1.5 py-0.5 text-sm text-gray-800">/lp/{slug}</code>
        </p>
        <p className="mt-3 text-gray-700">{reason}</p>
        <a href="/" className="mt-6 inline-block rounded-lg bg-gray-900 px-4 py-2 font-medium text-white hover:bg-gray-700">
          Go to the home page
        </a>
      </div>
    </main>
  );
}
