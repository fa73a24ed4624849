export const PAGE_TYPES = ['html', 'react', 'builder'] as const;
export type PageType = (typeof PAGE_TYPES)[number];
