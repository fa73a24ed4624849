import { createComponent, createSection } from './create.ts';
import { newNodeId, type IdMaker } from './ids.ts';
import type { PageContent } from './types.ts';

/**
 * The page a builder starts from when the content is missing or does not parse: a hero
 * section in the theme colours with a title, a subtitle, a description and a 'Get Started' button,
 * then an empty container section.
 */
export function defaultPage(makeId: IdMaker = newNodeId): PageContent {
  const hero = createSection('hero', { tailwindClasses: 'bg-gradient-to-br from-primary-600 to-accent-600 px-4 py-20 text-center text-white' }, makeId);
  const container = createSection('container', { tailwindClasses: 'mx-auto max-w-6xl px-4 py-16' }, makeId);
  return [
    {
      ...hero,
      components: [
        // Its classes size it, so it leaves out the default 2rem inline size that would win over them.
        {
          ...createComponent('heading', { text: 'Welcome to Your Landing Page', level: 'h1', tailwindClasses: 'text-4xl font-bold text-white md:text-5xl' }, makeId),
          styles: {},
        },
        createComponent('paragraph', { text: 'Build something your visitors remember', tailwindClasses: 'mt-4 text-xl text-primary-100' }, makeId),
        createComponent(
          'paragraph',
          { text: 'Edit this page in the builder: add sections, components and your own words.', tailwindClasses: 'mx-auto mt-4 max-w-2xl text-primary-50' },
          makeId,
        ),
        createComponent('button', { text: 'Get Started', variant: 'secondary', tailwindClasses: 'mt-8 bg-white text-primary-700 hover:bg-primary-50' }, makeId),
      ],
    },
    container,
  ];
}
