import { pageTypeSchema, type LandingPageSummary } from '@shared/landing-pages/api.ts';

type PageType = LandingPageSummary['page_type'];

/** How the page types read on screen (raw HTML, a built-in React page, or the builder's sections). */
export const PAGE_TYPE_LABELS: Record<PageType, string> = {
  html: 'HTML',
  react: 'React',
  builder: 'Builder',
};

/** The choices of the dialog's select, in the contract's order. */
export const PAGE_TYPE_OPTIONS = pageTypeSchema.options.map((value) => ({ value, label: PAGE_TYPE_LABELS[value] }));
