import { X } from 'lucide-react';
import { useEffect, useState, type Dispatch } from 'react';
import { BUILDER_LIMITS } from '@shared/landing-pages/builder.ts';
import { definitionOf } from '@shared/landing-pages/component-definitions.ts';
import type { HeadingLevel } from '@shared/landing-pages/constants.ts';
import { textField, type Field } from '@shared/landing-pages/fields.ts';
import { isFlagOn } from '@shared/landing-pages/input-rules.ts';
import { locate } from '@shared/landing-pages/node-index.ts';
import { setGridColumns } from '@shared/landing-pages/operations/grid.ts';
import { setHeadingLevel, TEXT_STYLES, toggleTextStyle, type TextStyle } from '@shared/landing-pages/operations/text-styles.ts';
import { updateProps } from '@shared/landing-pages/operations/update.ts';
import type { PageContent, TreeNode } from '@shared/landing-pages/types.ts';
import type { EditorAction } from './editor-store.ts';
import { FieldInput } from './field-input.tsx';

/** A section's props (spec 3.2 leaves them free; these are the ones the renderer shows). */
const SECTION_FIELDS: Readonly<Record<string, Field>> = {
  title: textField('Title'),
  description: textField('Description', '', 'longText'),
  background: textField('Background classes', '', 'classes'),
  tailwindClasses: textField('Tailwind classes', '', 'classes'),
};

const WIDTH_KEY = 'builder.panelWidth';
const { min, max } = BUILDER_LIMITS.panelWidth;
const clampWidth = (width: number) => Math.min(max, Math.max(min, Math.round(width)));

/** The panel's width (spec 5.6: 300-800 px, default 384), remembered in this browser. */
export function usePanelWidth() {
  const [width, setWidth] = useState(() => {
    const stored = Number(typeof localStorage === 'undefined' ? NaN : localStorage.getItem(WIDTH_KEY));
    return Number.isFinite(stored) && stored > 0 ? clampWidth(stored) : BUILDER_LIMITS.panelWidth.default;
  });
  useEffect(() => localStorage.setItem(WIDTH_KEY, String(width)), [width]);
  return [width, (next: number) => setWidth(clampWidth(next))] as const;
}

function findNode(doc: PageContent, id: string): { node: TreeNode; isSection: boolean } | null {
  try {
    const { node, path } = locate(doc, id);
    return { node, isSection: path.length === 1 };
  } catch {
    return null;
  }
}

/** The change a prop's new value makes: the level sets the heading's classes, columns make cells, style flags swap classes (spec 4). */
function changeFor(node: TreeNode, isSection: boolean, name: string, value: unknown): (doc: PageContent) => PageContent {
  const id = node.id;
  if (!isSection && node.type === 'heading' && name === 'level') return (doc) => setHeadingLevel(doc, { id, level: value as HeadingLevel });
  if (!isSection && node.type === 'grid' && name === 'columns') return (doc) => setGridColumns(doc, { id, columns: Number(value) });
  if (!isSection && TEXT_STYLES.includes(name as TextStyle) && isFlagOn(node.props[name]) !== isFlagOn(value))
    return (doc) => toggleTextStyle(doc, { id, style: name as TextStyle });
  return (doc) => updateProps(doc, { id, props: { [name]: value } });
}

/** The property editor (spec 2.5): a form generated from the selected node's field definitions, applied live. */
export function PropertyPanel({
  doc,
  selectedId,
  dispatch,
  onClose,
  width,
  onWidth,
  unknownClasses,
}: {
  doc: PageContent;
  selectedId: string;
  dispatch: Dispatch<EditorAction>;
  onClose: () => void;
  width: number;
  onWidth: (width: number) => void;
  unknownClasses: ReadonlySet<string> | null;
}) {
  const found = findNode(doc, selectedId);
  const fields = found ? (found.isSection ? SECTION_FIELDS : definitionOf(found.node.type)?.fields) : undefined;
  const label = found ? (found.isSection ? 'Section' : (definitionOf(found.node.type)?.label ?? found.node.type)) : '';

  const startDrag = (event: React.PointerEvent) => {
    const startX = event.clientX;
    const startWidth = width;
    const move = (e: PointerEvent) => onWidth(startWidth + (startX - e.clientX));
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  return (
    <aside aria-label="Property editor" className="relative flex shrink-0 flex-col border-l border-gray-200 bg-white" style={{ width }}>
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize the property editor"
        aria-valuemin={min}
        aria-valuemax={max}
        aria-valuenow={width}
        tabIndex={0}
        onPointerDown={startDrag}
        onKeyDown={(event) => {
          if (event.key === 'ArrowLeft') onWidth(width + 16);
          else if (event.key === 'ArrowRight') onWidth(width - 16);
          else return;
          event.preventDefault();
        }}
        className="absolute inset-y-0 -left-1 z-10 w-2 cursor-col-resize hover:bg-indigo-300 focus-visible:bg-indigo-400 focus-visible:outline-none"
      />
      <div className="flex items-center justify-between border-b border-gray-200 px-4 py-3">
        <h2 className="text-base font-semibold text-gray-900">{found ? `${label} properties` : 'Properties'}</h2>
        <button type="button" aria-label="Close the property editor" onClick={onClose} className="rounded p-1.5 text-gray-600 hover:bg-gray-100">
          <X className="size-5" aria-hidden />
        </button>
      </div>
      <div className="flex-1 space-y-4 overflow-y-auto p-4">
        {!found ? <p className="text-sm text-gray-600">The selected component is no longer on the page.</p> : null}
        {found && !fields ? <p className="text-sm text-gray-600">This component's type is unknown: it has no properties to edit.</p> : null}
        {found && fields
          ? Object.entries(fields).map(([name, field]) => (
              <FieldInput
                key={`${found.node.id}:${name}`}
                field={field}
                value={found.node.props[name] ?? (field.kind === 'flag' ? 'false' : '')}
                unknownClasses={unknownClasses}
                onChange={(value) => dispatch({ type: 'change', change: changeFor(found.node, found.isSection, name, value), merge: `${found.node.id}:${name}` })}
              />
            ))
          : null}
      </div>
    </aside>
  );
}
