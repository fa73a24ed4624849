import { ArrowDown, ArrowUp, ClipboardCopy, Copy, Move, Pencil, Plus, Trash2, Type } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { cn } from '@web/lib/cn.ts';
import { DragHandle } from './builder-dnd.tsx';
import { useCanvasActions } from './canvas-actions.ts';

function ToolButton({ label, onClick, disabled, children, ...rest }: { label: string; onClick: () => void; disabled?: boolean; children: ReactNode; 'data-edit-text'?: string }) {
  return (
    <button
      {...rest}
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
      className="inline-flex size-6 items-center justify-center rounded text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-40"
    >
      {children}
    </button>
  );
}

/**
 * The controls of one node in edit mode: shown while the pointer is over the node or
 * focus is inside it, so they are reachable with Tab. Up is disabled on the first item, down on the last.
 * Memoised: an edit of the node's props (each keystroke in the property editor) leaves its toolbar be.
 */
export const NodeToolbar = memo(function NodeToolbar({
  id,
  label,
  first,
  last,
  canHold,
  fixed,
  isSection,
  editsText,
  className,
}: {
  id: string;
  label: string;
  first: boolean;
  last: boolean;
  /** Offers Add Component (sections, grid cells, containers). */
  canHold: boolean;
  /** Grid cells come with their grid: they are neither moved, copied nor removed on their own. */
  fixed?: boolean;
  /** Sections move only up and down: no Move Component for them. */
  isSection?: boolean;
  /** Offers Edit text: the node's text can be edited on the canvas (inline-text.tsx). */
  editsText?: boolean;
  className?: string;
}) {
  const actions = useCanvasActions();
  return (
    <div
      role="toolbar"
      aria-label={`${label} controls`}
      className={cn(
        'absolute z-20 flex items-center gap-0.5 rounded-md bg-indigo-700 px-1 py-0.5 text-xs font-medium text-white shadow-lg',
        // Hidden until its node's frame shows it, its icons not even drawn (node-toolbar in styles.css).
        'node-toolbar',
        className,
      )}
    >
      {fixed ? null : (
        <DragHandle nodeId={id} label={label} surface="canvas" className="text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white" />
      )}
      <span className="px-1 select-none">{label}</span>
      {canHold ? (
        <ToolButton label="Add Component" onClick={() => actions.addInto(id)}>
          <Plus className="size-4" aria-hidden />
        </ToolButton>
      ) : null}
      <ToolButton label="Edit properties" onClick={() => actions.edit(id)}>
        <Pencil className="size-4" aria-hidden />
      </ToolButton>
      {editsText ? (
        <ToolButton label="Edit text" data-edit-text="" onClick={() => actions.editText(id)}>
          <Type className="size-4" aria-hidden />
        </ToolButton>
      ) : null}
      {fixed ? null : (
        <>
          <ToolButton label="Move up" disabled={first} onClick={() => actions.moveUp(id)}>
            <ArrowUp className="size-4" aria-hidden />
          </ToolButton>
          <ToolButton label="Move down" disabled={last} onClick={() => actions.moveDown(id)}>
            <ArrowDown className="size-4" aria-hidden />
          </ToolButton>
          {isSection ? null : (
            <ToolButton label="Move to…" onClick={() => actions.move(id)}>
              <Move className="size-4" aria-hidden />
            </ToolButton>
          )}
          <ToolButton label="Duplicate" onClick={() => actions.duplicate(id)}>
            <Copy className="size-4" aria-hidden />
          </ToolButton>
          <ToolButton label="Copy" onClick={() => actions.copy(id)}>
            <ClipboardCopy className="size-4" aria-hidden />
          </ToolButton>
          <ToolButton label="Remove" onClick={() => actions.remove(id, label)}>
            <Trash2 className="size-4" aria-hidden />
          </ToolButton>
        </>
      )}
    </div>
  );
});
