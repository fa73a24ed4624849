import { describe, expect, it } from 'vitest';
import { detectFramework, translateClass, translateClasses, type Framework } from './framework-classes.ts';
import { parseHtml } from './parse-html.ts';

/** [framework class, what the converted page keeps ('' nothing; undefined: the class as written)]. */
type Rule = readonly [string, string | undefined];

const BOOTSTRAP: readonly Rule[] = [
  // What Tailwind would draw differently or hide.
  ['collapse', ''],
  ['navbar-collapse', ''],
  ['collapsing', ''],
  ['show', ''],
  ['fade', ''],
  ['row', ''],
  ['col', ''],
  ['col-6', ''],
  ['col-lg-8', ''],
  ['col-md-auto', ''],
  ['col-xxl', ''],
  ['row-cols-sm-2', ''],
  ['offset-md-2', ''],
  ['container', 'mx-auto w-full max-w-7xl px-4'],
  ['container-fluid', 'w-full px-4'],
  ['h-100', 'h-full'],
  ['w-50', 'w-1/2'],
  ['w-auto', 'w-auto'],
  ['mw-100', 'max-w-full'],
  ['min-vh-100', 'min-h-screen'],
  ['mt-5', 'mt-12'],
  ['py-3', 'py-4'],
  ['px-lg-5', 'lg:px-12'],
  ['ms-2', 'ms-2'],
  ['mb-xxl-4', '2xl:mb-6'],
  ['mt-n3', '-mt-4'],
  ['mx-auto', 'mx-auto'],
  ['ml-auto', 'ml-auto'],
  ['gap-3', 'gap-4'],
  ['row-gap-2', 'gap-y-2'],
  ['g-0', 'gap-0'],
  ['gx-lg-5', 'lg:gap-x-12'],
  ['d-none', 'hidden'],
  ['d-md-flex', 'md:flex'],
  ['d-lg-none', 'lg:hidden'],
  ['d-inline-block', 'inline-block'],
  ['d-print-none', ''],
  ['fixed-top', ''],
  ['sticky-top', 'sticky top-0 z-10'],
  ['rounded-circle', 'rounded-full'],
  ['rounded-pill', 'rounded-full'],
  ['rounded-0', 'rounded-none'],
  ['rounded-3', 'rounded-lg'],
  ['rounded-top', 'rounded-t'],
  ['rounded', 'rounded'],
  ['border-bottom', 'border-b'],
  ['border-top-0', 'border-t-0'],
  ['border-0', 'border-0'],
  ['top-50', 'top-1/2'],
  ['start-0', 'start-0'],
  ['translate-middle', '-translate-x-1/2 -translate-y-1/2'],
  ['position-absolute', 'absolute'],
  ['z-n1', '-z-1'],
  ['lh-lg', 'leading-relaxed'],
  // Colours by name, which Tailwind names by hue and shade.
  ['text-primary', 'text-blue-600'],
  ['text-secondary', 'text-gray-500'],
  ['text-success', 'text-green-700'],
  ['text-danger', 'text-red-600'],
  ['text-warning', 'text-yellow-600'],
  ['text-info', 'text-cyan-600'],
  ['text-light', 'text-gray-100'],
  ['text-dark', 'text-gray-900'],
  ['text-body', 'text-gray-900'],
  ['text-muted', 'text-gray-500'],
  ['text-body-secondary', 'text-gray-500'],
  ['text-white-50', 'text-white/50'],
  ['text-white-75', 'text-white/75'],
  ['text-black-50', 'text-black/50'],
  ['text-reset', 'text-inherit'],
  ['link-primary', 'text-blue-600'],
  ['bg-primary', 'bg-blue-600'],
  ['bg-dark', 'bg-gray-900'],
  ['bg-light', 'bg-gray-100'],
  ['bg-body', 'bg-white'],
  ['bg-body-tertiary', 'bg-gray-50'],
  ['bg-gradient', ''],
  ['bg-opacity-50', ''],
  ['text-bg-dark', 'bg-gray-900 text-white'],
  ['text-bg-warning', 'bg-yellow-400 text-gray-900'],
  ['border-primary', 'border-blue-600'],
  ['navbar-dark', 'text-white'],
  ['navbar-light', 'text-gray-900'],
  // Buttons: the converter picks the variant; these keep the framework's colours and sizes.
  ['btn', ''],
  ['btn-primary', 'bg-blue-600 text-white'],
  ['btn-dark', 'bg-gray-900 text-white'],
  ['btn-light', 'bg-gray-100 text-gray-900'],
  ['btn-outline-light', 'border bg-transparent border-gray-100 text-white'],
  ['btn-outline-primary', 'border bg-transparent border-blue-600 text-blue-600'],
  ['btn-lg', 'px-6 py-3 text-lg'],
  ['btn-sm', 'px-3 py-1.5 text-sm'],
  ['btn-link', ''],
  ['alert-danger', 'bg-red-600 text-white'],
  // Type.
  ['display-4', 'text-5xl font-light'],
  ['display-1', 'text-7xl font-light'],
  ['lead', 'text-xl font-light'],
  ['small', 'text-sm'],
  ['h4', 'text-xl'],
  ['fs-2', 'text-3xl'],
  ['fw-bold', 'font-bold'],
  ['fw-bolder', 'font-extrabold'],
  ['fst-italic', 'italic'],
  ['text-uppercase', 'uppercase'],
  ['text-decoration-none', 'no-underline'],
  ['text-truncate', 'truncate'],
  ['text-md-start', 'md:text-start'],
  // Flex and order.
  ['justify-content-center', 'justify-center'],
  ['justify-content-md-between', 'md:justify-between'],
  ['align-items-center', 'items-center'],
  ['align-self-end', 'self-end'],
  ['flex-column', 'flex-col'],
  ['flex-lg-row', 'lg:flex-row'],
  ['flex-grow-1', 'grow'],
  ['flex-shrink-0', 'shrink-0'],
  ['flex-fill', 'flex-1'],
  ['order-lg-last', 'lg:order-last'],
  ['float-end', 'float-end'],
  // Helpers.
  ['visually-hidden', 'sr-only'],
  ['visually-hidden-focusable', 'sr-only focus:not-sr-only'],
  ['list-unstyled', 'list-none pl-0'],
  ['list-inline-item', ''],
  ['img-fluid', 'h-auto max-w-full'],
  ['clearfix', ''],
  ['stretched-link', ''],
  ['vstack', 'flex flex-col'],
  // Tailwind utilities that mean the same in Bootstrap pass through as written.
  ['text-white', 'text-white'],
  ['bg-white', 'bg-white'],
  ['text-center', 'text-center'],
  ['invisible', undefined],
  ['visible', undefined],
  ['sr-only', undefined],
  ['shadow-sm', undefined],
  ['overflow-hidden', undefined],
  ['opacity-50', undefined],
  // Bootstrap's component classes are no Tailwind utility: kept, they style nothing.
  ['navbar', undefined],
  ['navbar-brand', undefined],
  ['nav-link', undefined],
  ['card-body', undefined],
];

const BULMA: readonly Rule[] = [
  ['is-hidden', 'hidden'],
  ['is-invisible', 'invisible'],
  ['is-sr-only', 'sr-only'],
  ['is-hidden-mobile', 'max-md:hidden'],
  ['is-hidden-tablet', 'md:hidden'],
  ['is-hidden-touch', 'max-lg:hidden'],
  ['is-hidden-desktop', 'lg:hidden'],
  ['container', 'mx-auto w-full max-w-6xl'],
  ['block', 'mb-6'],
  ['content', ''],
  ['columns', ''],
  ['column', ''],
  ['has-text-white', 'text-white'],
  ['has-text-white-ter', 'text-gray-100'],
  ['has-text-grey', 'text-gray-500'],
  ['has-text-grey-dark', 'text-gray-700'],
  ['has-text-grey-light', 'text-gray-300'],
  ['has-text-primary', 'text-teal-700'],
  ['has-text-danger', 'text-red-600'],
  ['has-background-dark', 'bg-gray-800'],
  ['has-background-light', 'bg-gray-100'],
  ['has-background-primary', 'bg-teal-600'],
  ['has-background-white-bis', 'bg-gray-50'],
  ['has-text-centered', 'text-center'],
  ['has-text-right', 'text-right'],
  ['has-text-weight-bold', 'font-bold'],
  ['is-size-4', 'text-2xl'],
  ['is-size-7', 'text-xs'],
  ['is-size-3-mobile', ''],
  ['mt-5', 'mt-6'],
  ['mb-6', 'mb-12'],
  ['px-3', 'px-3'],
  ['is-uppercase', 'uppercase'],
  ['is-pulled-right', 'float-right'],
  ['is-clipped', 'overflow-hidden'],
  ['is-flex-direction-column', 'flex-col'],
  ['is-justify-content-center', 'justify-center'],
  ['is-align-items-center', 'items-center'],
  ['title', undefined],
  ['hero', undefined],
  ['is-primary', undefined],
];

const FOUNDATION: readonly Rule[] = [
  ['show-for-sr', 'sr-only'],
  ['show-on-focus', 'sr-only focus:not-sr-only'],
  ['hide', 'hidden'],
  ['hide-for-small-only', 'max-sm:hidden'],
  ['hide-for-medium', 'sm:hidden'],
  ['hide-for-large', 'lg:hidden'],
  ['show-for-medium', 'max-sm:hidden'],
  ['show-for-large', 'max-lg:hidden'],
  ['show-for-small-only', 'sm:hidden'],
  ['grid-container', 'mx-auto w-full max-w-6xl px-4'],
  ['grid-x', ''],
  ['cell', ''],
  ['auto', ''],
  ['shrink', ''],
  ['sticky', ''],
  ['medium-6', ''],
  ['large-offset-2', ''],
  ['small-up-1', ''],
  ['grid-margin-x', ''],
  ['lead', 'text-xl'],
  ['subheader', 'font-normal text-gray-500'],
  ['align-middle', 'items-center'],
  ['align-top', 'items-start'],
  ['align-center', 'justify-center'],
  ['float-center', 'mx-auto block'],
  ['text-center', undefined],
  ['float-right', undefined],
  ['invisible', undefined],
  ['callout', undefined],
  ['button', undefined],
];

describe.each([
  ['bootstrap', BOOTSTRAP],
  ['bulma', BULMA],
  ['foundation', FOUNDATION],
] as const)('%s classes', (framework: Framework, rules) => {
  it.each(rules)('%s → %s', (name, expected) => {
    expect(translateClass(framework, name)).toBe(expected);
  });
});

describe('translating a class list', () => {
  it('translates, drops and keeps each class of a framework page, each Tailwind class once', () => {
    expect(translateClasses('bootstrap', ['masthead', 'bg-primary', 'text-white', 'text-center', 'py-5'])).toBe('masthead bg-blue-600 text-white text-center py-12');
    expect(translateClasses('bootstrap', ['collapse', 'navbar-collapse'])).toBe('');
    expect(translateClasses('bootstrap', ['w-100', 'w-full'])).toBe('w-full');
  });

  it('keeps the classes of a page written for no framework it knows as they are', () => {
    expect(translateClasses(undefined, ['collapse', 'mt-5', 'h-100', 'container'])).toBe('collapse mt-5 h-100 container');
  });
});

const documentOf = (html: string) => parseHtml(html).document;

describe('which framework a page is written for', () => {
  it('reads it from the stylesheet or script the page loads', () => {
    expect(detectFramework(documentOf('<head><link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/css/bootstrap.min.css"></head><p class="mt-5">x</p>'))).toBe('bootstrap');
    expect(detectFramework(documentOf('<link rel="stylesheet" href="/css/bulma.min.css"><p>x</p>'))).toBe('bulma');
    expect(detectFramework(documentOf('<p>x</p><script src="/js/foundation.min.js"></script>'))).toBe('foundation');
  });

  it('reads it from several classes only that framework writes', () => {
    expect(detectFramework(documentOf('<nav class="navbar navbar-expand-lg"><div class="col-md-6"></div><div class="col-md-6 d-md-flex">x</div></nav>'))).toBe('bootstrap');
    expect(detectFramework(documentOf('<div class="columns"><p class="has-text-white has-background-dark">x</p></div>'))).toBe('bulma');
    expect(detectFramework(documentOf('<div class="grid-x"><div class="cell medium-6">x</div><div class="cell medium-6">y</div></div>'))).toBe('foundation');
  });

  it('finds none on a Tailwind page, or on one class that happens to look like a framework', () => {
    expect(detectFramework(documentOf('<div class="container mx-auto mt-5 flex gap-4 md:grid-cols-3 text-white bg-gray-900">x</div>'))).toBeUndefined();
    expect(detectFramework(documentOf('<div class="columns">x</div>'))).toBeUndefined();
  });
});
