import { COMPONENT_DEFINITIONS, isComponentType, type ComponentType } from './component-definitions.ts';
import type { Field } from './fields.ts';
import { newNodeId, type IdMaker } from './ids.ts';
import type { ComponentNode, Props, SectionNode, Styles } from './types.ts';

/** Each definition's defaults, made once: read-only here, every component gets a copy. */
const defaultsOf = new WeakMap<Readonly<Record<string, Field>>, Readonly<Record<string, unknown>>>();
function defaultProps(fields: Readonly<Record<string, Field>>): Readonly<Record<string, unknown>> {
  let defaults = defaultsOf.get(fields);
  if (!defaults) {
    defaults = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.default]));
    defaultsOf.set(fields, defaults);
  }
  return defaults;
}

/**
 * A new component of a type with every prop at its default (overridden by `props`), its default
 * styles, and the children it starts with: a grid one cell per column, other containers none.
 */
export function createComponent(type: ComponentType, props: Props = {}, makeId: IdMaker = newNodeId): ComponentNode {
  const definition = COMPONENT_DEFINITIONS[type];
  const allProps = { ...defaultProps(definition.fields), ...props };
  const node = { id: makeId(type), type, props: allProps, styles: { ...definition.defaultStyles } };
  if (definition.children === 'none') return node;
  if (definition.children === 'gridCells') {
    const columns = Number(allProps.columns);
    return { ...node, components: Array.from({ length: columns }, (_, column) => createGridCell(column, makeId)) };
  }
  const children = definition.defaultChildren.map((child) => {
    if (!isComponentType(child.type)) throw new Error(`Unknown default child type ${child.type}`);
    return createComponent(child.type, child.props, makeId);
  });
  return { ...node, components: children };
}

export function createGridCell(columnIndex: number, makeId: IdMaker = newNodeId): ComponentNode {
  return createComponent('gridCell', { columnIndex }, makeId);
}

/** A new, empty section. Section types are free text; 'section' unless told. */
export function createSection(type = 'section', props: Props = {}, makeId: IdMaker = newNodeId): SectionNode {
  return { id: makeId(type), type, props: { ...props }, styles: {}, components: [] };
}

/**
 * What a section added in the builder starts with, at every screen width: room above and below its
 * content, at least 1rem at its sides, and its content no wider than 72rem and centred, while the
 * section itself (its background) spans the page. Styles, so the property editor shows and changes
 * them; percentages of padding are of the page's width.
 */
export const NEW_SECTION_STYLES: Readonly<Styles> = {
  paddingBlock: '3rem',
  paddingInline: 'max(1rem, calc((100% - 72rem) / 2))',
};

/** A new, empty section as the builder's Add Section makes it: with NEW_SECTION_STYLES. Stored pages keep the styles they have. */
export function createNewSection(makeId: IdMaker = newNodeId): SectionNode {
  return { ...createSection('section', {}, makeId), styles: { ...NEW_SECTION_STYLES } };
}
