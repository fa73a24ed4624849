import type { ComponentType } from '../component-definitions.ts';
import { createComponent, createSection } from '../create.ts';
import type { IdMaker } from '../ids.ts';
import type { ComponentNode, Props, SectionNode, Styles } from '../types.ts';

/**
 * The building blocks the templates share, each made with the template's id maker: sections padded
 * with their content centred in a column, headings sized by their classes, and lead forms whose fields
 * send what the lead endpoint reads (an email input sends 'email', a 'Full name' label 'full_name').
 */

/** Room above and below, at least 1.5rem at the sides, content at most `width` wide and centred (the background spans the page). */
const column = (width: string): Styles => ({ paddingBlock: '4rem', paddingInline: `max(1.5rem, calc((100% - ${width}) / 2))` });

export const WIDE = '72rem';
export const MEDIUM = '48rem';
export const NARROW = '34rem';

export function templateParts(makeId: IdMaker) {
  const make = (type: ComponentType, props: Props, components?: ComponentNode[]): ComponentNode => {
    const node = createComponent(type, props, makeId);
    return components ? { ...node, components } : node;
  };
  return {
    make,
    /** A section whose content keeps to a centred column of `width`; `classes` colour and space it. */
    section: (classes: string, width: string, components: ComponentNode[], options: { styles?: Styles; anchor?: string } = {}): SectionNode => ({
      ...createSection('section', { tailwindClasses: classes, ...(options.anchor ? { anchor: options.anchor } : {}) }, makeId),
      styles: { ...column(width), ...options.styles },
      components,
    }),
    /** Its classes size it: the type's default inline 2rem would win over them. */
    heading: (text: string, level: 'h1' | 'h2' | 'h3', classes: string): ComponentNode => ({ ...make('heading', { text, level, tailwindClasses: classes }), styles: {} }),
    paragraph: (text: string, classes = 'text-lg leading-relaxed text-gray-700') => make('paragraph', { text, tailwindClasses: classes }),
    list: (items: string[], classes = 'space-y-2 text-lg text-gray-700') => make('list', { items, tailwindClasses: classes }),
    button: (text: string, classes = '', type: 'button' | 'submit' = 'button', variant: 'primary' | 'secondary' | 'outline' | 'ghost' = 'primary') =>
      make('button', { text, type, variant, tailwindClasses: classes }),
    /** A button that is a link (to a part of the page, `#signup`): the renderer draws a button with an href as a link. */
    link: (text: string, href: string, classes = '') => make('button', { text, type: 'button', variant: 'primary', href, tailwindClasses: classes }),
    /** A grid of `columns` cells, each holding its list of components; cells stack on phones. */
    grid: (columns: number, cells: ComponentNode[][], gap = '1.5rem', classes = ''): ComponentNode => {
      const grid = make('grid', { columns, columnWidths: Array.from({ length: columns }, () => '1fr').join(' '), gap, tailwindClasses: classes });
      return { ...grid, components: grid.components!.map((cell, index) => ({ ...cell, props: { ...cell.props, padding: '0' }, components: cells[index] ?? [] })) };
    },
    /** A lead form's fields and its submit button: name (optional), email (required), then `extra`. */
    leadFields: (submit: string, extra: ComponentNode[] = []): ComponentNode[] => [
      make('input', { type: 'text', label: 'Full name', placeholder: 'Your name', required: 'false' }),
      make('input', { type: 'email', label: 'Email', placeholder: 'you@example.com', required: 'true' }),
      ...extra,
      make('button', { text: submit, type: 'submit', variant: 'primary', tailwindClasses: 'w-full py-3 text-lg' }),
    ],
  };
}
