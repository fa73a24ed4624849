import type { ReactNode } from 'react';

/**
 * The whole HTML document of a public landing page: finished HTML and the page's own CSS inline (one
 * request, no render-blocking stylesheet). The server adds the scripts of the islands it contains.
 */
export function PageDocument({
  title,
  css,
  lang = 'en',
  robots,
  favicon = '/favicon.svg',
  meta,
  children,
}: {
  title: string;
  css: string;
  lang?: string;
  /** e.g. 'noindex' for the not-found page. */
  robots?: string;
  /** The page's own icon (an image of the library); else the site's. */
  favicon?: string;
  /** Description, canonical address and link-preview tags (head-meta.tsx). */
  meta?: ReactNode;
  children: ReactNode;
}) {
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        {favicon === '/favicon.svg' ? <link rel="icon" type="image/svg+xml" href={favicon} /> : <link rel="icon" href={favicon} />}
        {robots ? <meta name="robots" content={robots} /> : null}
        {meta}
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body className="min-h-screen bg-white font-sans text-gray-900 antialiased">{children}</body>
    </html>
  );
}
