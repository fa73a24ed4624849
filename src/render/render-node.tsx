import type { ComponentType as ReactComponent } from 'react';
import type { ComponentType } from '../shared/landing-pages/component-definitions.ts';
import { childrenOf } from '../shared/landing-pages/tree.ts';
import type { TreeNode } from '../shared/landing-pages/types.ts';
import { VIEWER_MESSAGES } from '../shared/landing-pages/viewer.ts';
import { ContactInfo, Cta, Hero, HeroWithNavigation, PricingCard, SocialLinks, Testimonial } from './components/blocks.tsx';
import { Button, Checkbox, Input, Radio, Select, Textarea } from './components/form.tsx';
import { Container, Divider, Grid, GridCell, Section, Spacer } from './components/layout.tsx';
import { Image, Video, YouTube } from './components/media.tsx';
import { Heading, List, Paragraph } from './components/text.tsx';
import type { LpConsent, NodeProps, RenderContext } from './render-context.ts';

/** The component that renders each of the 25 types. */
export const NODE_COMPONENTS: Readonly<Record<ComponentType, ReactComponent<NodeProps>>> = {
  heading: Heading,
  paragraph: Paragraph,
  list: List,
  image: Image,
  video: Video,
  youtube: YouTube,
  button: Button,
  input: Input,
  textarea: Textarea,
  select: Select,
  checkbox: Checkbox,
  radio: Radio,
  container: Container,
  section: Section,
  hero: Hero,
  cta: Cta,
  testimonial: Testimonial,
  grid: Grid,
  gridCell: GridCell,
  divider: Divider,
  spacer: Spacer,
  socialLinks: SocialLinks,
  contactInfo: ContactInfo,
  pricingCard: PricingCard,
  heroWithNavigation: HeroWithNavigation,
};

/** The component for a type, or undefined for a type no definition knows. */
function nodeComponent(type: string): ReactComponent<NodeProps> | undefined {
  return Object.hasOwn(NODE_COMPONENTS, type) ? NODE_COMPONENTS[type as ComponentType] : undefined;
}

/**
 * Renders one component. A type the renderer does not know is an error ('Unknown component
 * type: {type}'); the builder's canvas shows such a node as a box of its own before it gets here.
 */
export function RenderNode({ node, ctx }: NodeProps) {
  const Component = nodeComponent(node.type);
  if (!Component) throw new Error(VIEWER_MESSAGES.unknownType(node.type));
  return <Component node={node} ctx={ctx} />;
}

/** The public page's way of rendering children: each through RenderNode. */
function renderChildNodes(parent: TreeNode, ctx: RenderContext) {
  return childrenOf(parent).map((child) => <RenderNode key={child.id} node={child} ctx={ctx} />);
}

/** The context of a public page (its forms post to the slug's lead endpoint) or, without a slug, of a preview. */
export function pageRenderContext(slug?: string, consent?: LpConsent): RenderContext {
  return slug === undefined ? { renderChildren: renderChildNodes } : { slug, consent, renderChildren: renderChildNodes };
}
