import { useState } from 'react';
import { COMPONENT_CATEGORIES, COMPONENT_DEFINITIONS, COMPONENT_TYPES, type ComponentType } from '@shared/landing-pages/component-definitions.ts';
import { BuilderDialog } from './builder-dialog.tsx';
import type { AddTarget } from './store/editor-state.ts';

const PALETTE = Object.entries(COMPONENT_CATEGORIES).map(([category, title]) => ({
  title,
  types: COMPONENT_TYPES.filter((type) => COMPONENT_DEFINITIONS[type].inPalette && COMPONENT_DEFINITIONS[type].category === category),
}));

/** The Add Component palette: every type the palette offers, by category, for one target. */
export function AddComponentDialog({
  target,
  onPick,
  onClose,
}: {
  /** Null when closed. */
  target: AddTarget | null;
  onPick: (type: ComponentType, afterSelected: boolean) => void;
  onClose: () => void;
}) {
  // At the end unless chosen otherwise, each time the palette opens.
  const [afterSelected, setAfterSelected] = useState(false);
  const [openedFor, setOpenedFor] = useState(target);
  if (target !== openedFor) {
    setOpenedFor(target);
    setAfterSelected(false);
  }
  const label = target?.label.toLowerCase() ?? '';
  return (
    <BuilderDialog
      open={target !== null}
      onClose={onClose}
      title="Add Component"
      description={target ? (target.after ? `Added to this ${label}, where you choose.` : `Added at the end of this ${label}.`) : undefined}
      className="sm:max-w-2xl"
    >
      {target?.after ? (
        <fieldset className="mb-5 flex flex-wrap gap-x-6 gap-y-2 text-sm text-gray-900">
          <legend className="mb-2 font-semibold text-gray-700">Where</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="placement" checked={!afterSelected} onChange={() => setAfterSelected(false)} className="size-4 accent-indigo-600" />
            At the end of this {label}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="placement" checked={afterSelected} onChange={() => setAfterSelected(true)} className="size-4 accent-indigo-600" />
            After the selected {target.after.label.toLowerCase()}
          </label>
        </fieldset>
      ) : null}
      <div className="space-y-5">
        {PALETTE.map((group) => (
          <section key={group.title} aria-label={group.title}>
            <h3 className="mb-2 text-sm font-semibold text-gray-700">{group.title}</h3>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {group.types.map((type) => (
                <button
                  key={type}
                  type="button"
                  onClick={() => onPick(type, afterSelected)}
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
