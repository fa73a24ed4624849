import { COMPONENT_DEFINITIONS, isComponentType, type ComponentType } from './component-definitions.ts';
import type { Field } from './fields.ts';
import { newNodeId, type IdMaker } from './ids.ts';
import type { ComponentNode, Props, SectionNode } from './types.ts';

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
 * styles, and the children it starts with: a grid one cell per column, heroWithNavigation a heading,
 * a paragraph and a button, other containers none.
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
