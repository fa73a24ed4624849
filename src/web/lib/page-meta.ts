import { createContext, useContext, useEffect } from 'react';

export interface PageMeta {
  title: string;
  description?: string;
}

/** Set while prerendering: collects the page's title and description for the HTML head. */
export const PageMetaCollector = createContext<((meta: PageMeta) => void) | null>(null);

/** The document title and description of the page being shown. */
export function usePageMeta(meta: PageMeta): void {
  const collect = useContext(PageMetaCollector);
  collect?.(meta);
  useEffect(() => {
    document.title = meta.title;
    if (meta.description !== undefined) {
      document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
    }
  }, [meta.title, meta.description]);
}
