import { textField, type Field } from '@shared/landing-pages/fields.ts';

/** A section's props: free, but these are the ones the renderer shows. */
export const SECTION_FIELDS: Readonly<Record<string, Field>> = {
  title: textField('Title'),
  description: textField('Description', '', 'longText'),
  background: textField('Background classes', '', 'classes'),
  tailwindClasses: textField('Tailwind classes', '', 'classes'),
};
