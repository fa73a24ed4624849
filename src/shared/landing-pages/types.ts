/**
 * The builder's document: a page is a list of sections, a section a list of components, and a
 * component may hold components of its own (containers, grid cells). Every node is read-only, so an
 * operation copies only the path it changes and everything else keeps its identity.
 */

/** Inline styles: CSS properties in camelCase, plus customCSS, a 'property: value; ...' string. */
export type Styles = Readonly<Record<string, string | number>>;

/**
 * Props as stored. Props that a type's definition names have the kind of their field (fields.ts);
 * others (from a converter, say) pass through untouched.
 */
export type Props = Readonly<Record<string, unknown>>;

export interface ComponentNode {
  readonly id: string;
  /** One of COMPONENT_TYPES, or a type no definition knows, kept so the canvas can show it as unknown. */
  readonly type: string;
  readonly props: Props;
  readonly styles: Styles;
  /** Nested components; a grid's are its gridCells. Absent on types that hold none. */
  readonly components?: readonly ComponentNode[];
}

export interface SectionNode {
  readonly id: string;
  readonly type: string;
  readonly props: Props;
  readonly styles: Styles;
  readonly components: readonly ComponentNode[];
}

export type PageContent = readonly SectionNode[];

export type TreeNode = SectionNode | ComponentNode;

/** Where a node sits: its section's index, then the index among each level's components. */
export type NodePath = readonly number[];
