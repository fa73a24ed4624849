import type { PageHeadMeta } from '../shared/landing-pages/page-settings.ts';

/** Another language's address of the same page, for `hreflang` alternates. */
export interface Alternate {
  hreflang: string;
  href: string;
}

export interface HeadMetaProps {
  meta: Omit<PageHeadMeta, 'title'>;
  /** The page's language as Open Graph writes it (en_US, de_DE). */
  locale?: string;
  alternates?: readonly Alternate[];
}

/**
 * What search engines and link previews read from a page's head: description, canonical address,
 * Open Graph and Twitter card tags, language alternates, and robots when hidden. React escapes every
 * value as an attribute, so no author's text can end a tag or add one.
 */
export function HeadMeta({ meta, locale, alternates = [] }: HeadMetaProps) {
  const image = meta.socialImage;
  return (
    <>
      {meta.description ? <meta name="description" content={meta.description} /> : null}
      {meta.noindex ? <meta name="robots" content="noindex" /> : null}
      <link rel="canonical" href={meta.canonical} />
      {alternates.map((alternate) => (
        <link key={alternate.hreflang} rel="alternate" hrefLang={alternate.hreflang} href={alternate.href} />
      ))}
      <meta property="og:type" content="website" />
      <meta property="og:url" content={meta.canonical} />
      <meta property="og:title" content={meta.socialTitle} />
      {meta.socialDescription ? <meta property="og:description" content={meta.socialDescription} /> : null}
      {locale ? <meta property="og:locale" content={locale} /> : null}
      {image ? (
        <>
          <meta property="og:image" content={image.url} />
          <meta property="og:image:width" content={String(image.width)} />
          <meta property="og:image:height" content={String(image.height)} />
          <meta property="og:image:alt" content={image.alt} />
        </>
      ) : null}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={meta.socialTitle} />
      {meta.socialDescription ? <meta name="twitter:description" content={meta.socialDescription} /> : null}
      {image ? <meta name="twitter:image" content={image.url} /> : null}
    </>
  );
}
