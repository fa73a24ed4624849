import { startTransition, useEffect, useState } from 'react';
import { useLanguage } from '@web/lib/i18n.ts';
import type { WebinarContent } from '@web/features/site/content/types.ts';
import { fetchWebinarContent, initialWebinarContent } from '@web/features/site/content/site-store.ts';

export type WebinarContentState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; content: WebinarContent };

/**
 * The webinar page's content, read from /webinar-content.json (German; webinar-content.en.json in
 * English) with a cache-busting query. A prerendered page shows the copy it was built with at once
 * and takes the file's current copy when it arrives.
 */
export function useWebinarContent(): WebinarContentState {
  const language = useLanguage();
  const [state, setState] = useState<{ language: string; value: WebinarContentState }>(() => {
    const initial = initialWebinarContent(language);
    return { language, value: initial ? { status: 'ready', content: initial } : { status: 'loading' } };
  });

  useEffect(() => {
    let current = true;
    const shown = initialWebinarContent(language);
    const before = shown ? JSON.stringify(shown) : undefined;
    fetchWebinarContent(language).then(
      (content) => {
        // Usually the copy the page was built with: then nothing needs to render again.
        if (!current || JSON.stringify(content) === before) return;
        startTransition(() => setState({ language, value: { status: 'ready', content } }));
      },
      () => current && setState((s) => (s.language === language && s.value.status === 'ready' ? s : { language, value: { status: 'error' } })),
    );
    return () => {
      current = false;
    };
  }, [language]);

  if (state.language !== language) {
    const cached = initialWebinarContent(language);
    return cached ? { status: 'ready', content: cached } : { status: 'loading' };
  }
  return state.value;
}
