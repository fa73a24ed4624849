import {
  BUTTON_TYPES,
  BUTTON_VARIANTS,
  DIVIDER_TYPES,
  GRID,
  GRID_COLUMNS,
  HEADING_LEVEL_CLASSES,
  HEADING_LEVELS,
  HERO_OVERLAY,
  INPUT_TYPES,
  LIST_TYPES,
  OBJECT_FITS,
  SOCIAL_PLATFORMS,
  TEXTAREA_ROWS,
} from './constants.ts';
import {
  choiceField,
  flagField,
  linesField,
  linkMapField,
  navigationField,
  numberField,
  textField,
  type Field,
  type FieldValue,
  type TextField,
} from './fields.ts';
import type { Props, Styles } from './types.ts';

/** What a type may hold: nothing, any component but a grid cell, or (a grid) only its grid cells. */
export type ChildrenRule = 'none' | 'any' | 'gridCells';

/** The palette's groups. */
export const COMPONENT_CATEGORIES = { text: 'Text', media: 'Media', form: 'Form', layout: 'Layout', blocks: 'Blocks' } as const;
export type ComponentCategory = keyof typeof COMPONENT_CATEGORIES;

export interface ComponentDefinition<F extends Readonly<Record<string, Field>> = Readonly<Record<string, Field>>> {
  readonly label: string;
  readonly category: ComponentCategory;
  readonly children: ChildrenRule;
  /** False for types the palette does not offer (grid cells come with their grid). */
  readonly inPalette: boolean;
  /** The editable props with their defaults; every type also carries tailwindClasses. */
  readonly fields: F & { readonly tailwindClasses: TextField };
  readonly defaultStyles: Styles;
  /** Components a new one of this type starts with (a grid's cells are made from its column count). */
  readonly defaultChildren: ReadonlyArray<{ readonly type: string; readonly props: Props }>;
}

function define<const F extends Readonly<Record<string, Field>>>(definition: {
  label: string;
  category: ComponentCategory;
  children?: ChildrenRule;
  inPalette?: boolean;
  fields: F;
  tailwindClasses?: string;
  defaultStyles?: Styles;
  defaultChildren?: ComponentDefinition['defaultChildren'];
}): ComponentDefinition<F> {
  return {
    label: definition.label,
    category: definition.category,
    children: definition.children ?? 'none',
    inPalette: definition.inPalette ?? true,
    fields: { ...definition.fields, tailwindClasses: textField('Tailwind classes', definition.tailwindClasses ?? '', 'classes') },
    defaultStyles: definition.defaultStyles ?? {},
    defaultChildren: definition.defaultChildren ?? [],
  };
}

const textStyleFields = {
  italic: flagField('Italic'),
  bold: flagField('Bold'),
  underline: flagField('Underline'),
};

/**
 * The 25 component types: their props, defaults and limits. The builder's palette and
 * property panel, the renderer and the content schema all read this table. The defaults pages have
 * always had stay as they are (heading h1 and 2rem, image 400x300, textarea 4 rows, hero
 * overlay 0.5, container 1200px, grid 2 columns of '1fr 1fr' with a 1rem gap, spacer 2rem, ...);
 * tests pin them.
 */
export const COMPONENT_DEFINITIONS = {
  heading: define({
    label: 'Heading',
    category: 'text',
    fields: { text: textField('Text', 'Your heading'), level: choiceField('Level', HEADING_LEVELS, 'h1'), ...textStyleFields },
    tailwindClasses: HEADING_LEVEL_CLASSES.h1,
    defaultStyles: { fontSize: '2rem' },
  }),
  paragraph: define({
    label: 'Paragraph',
    category: 'text',
    fields: { text: textField('Text', 'Write your text here.', 'longText'), ...textStyleFields },
  }),
  list: define({
    label: 'List',
    category: 'text',
    fields: { items: linesField('Items', ['First item', 'Second item', 'Third item']), type: choiceField('List type', LIST_TYPES, 'ul') },
  }),
  image: define({
    label: 'Image',
    category: 'media',
    fields: {
      src: textField('Image', '', 'image'),
      alt: textField('Alt text'),
      title: textField('Title'),
      width: textField('Width', '400px', 'length'),
      height: textField('Height', '300px', 'length'),
      objectFit: choiceField('Object fit', OBJECT_FITS, 'cover'),
      tags: linesField('Tags'),
    },
  }),
  video: define({
    label: 'Video',
    category: 'media',
    fields: {
      src: textField('Video URL', '', 'url'),
      poster: textField('Poster image', '', 'image'),
      controls: flagField('Controls', true),
      autoplay: flagField('Autoplay'),
      muted: flagField('Muted'),
      loop: flagField('Loop'),
      width: textField('Width', '100%', 'length'),
      height: textField('Height', 'auto', 'length'),
    },
  }),
  youtube: define({
    label: 'YouTube',
    category: 'media',
    fields: {
      videoId: textField('Video (URL or id)', '', 'youtube'),
      title: textField('Title', 'YouTube video'),
      autoplay: flagField('Autoplay'),
      muted: flagField('Muted'),
      controls: flagField('Controls', true),
      showInfo: flagField('Show info', true),
      rel: flagField('Related videos'),
      width: textField('Width', '560px', 'length'),
      height: textField('Height', '315px', 'length'),
    },
  }),
  button: define({
    label: 'Button',
    category: 'form',
    fields: {
      text: textField('Text', 'Click me'),
      type: choiceField('Button type', BUTTON_TYPES, 'button'),
      variant: choiceField('Variant', BUTTON_VARIANTS, 'primary'),
    },
  }),
  input: define({
    label: 'Input',
    category: 'form',
    fields: {
      type: choiceField('Input type', INPUT_TYPES, 'text'),
      placeholder: textField('Placeholder', 'Enter text'),
      label: textField('Label', 'Label'),
      required: flagField('Required'),
    },
  }),
  textarea: define({
    label: 'Text area',
    category: 'form',
    fields: {
      placeholder: textField('Placeholder', 'Enter your message'),
      label: textField('Label', 'Message'),
      rows: numberField('Rows', TEXTAREA_ROWS),
      required: flagField('Required'),
    },
  }),
  select: define({
    label: 'Select',
    category: 'form',
    fields: {
      label: textField('Label', 'Choose an option'),
      options: linesField('Options', ['Option 1', 'Option 2', 'Option 3']),
      required: flagField('Required'),
    },
  }),
  checkbox: define({
    label: 'Checkbox',
    category: 'form',
    fields: { label: textField('Label', 'I agree'), checked: flagField('Checked'), required: flagField('Required') },
  }),
  radio: define({
    label: 'Radio button',
    category: 'form',
    fields: {
      label: textField('Label', 'Option'),
      name: textField('Group name', 'choice'),
      checked: flagField('Checked'),
      required: flagField('Required'),
    },
  }),
  container: define({
    label: 'Container',
    category: 'layout',
    children: 'any',
    fields: {
      title: textField('Title'),
      description: textField('Description', '', 'longText'),
      background: textField('Background', '', 'classes'),
      padding: textField('Padding', '1rem', 'length'),
      maxWidth: textField('Maximum width', '1200px', 'length'),
    },
  }),
  section: define({
    label: 'Section',
    category: 'layout',
    children: 'any',
    fields: {
      title: textField('Title'),
      description: textField('Description', '', 'longText'),
      background: textField('Background', '', 'classes'),
    },
  }),
  hero: define({
    label: 'Hero',
    category: 'blocks',
    fields: {
      title: textField('Title', 'Welcome'),
      subtitle: textField('Subtitle', 'A short line about what you offer', 'longText'),
      backgroundImage: textField('Background image', '', 'image'),
      overlay: numberField('Overlay', HERO_OVERLAY),
    },
  }),
  cta: define({
    label: 'Call to action',
    category: 'blocks',
    fields: {
      title: textField('Title', 'Ready to get started?'),
      description: textField('Description', 'Join today.', 'longText'),
      buttonText: textField('Button text', 'Get Started'),
      buttonUrl: textField('Button URL', '#', 'url'),
    },
  }),
  testimonial: define({
    label: 'Testimonial',
    category: 'blocks',
    fields: {
      quote: textField('Quote', 'What a client says about you.', 'longText'),
      author: textField('Author', 'Client name'),
      position: textField('Position'),
      avatar: textField('Avatar', '', 'image'),
    },
  }),
  grid: define({
    label: 'Grid',
    category: 'layout',
    children: 'gridCells',
    fields: {
      columns: numberField('Columns', GRID_COLUMNS),
      columnWidths: textField('Column widths', equalColumnWidths(GRID.defaultColumns)),
      gap: textField('Gap', GRID.defaultGap, 'length'),
    },
  }),
  gridCell: define({
    label: 'Grid cell',
    category: 'layout',
    children: 'any',
    inPalette: false,
    fields: {
      content: textField('Content', '', 'longText'),
      padding: textField('Padding', '1rem', 'length'),
      backgroundColor: textField('Background colour', '', 'color'),
      columnIndex: numberField('Column', { min: 0, max: GRID.maxColumns - 1, step: 1, default: 0 }),
    },
  }),
  divider: define({
    label: 'Divider',
    category: 'layout',
    fields: { type: choiceField('Direction', DIVIDER_TYPES, 'horizontal') },
  }),
  spacer: define({
    label: 'Spacer',
    category: 'layout',
    fields: { height: textField('Height', '2rem', 'length') },
  }),
  socialLinks: define({
    label: 'Social links',
    category: 'blocks',
    fields: { platforms: linesField('Platforms', SOCIAL_PLATFORMS), links: linkMapField('Links') },
  }),
  contactInfo: define({
    label: 'Contact info',
    category: 'blocks',
    fields: {
      email: textField('Email', 'hello@example.com'),
      phone: textField('Phone'),
      address: textField('Address', '', 'longText'),
    },
  }),
  pricingCard: define({
    label: 'Pricing card',
    category: 'blocks',
    fields: {
      title: textField('Title', 'Basic'),
      price: textField('Price', '$29'),
      period: textField('Period', '/month'),
      features: linesField('Features', ['First feature', 'Second feature', 'Third feature']),
      ctaText: textField('Button text', 'Get Started'),
    },
  }),
  heroWithNavigation: define({
    label: 'Hero with navigation',
    category: 'blocks',
    children: 'any',
    fields: {
      logoText: textField('Logo text', 'Your Brand'),
      logoImage: textField('Logo image', '', 'image'),
      navigationItems: navigationField('Navigation', [
        { name: 'Home', href: '#' },
        { name: 'About', href: '#about' },
        { name: 'Contact', href: '#contact' },
      ]),
      loginText: textField('Login text', 'Log in'),
      loginLink: textField('Login link', '#', 'url'),
      announcementText: textField('Announcement'),
      announcementLink: textField('Announcement link', '', 'url'),
      title: textField('Title', 'Welcome'),
      description: textField('Description', '', 'longText'),
      primaryCtaText: textField('Primary button text', 'Get Started'),
      primaryCtaLink: textField('Primary button link', '#', 'url'),
      secondaryCtaText: textField('Secondary button text', 'Learn more'),
      secondaryCtaLink: textField('Secondary button link', '#', 'url'),
    },
    // No default children: its own title and buttons are the hero's text (children repeated 'Welcome' and 'Get Started').
  }),
} as const;

export type ComponentType = keyof typeof COMPONENT_DEFINITIONS;
export const COMPONENT_TYPES = Object.keys(COMPONENT_DEFINITIONS) as ComponentType[];

type FieldsOf<T extends ComponentType> = (typeof COMPONENT_DEFINITIONS)[T]['fields'];
/** The props of a type with every field present (stored props merged over the defaults). */
export type PropsOf<T extends ComponentType> = { readonly [K in keyof FieldsOf<T>]: FieldValue<FieldsOf<T>[K]> };

export function isComponentType(type: string): type is ComponentType {
  return Object.hasOwn(COMPONENT_DEFINITIONS, type);
}

/** The definition of a type, or undefined for a type no definition knows. */
export function definitionOf(type: string): ComponentDefinition | undefined {
  return isComponentType(type) ? COMPONENT_DEFINITIONS[type] : undefined;
}

/** Equal fractions for a grid's columns: '1fr 1fr' for two. */
export function equalColumnWidths(columns: number): string {
  return Array.from({ length: columns }, () => '1fr').join(' ');
}
