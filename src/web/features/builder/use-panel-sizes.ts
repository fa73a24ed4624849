import { BUILDER_LIMITS } from '@shared/landing-pages/builder.ts';
import { useEditorRatio, usePanelWidth } from './property-panel.tsx';

export interface PanelSizes {
  readonly width: number;
  readonly setWidth: (width: number) => void;
  readonly ratio: number;
  readonly setRatio: (ratio: number) => void;
  /** Ctrl/Cmd+R: both back to their defaults. */
  readonly reset: () => void;
}

/** The property panel's width and the property editor's share of its height, remembered in this browser. */
export function usePanelSizes(): PanelSizes {
  const [width, setWidth] = usePanelWidth();
  const [ratio, setRatio] = useEditorRatio();
  return {
    width,
    setWidth,
    ratio,
    setRatio,
    reset: () => {
      setWidth(BUILDER_LIMITS.panelWidth.default);
      setRatio(BUILDER_LIMITS.editorRatio.default);
    },
  };
}
