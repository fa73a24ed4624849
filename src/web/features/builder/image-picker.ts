import { createContext, type ComponentType } from 'react';

/** What the builder needs of an image library: a modal that hands back the chosen image's address. */
export interface ImagePickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUse: (url: string) => void;
  useLabel?: string;
  /** The page new uploads belong to; none before the page's first save. */
  landingPageId?: string;
}

/**
 * The image library the property panel's image fields pick from. Another feature's screen, so the
 * app composes it in (src/web/app/router.tsx); without one the fields take an address only.
 */
export const ImagePickerContext = createContext<{ Picker: ComponentType<ImagePickerProps>; landingPageId?: string } | null>(null);
