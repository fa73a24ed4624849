// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageMetaCollector, usePageMeta, type PageMeta } from './page-meta.ts';

function Page(meta: PageMeta) {
  usePageMeta(meta);
  return null;
}

afterEach(() => {
  document.title = '';
  document.head.innerHTML = '';
});

describe('a page’s title and description', () => {
  it('become the document’s, and follow the page', () => {
    document.head.innerHTML = '<meta name="description" content="mycrm">';
    const { rerender } = render(<Page title="Webinar" description="Free webinar on Sunday" />);
    expect(document.title).toBe('Webinar');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Free webinar on Sunday');
    rerender(<Page title="Thanks" />);
    expect(document.title).toBe('Thanks');
    // A page without a description leaves the last one in place.
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Free webinar on Sunday');
  });

  it('are handed to the prerender, which writes them into the HTML head', () => {
    const collected: PageMeta[] = [];
    render(
      <PageMetaCollector.Provider value={(meta) => collected.push(meta)}>
        <Page title="Impressum" description="Who runs this site" />
      </PageMetaCollector.Provider>,
    );
    expect(collected.at(-1)).toEqual({ title: 'Impressum', description: 'Who runs this site' });
  });
});
