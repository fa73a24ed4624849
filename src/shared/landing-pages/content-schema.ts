import { z } from 'zod';
import { COMPONENT_DEFINITIONS, COMPONENT_TYPES } from './component-definitions.ts';
import { CONTENT_LIMITS, MAX_NESTING_DEPTH } from './constants.ts';
import { fieldValueSchema } from './fields.ts';
import { MODEL_MESSAGES } from './messages.ts';
import { childProblem } from './placement.ts';
import { walk } from './tree.ts';
import type { ComponentNode, PageContent, Props, SectionNode } from './types.ts';

const idSchema = z.string().min(1).max(CONTENT_LIMITS.idMax);
const typeSchema = z.string().min(1).max(CONTENT_LIMITS.typeMax);
const propsSchema = z.record(z.string(), z.unknown()).default({});
const stylesSchema = z.record(z.string(), z.union([z.string(), z.number()])).default({});

/** Per type: its fields' values checked and normalised; props no field names pass through. */
const propsSchemaByType = new Map(
  COMPONENT_TYPES.map((type) => [
    type,
    z.looseObject(
      Object.fromEntries(Object.entries(COMPONENT_DEFINITIONS[type].fields).map(([name, field]) => [name, fieldValueSchema(field).optional()])),
    ),
  ]),
);

type Issue = { path: PropertyKey[]; message: string };

function placementIssues(type: string | null, children: readonly { type: string }[]): Issue[] {
  return children.flatMap((child, index): Issue[] => {
    const message = childProblem(type, child.type);
    return message ? [{ path: ['components', index, 'type'], message }] : [];
  });
}

function componentSchema(children: z.ZodType<readonly ComponentNode[]>): z.ZodType<ComponentNode, unknown> {
  return z
    .object({ id: idSchema, type: typeSchema, props: propsSchema, styles: stylesSchema, components: children.optional() })
    .transform((node, ctx): ComponentNode => {
      const issues = placementIssues(node.type, node.components ?? []);
      const known = propsSchemaByType.get(node.type as never);
      const props = known ? known.safeParse(node.props) : { success: true as const, data: node.props };
      if (!props.success) for (const issue of props.error.issues) issues.push({ path: ['props', ...issue.path], message: issue.message });
      for (const issue of issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      if (issues.length > 0 || !props.success) return z.NEVER;
      const { components, ...rest } = node;
      return components ? { ...rest, props: props.data as Props, components } : { ...rest, props: props.data as Props };
    });
}

/**
 * The schema of a component at each depth, built from the deepest up: below the limit a component
 * may hold no components at all, so content nested too deep is refused where it starts (and a
 * hostile document nested a million levels deep is never walked further).
 */
function componentSchemaForDepth(depth: number): z.ZodType<ComponentNode, unknown> {
  let schema = componentSchema(z.array(z.unknown()).max(0, MODEL_MESSAGES.tooDeep) as unknown as z.ZodType<readonly ComponentNode[]>);
  for (let level = MAX_NESTING_DEPTH - 1; level >= depth; level--) schema = componentSchema(z.array(schema));
  return schema;
}

const sectionSchema: z.ZodType<SectionNode, unknown> = z
  .object({
    id: idSchema,
    type: typeSchema,
    props: z.looseObject({ tailwindClasses: z.string().optional() }).default({}),
    styles: stylesSchema,
    components: z.array(componentSchemaForDepth(1)).default([]),
  })
  .transform((section, ctx) => {
    const issues = placementIssues(null, section.components);
    for (const issue of issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return issues.length > 0 ? z.NEVER : section;
  });

/** Stored builder content: the list of sections, every id unique, nesting within the limit. */
export const pageContentSchema: z.ZodType<PageContent, unknown> = z.array(sectionSchema).superRefine((doc, ctx) => {
  const seen = new Set<string>();
  walk(doc, (node, path) => {
    if (seen.has(node.id)) ctx.addIssue({ code: 'custom', path: [...issuePath(path), 'id'], message: MODEL_MESSAGES.duplicateId(node.id) });
    seen.add(node.id);
  });
});

function issuePath(path: readonly number[]): PropertyKey[] {
  return path.flatMap((index, level) => (level === 0 ? [index] : ['components', index]));
}
