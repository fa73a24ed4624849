import { Monitor, Smartphone, Tablet } from 'lucide-react';
import { Button } from '@web/components/ui/button.tsx';
import { VIEWPORTS, type ViewportId } from './viewport-css.ts';

const ICONS = { phone: Smartphone, tablet: Tablet, desktop: Monitor } as const;

/** The header's preview widths: phone 360 px, tablet 768 px, desktop (the canvas's full width). */
export function ViewportSwitch({ value, onChange }: { value: ViewportId; onChange: (viewport: ViewportId) => void }) {
  return (
    <div role="group" aria-label="Viewport" className="flex rounded-lg border border-gray-300 p-0.5">
      {VIEWPORTS.map((viewport) => {
        const Icon = ICONS[viewport.id];
        const label = viewport.width ? `${viewport.label} (${viewport.width} px)` : viewport.label;
        return (
          <Button key={viewport.id} size="sm" variant={value === viewport.id ? 'primary' : 'ghost'} aria-pressed={value === viewport.id} aria-label={label} title={label} onClick={() => onChange(viewport.id)}>
            <Icon className="size-4" aria-hidden />
          </Button>
        );
      })}
    </div>
  );
}
