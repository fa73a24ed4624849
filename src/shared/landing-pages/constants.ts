/** Limits and option lists of the builder's document model. */

/** Components nest at most this deep; a section's own components are at depth 1. */
export const MAX_NESTING_DEPTH = 20;

export const GRID = {
  minColumns: 1,
  maxColumns: 4,
  defaultColumns: 2,
  defaultGap: '1rem',
  cellMinWidth: '200px',
  minWidth: '400px',
} as const;

export const TEXTAREA_ROWS = { min: 1, max: 20, step: 1, default: 4 } as const;
export const HERO_OVERLAY = { min: 0, max: 1, step: 0.1, default: 0.5 } as const;
export const GRID_COLUMNS = { min: GRID.minColumns, max: GRID.maxColumns, step: 1, default: GRID.defaultColumns } as const;

export const HEADING_LEVELS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;
export type HeadingLevel = (typeof HEADING_LEVELS)[number];

/** The class string that choosing a heading level sets. */
export const HEADING_LEVEL_CLASSES: Readonly<Record<HeadingLevel, string>> = {
  h1: 'text-4xl font-bold text-gray-900',
  h2: 'text-3xl font-semibold text-gray-800',
  h3: 'text-2xl font-semibold text-gray-700',
  h4: 'text-xl font-medium text-gray-700',
  h5: 'text-lg font-medium text-gray-600',
  h6: 'text-base font-medium text-gray-600',
};

export const LIST_TYPES = ['ul', 'ol'] as const;
export const OBJECT_FITS = ['cover', 'contain', 'fill', 'none', 'scale-down'] as const;
export const BUTTON_TYPES = ['button', 'submit', 'reset'] as const;
export const BUTTON_VARIANTS = ['primary', 'secondary', 'outline', 'ghost'] as const;
export const INPUT_TYPES = ['text', 'email', 'password', 'number', 'tel', 'url'] as const;
export const DIVIDER_TYPES = ['horizontal', 'vertical'] as const;
export const SOCIAL_PLATFORMS = ['facebook', 'twitter', 'linkedin', 'instagram'] as const;

/** Limits on stored content: generous, they only stop garbage. */
export const CONTENT_LIMITS = { idMax: 200, typeMax: 100 } as const;
