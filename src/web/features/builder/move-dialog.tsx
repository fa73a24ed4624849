import { definitionOf } from '@shared/landing-pages/component-definitions.ts';
import { listMoveTargets, type MoveTarget } from '@shared/landing-pages/move-targets.ts';
import { nodeText } from '@shared/landing-pages/node-names.ts';
import { nodeAtPath } from '@shared/landing-pages/tree.ts';
import type { PageContent } from '@shared/landing-pages/types.ts';
import { BuilderDialog } from './builder-dialog.tsx';

/** How a destination reads: its section by place and name, then the place inside it and what names that. */
function describe(doc: PageContent, target: MoveTarget): string {
  const sectionNode = doc[target.path[0]!]!;
  const sectionName = nodeText(sectionNode, true);
  const section = `Section ${target.path[0]! + 1}${sectionName === undefined ? '' : `: ${sectionName}`}`;
  if (target.kind === 'section') return section;
  if (target.kind === 'gridCell') return `${section} › Grid cell ${target.path.at(-1)! + 1}`;
  const node = nodeAtPath(doc, target.path);
  const label = definitionOf(target.type)?.label ?? target.type;
  const name = node ? nodeText(node, false) : undefined;
  return `${section} › ${label}${name === undefined ? '' : `: ${name}`}`;
}

/** Move Component: every section, grid cell and nested component that may take the component; it goes to the end there. */
export function MoveDialog({ doc, movingId, onMove, onClose }: { doc: PageContent; movingId: string | null; onMove: (parentId: string) => void; onClose: () => void }) {
  const targets = movingId ? listMoveTargets(doc, movingId) : [];
  return (
    <BuilderDialog open={movingId !== null} onClose={onClose} title="Move Component" description="Choose where it goes: it is placed at the end there.">
      {targets.length === 0 ? (
        <p className="text-sm text-gray-700">There is no other place this component can go.</p>
      ) : (
        <ul className="max-h-[60vh] space-y-1 overflow-y-auto">
          {targets.map((target) => (
            <li key={target.id}>
              <button
                type="button"
                onClick={() => onMove(target.id)}
                className="w-full rounded-lg border border-gray-200 px-3 py-2 text-left text-sm text-gray-900 hover:border-indigo-500 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
                style={{ paddingLeft: `${0.75 + (target.path.length - 1) * 0.75}rem` }}
              >
                {describe(doc, target)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </BuilderDialog>
  );
}
