import { COMPONENT_CATEGORIES, COMPONENT_DEFINITIONS, COMPONENT_TYPES, type ComponentType } from '@shared/landing-pages/component-definitions.ts';
import { BuilderDialog } from './builder-dialog.tsx';

const PALETTE = Object.entries(COMPONENT_CATEGORIES).map(([category, title]) => ({
  title,
  types: COMPONENT_TYPES.filter((type) => COMPONENT_DEFINITIONS[type].inPalette && COMPONENT_DEFINITIONS[type].category === category),
}));

/** The Add Component palette (spec 001, 2.3): every type the palette offers, by category, for one target. */
export function AddComponentDialog({
  targetLabel,
  onPick,
  onClose,
}: {
  /** What the component goes into: a section, a grid cell or a container; null when closed. */
  targetLabel: string | null;
  onPick: (type: ComponentType) => void;
  onClose: () => void;
}) {
  return (
    <BuilderDialog open={targetLabel !== null} onClose={onClose} title="Add Component" description={targetLabel ? `Added at the end of this ${targetLabel}.` : undefined} className="sm:max-w-2xl">
      <div className="space-y-5">
        {PALETTE.map((group) => (
          <section key={group.title} aria-label={group.title}>
            <h3 className="mb-2 text-sm font-semibold text-gray-700">{group.title}</h3>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {group.types.map((type) => (
                <button
                  key={type}
                  type="button"
                  onClick={() => onPick(type)}
                  className="rounded-lg border border-gray-300 px-3 py-2 text-left text-sm font-medium text-gray-900 hover:border-indigo-500 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  {COMPONENT_DEFINITIONS[type].label}
                </button>
              ))}
            </div>
          </section>
        ))}
      </div>
    </BuilderDialog>
  );
}
