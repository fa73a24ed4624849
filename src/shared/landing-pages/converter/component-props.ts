import { COMPONENT_DEFINITIONS, type ComponentType } from '../component-definitions.ts';
import { HEADING_LEVEL_CLASSES, type HeadingLevel } from '../constants.ts';
import type { ComponentNode, Props } from '../types.ts';
import type { TextLink } from './inline-text.ts';

/** The props and lists of converted components: what they start from, what they add, how they combine. */

/** A text field's starter text ('Your heading', 'Click me') is not the page's: converted components start blank. */
const blankTexts = new Map<ComponentType, Props>();
export function blankTextsOf(type: ComponentType): Props {
  let blanks = blankTexts.get(type);
  if (!blanks) {
    const fields = COMPONENT_DEFINITIONS[type].fields as Readonly<Record<string, { kind: string; default: unknown }>>;
    blanks = Object.fromEntries(
      Object.entries(fields).flatMap(([name, field]): Array<[string, unknown]> => {
        if ((field.kind === 'text' || field.kind === 'longText' || field.kind === 'url' || field.kind === 'image') && field.default !== '') return [[name, '']];
        if (field.kind === 'lines' && Array.isArray(field.default) && field.default.length > 0) return [[name, []]];
        return [];
      }),
    );
    blankTexts.set(type, blanks);
  }
  return blanks;
}

export function joinClasses(...lists: string[]): string {
  return [...new Set(lists.join(' ').split(/\s+/).filter(Boolean))].join(' ');
}

export function withLinks(props: Record<string, unknown>, links: readonly TextLink[]): Record<string, unknown> {
  return links.length > 0 ? { ...props, links } : props;
}

/** A heading class list that sets a size: Tailwind's text-xs ... text-9xl, or an arbitrary size. */
export const TAILWIND_TEXT_SIZE = /^(?:[a-z0-9-]+:)*text-(?:xs|sm|base|lg|\d?xl|\[)/;

/** The size and weight of a heading level's classes (not its colour, which the page around it decides). */
export function levelSize(level: HeadingLevel): string {
  return HEADING_LEVEL_CLASSES[level]
    .split(' ')
    .filter((c) => !/^text-(?:gray|slate|zinc|neutral|stone)-/.test(c))
    .join(' ');
}

const CONTAINER_PROPS = new Set(Object.keys(COMPONENT_DEFINITIONS.container.fields));

/** A container with nothing of its own but classes and style (no link, anchor or form settings): wrappers may merge into it. */
export function isPlainContainer(node: ComponentNode): boolean {
  return Object.keys(node.props).every((prop) => CONTAINER_PROPS.has(prop));
}

/** The components without children inside a list (containers and grids looked through). */
export function leaves(items: readonly ComponentNode[]): ComponentNode[] {
  return items.flatMap((item) => (item.components ? leaves(item.components) : [item]));
}

/** Social icons side by side are one socialLinks component. */
export function mergeSocialLinks(items: ComponentNode[]): ComponentNode[] {
  const out: ComponentNode[] = [];
  for (const item of items) {
    const last = out.at(-1);
    if (item.type === 'socialLinks' && last?.type === 'socialLinks') {
      const platforms = [...new Set([...(last.props.platforms as string[]), ...(item.props.platforms as string[])])];
      const links = { ...(last.props.links as Record<string, string>), ...(item.props.links as Record<string, string>) };
      out[out.length - 1] = { ...last, props: { ...last.props, platforms, links } };
    } else out.push(item);
  }
  return out;
}
