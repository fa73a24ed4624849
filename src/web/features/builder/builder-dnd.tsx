import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type DraggableSyntheticListeners,
  type KeyboardCoordinateGetter,
  type KeyboardSensorOptions,
  type PointerSensorOptions,
} from '@dnd-kit/core';
import { GripVertical } from 'lucide-react';
import { createContext, memo, useContext, useLayoutEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { definitionOf } from '@shared/landing-pages/component-definitions.ts';
import { currentSlot, firstAllowedSlot, listDropSlots, type DropSlot } from '@shared/landing-pages/drop-slots.ts';
import { locate, nodeIndex } from '@shared/landing-pages/node-index.ts';
import { childrenOf } from '@shared/landing-pages/tree.ts';
import type { PageContent } from '@shared/landing-pages/types.ts';
import { cn } from '@web/lib/cn.ts';
import { proposalsAt, type UnderPointer } from './drop-geometry.ts';

/**
 * Drag and drop on the canvas and in the component tree (dnd-kit): a handle on each section and
 * component picks it up with the pointer or with Space/Enter; the arrow keys step through the places
 * the document model allows, the pointer proposes the place under it (drop-geometry.ts) and the model
 * takes the first it allows (drop-slots.ts); one line shows where it goes; the drop is one change,
 * so one undo step. No node registers as a droppable: the places come from the model, and the one
 * indicator is moved by hand, so a drag over a thousand components re-renders none of them.
 */

export type DragSurface = 'canvas' | 'tree';

type DraggableListeners = NonNullable<DraggableSyntheticListeners>;

interface HandleData {
  readonly nodeId: string;
  readonly label: string;
  readonly surface: DragSurface;
}

/** The id of dnd-kit's hidden instructions, which every handle points at. */
const INSTRUCTIONS_ID = 'builder-drag-instructions';

interface Armed extends HandleData {
  readonly element: HTMLButtonElement;
}

/** The handle dnd-kit's one draggable is bound to, with that draggable's listeners. */
interface Bound {
  readonly element: HTMLButtonElement;
  readonly listeners: DraggableListeners | null;
}

/**
 * Makes a handle the one draggable dnd-kit knows, unless a drag is under way: `now` (a pointerdown or
 * keydown to hand on) binds it at once and gives back its listeners, `soon` (hover, focus) in React's
 * time, `remounted` only if it is the bound node's handle rendered anew. Of our own, this context's
 * value never changes, so editing the page re-renders no handle for it.
 */
type Arm = (handle: Armed, when: 'now' | 'soon' | 'remounted') => DraggableListeners | null;

/**
 * dnd-kit's keyboard sensor listens for keys from the task after the one that picked the node up; a
 * key pressed in between would be lost, so it is held back and pressed again once the sensor listens.
 * True when it held the key.
 */
type HoldKey = (event: ReactKeyboardEvent<HTMLButtonElement>) => boolean;

const ArmContext = createContext<{ arm: Arm; holdKey: HoldKey }>({ arm: () => null, holdKey: () => false });

/**
 * The handle a section or component is dragged by, in its canvas toolbar or its tree line: a plain
 * button, made dnd-kit's draggable when the pointer reaches it or it takes focus (ArmedDraggable), as a
 * thousand mounted draggables made every drag and every edit walk the whole page for their context.
 * Memoised, like the node's toolbar: an edit of the node's props leaves it be.
 */
export const DragHandle = memo(function DragHandle({ nodeId, label, surface, className }: HandleData & { className?: string }) {
  const { arm, holdKey } = useContext(ArmContext);
  const armThis = (element: HTMLButtonElement, when: 'now' | 'soon') => arm({ nodeId, label, surface, element }, when);
  return (
    <button
      ref={(element) => {
        // A handle remounted while armed (its node dropped elsewhere) takes over, so focus can come back to it.
        if (element) arm({ nodeId, label, surface, element }, 'remounted');
      }}
      type="button"
      aria-roledescription="draggable"
      aria-describedby={INSTRUCTIONS_ID}
      onPointerEnter={(event) => armThis(event.currentTarget, 'soon')}
      onFocus={(event) => armThis(event.currentTarget, 'soon')}
      onPointerDown={(event) => armThis(event.currentTarget, 'now')?.onPointerDown?.(event)}
      onKeyDown={(event) => holdKey(event) || armThis(event.currentTarget, 'now')?.onKeyDown?.(event)}
      aria-label={`Drag ${label}`}
      title={`Drag ${label}`}
      className={cn('inline-flex size-6 cursor-grab touch-none items-center justify-center rounded active:cursor-grabbing', className)}
    >
      <span className="grip-dots" aria-hidden />
    </button>
  );
});

/** The one useDraggable: bound to the armed handle's button, telling `boundRef` once it is. */
function ArmedDraggable({ armed, boundRef }: { armed: Armed; boundRef: RefObject<Bound | null> }) {
  const { nodeId, label, surface, element } = armed;
  const draggable = useDraggable({ id: `${surface}:${nodeId}`, data: { nodeId, label, surface } satisfies HandleData });
  const { listeners, setNodeRef, setActivatorNodeRef, isDragging } = draggable;
  useLayoutEffect(() => {
    setNodeRef(element);
    setActivatorNodeRef(element);
    boundRef.current = { element, listeners: listeners ?? null };
  }, [element, listeners, boundRef, setNodeRef, setActivatorNodeRef]);
  useLayoutEffect(() => {
    if (isDragging) element.setAttribute('aria-pressed', 'true');
    else element.removeAttribute('aria-pressed');
  }, [element, isDragging]);
  return null;
}

const SURFACE_SELECTOR = '[data-drop-surface]';
const nodeSelector = (surface: DragSurface) => (surface === 'canvas' ? '[data-node-id]' : '[data-tree-id]');
const idOf = (element: Element, surface: DragSurface) => (surface === 'canvas' ? element.getAttribute('data-node-id') : element.getAttribute('data-tree-id'));
const surfaceRoot = (surface: DragSurface) => document.querySelector<HTMLElement>(`[data-drop-surface="${surface}"]`);
const elementOf = (root: HTMLElement, surface: DragSurface, id: string) => root.querySelector<HTMLElement>(`${surface === 'canvas' ? '[data-node-id' : '[data-tree-id'}="${CSS.escape(id)}"]`);

/** The box a node occupies: on the canvas the node itself; in the tree its line, or with its branch when `withBranch`. */
function boxOf(element: HTMLElement, surface: DragSurface, withBranch: boolean): DOMRect {
  const row = surface === 'tree' && !withBranch ? element.querySelector(':scope > [data-tree-row]') : null;
  return (row ?? element).getBoundingClientRect();
}

const holds = (doc: PageContent, id: string) => {
  const { node, path } = locate(doc, id);
  if (path.length === 1) return true;
  const rule = definitionOf(node.type)?.children;
  return node.type === 'gridCell' || rule === 'any';
};

/** The nodes under the pointer, innermost first, the dragged node and what it holds left out. */
function underPointer(doc: PageContent, draggedId: string, x: number, y: number): { surface: DragSurface; chain: UnderPointer[] } | null {
  const hit = document.elementsFromPoint(x, y).find((element) => element.closest(SURFACE_SELECTOR));
  const surfaceElement = hit?.closest<HTMLElement>(SURFACE_SELECTOR);
  if (!hit || !surfaceElement) return null;
  const surface = surfaceElement.dataset.dropSurface as DragSurface;
  const index = nodeIndex(doc);
  const chain: UnderPointer[] = [];
  for (let element = hit.closest<HTMLElement>(nodeSelector(surface)); element; element = element.parentElement?.closest<HTMLElement>(nodeSelector(surface)) ?? null) {
    const id = idOf(element, surface);
    if (!id || !index.has(id)) continue;
    if (id === draggedId) {
      chain.length = 0;
      continue;
    }
    const holder = holds(doc, id);
    const children = holder
      ? childrenOf(locate(doc, id).node)
          .filter((child) => child.id !== draggedId)
          .flatMap((child) => {
            const childElement = elementOf(surfaceElement, surface, child.id);
            return childElement ? [boxOf(childElement, surface, true)] : [];
          })
      : [];
    chain.push({ id, holds: holder, box: boxOf(element, surface, chain.length > 0 || !holder), children });
  }
  return { surface, chain };
}

/** Where the indicator goes for a slot: a line above the node now at that place, below the last, or around an empty holder. */
function indicatorFor(doc: PageContent, draggedId: string, slot: DropSlot, surface: DragSurface, reveal: boolean) {
  const root = surfaceRoot(surface);
  if (!root) return null;
  const siblings = (slot.parentId === null ? doc : childrenOf(locate(doc, slot.parentId).node)).filter((node) => node.id !== draggedId);
  const at = siblings[slot.index] ?? siblings.at(-1);
  const element = elementOf(root, surface, at ? at.id : slot.parentId!);
  if (!element) return null;
  if (reveal) element.scrollIntoView({ block: 'nearest' });
  const rect = at ? boxOf(element, surface, true) : boxOf(element, surface, false);
  if (!at) return { left: rect.left, top: rect.top, width: rect.width, height: rect.height, empty: true };
  const y = siblings[slot.index] ? rect.top : rect.bottom;
  return { left: rect.left, top: y - 2, width: rect.width, height: 4, empty: false };
}

/** How a place reads to a screen reader: the holder and the position in it. */
function describeSlot(doc: PageContent, draggedId: string, slot: DropSlot): string {
  if (slot.parentId === null) return `at position ${slot.index + 1} of ${doc.length} among the sections`;
  const { node, path } = locate(doc, slot.parentId);
  const places = childrenOf(node).filter((child) => child.id !== draggedId).length + 1;
  const section = `section ${path[0]! + 1}`;
  const holder = path.length === 1 ? section : node.type === 'gridCell' ? `grid cell ${path.at(-1)! + 1} in ${section}` : `${(definitionOf(node.type)?.label ?? node.type).toLowerCase()} in ${section}`;
  return `in ${holder}, at position ${slot.index + 1} of ${places}`;
}

const sameSlot = (a: DropSlot | null, b: DropSlot | null) => a === b || (a !== null && b !== null && a.parentId === b.parentId && a.index === b.index);

interface Drag {
  readonly nodeId: string;
  readonly label: string;
  readonly surface: DragSurface;
  readonly keyboard: boolean;
  /** The places the keyboard steps through, top to bottom. */
  readonly slots: DropSlot[];
  slot: DropSlot | null;
  /** The slot last announced, so moving within one place says nothing. */
  announced: DropSlot | null | undefined;
  pointer: { x: number; y: number } | null;
  /** A keyboard drag: whether dnd-kit's sensor listens for keys yet (see HoldKey). */
  sensorListens: boolean;
}

/** A click on a handle stays a click: a drag starts once the pointer has moved a few pixels. */
const POINTER_OPTIONS: PointerSensorOptions = { activationConstraint: { distance: 5 } };

const DRAG_INSTRUCTIONS =
  'To move this, press Space or Enter to pick it up, the arrow keys to choose where it goes, Space or Enter to drop it there, or Escape to cancel.';

/** The drag-and-drop context of the builder: wraps the canvas and the property panel. */
export function BuilderDnd({ getDoc, onDrop, children }: { getDoc: () => PageContent; onDrop: (id: string, slot: DropSlot) => void; children: ReactNode }) {
  const drag = useRef<Drag | null>(null);
  const indicator = useRef<HTMLDivElement>(null);
  const outcome = useRef('');
  const [dragging, setDragging] = useState<{ nodeId: string; label: string } | null>(null);
  const [armed, setArmed] = useState<Armed | null>(null);
  const armedRef = useRef<Armed | null>(null);
  const bound = useRef<Bound | null>(null);
  const [arm] = useState(() => {
    const bind: Arm = (handle, when) => {
      const current = armedRef.current;
      const boundHere = bound.current?.element === handle.element;
      // The draggable of a drag under way stays bound to its handle.
      if (drag.current) return boundHere ? bound.current!.listeners : null;
      if (when === 'remounted' && (current?.nodeId !== handle.nodeId || current.surface !== handle.surface)) return null;
      const changed = current?.element !== handle.element || current.label !== handle.label;
      if (changed) armedRef.current = handle;
      if (when === 'now') {
        if (changed || !boundHere) flushSync(() => setArmed(handle));
        return bound.current?.element === handle.element ? bound.current.listeners : null;
      }
      // Not flushSync for hover and focus: focus can move while React commits (a dialog handing it back).
      if (changed) setArmed(handle);
      return null;
    };
    return bind;
  });
  const [holdKey] = useState(() => {
    const hold: HoldKey = (event) => {
      if (!drag.current || drag.current.sensorListens || !event.nativeEvent.isTrusted) return false;
      event.preventDefault();
      event.stopPropagation();
      const { key, code, shiftKey, ctrlKey, altKey, metaKey, currentTarget } = event;
      // Queued after the sensor's own task, so it hears this one.
      setTimeout(() => currentTarget.dispatchEvent(new KeyboardEvent('keydown', { key, code, shiftKey, ctrlKey, altKey, metaKey, bubbles: true, cancelable: true })));
      return true;
    };
    return hold;
  });
  const [context] = useState(() => ({ arm, holdKey }));

  const show = (slot: DropSlot | null, surface: DragSurface, reveal: boolean) => {
    const line = indicator.current;
    const current = drag.current;
    if (!line || !current) return null;
    const box = slot ? indicatorFor(getDoc(), current.nodeId, slot, surface, reveal) : null;
    if (!box) {
      line.hidden = true;
      return null;
    }
    line.hidden = false;
    line.dataset.empty = String(box.empty);
    Object.assign(line.style, { left: `${box.left}px`, top: `${box.top}px`, width: `${box.width}px`, height: `${box.height}px` });
    return box;
  };

  /** The pointer moved (or the page scrolled under it): the place under it, if the model allows one. */
  const follow = () => {
    const current = drag.current;
    if (!current?.pointer) return;
    const doc = getDoc();
    const found = underPointer(doc, current.nodeId, current.pointer.x, current.pointer.y);
    current.slot = found ? firstAllowedSlot(doc, current.nodeId, proposalsAt(found.chain, current.pointer.y)) : null;
    show(current.slot, found?.surface ?? current.surface, false);
  };

  const step: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
    const current = drag.current;
    const offset = event.code === 'ArrowDown' || event.code === 'ArrowRight' ? 1 : event.code === 'ArrowUp' || event.code === 'ArrowLeft' ? -1 : 0;
    if (!current || offset === 0 || current.slots.length === 0) return undefined;
    event.preventDefault();
    const at = current.slots.findIndex((slot) => sameSlot(slot, current.slot));
    current.slot = current.slots[Math.min(current.slots.length - 1, Math.max(0, at + offset))]!;
    const box = show(current.slot, current.surface, true);
    return box ? { x: box.left + box.width / 2, y: box.top + box.height / 2 } : currentCoordinates;
  };

  // The sensors' options keep their identity: new ones would give every handle a new context value,
  // re-rendering all of them on each edit of the page.
  const latestStep = useRef(step);
  useLayoutEffect(() => {
    latestStep.current = step;
  });
  const [keyboardOptions] = useState<KeyboardSensorOptions>(() => ({ coordinateGetter: (event, args) => latestStep.current(event, args) }));
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, keyboardOptions));

  // The listeners of the drag under way, removed as they were added (a later render makes new functions).
  const listening = useRef<{ move: (event: PointerEvent) => void; scroll: () => void } | null>(null);
  const stop = () => {
    if (listening.current) {
      window.removeEventListener('pointermove', listening.current.move, true);
      window.removeEventListener('scroll', listening.current.scroll, true);
      listening.current = null;
    }
    if (indicator.current) indicator.current.hidden = true;
    drag.current = null;
    setDragging(null);
  };

  const start = ({ active, activatorEvent }: DragStartEvent) => {
    const data = active.data.current as HandleData;
    const doc = getDoc();
    const keyboard = activatorEvent instanceof KeyboardEvent;
    const slot = currentSlot(doc, data.nodeId);
    const pointer = activatorEvent instanceof PointerEvent ? { x: activatorEvent.clientX, y: activatorEvent.clientY } : null;
    const current: Drag = { ...data, keyboard, slots: keyboard ? listDropSlots(doc, data.nodeId) : [], slot, announced: slot, pointer, sensorListens: !keyboard };
    drag.current = current;
    // The sensor starts listening in a task it queues right after this call; this one runs after it.
    if (keyboard) setTimeout(() => setTimeout(() => (current.sensorListens = true)));
    setDragging({ nodeId: data.nodeId, label: data.label });
    if (keyboard) show(slot, data.surface, false);
    else {
      const move = (event: PointerEvent) => {
        if (!drag.current) return;
        drag.current.pointer = { x: event.clientX, y: event.clientY };
        follow();
      };
      listening.current = { move, scroll: follow };
      window.addEventListener('pointermove', move, true);
      window.addEventListener('scroll', follow, true);
      follow();
    }
  };

  const end = ({ active }: DragEndEvent) => {
    const slot = drag.current?.slot ?? null;
    const { nodeId, label } = active.data.current as HandleData;
    const doc = getDoc();
    stop();
    if (!slot) outcome.current = `${label} cannot be dropped there; it stays where it was.`;
    else if (sameSlot(slot, currentSlot(doc, nodeId))) outcome.current = `${label} was dropped where it was.`;
    else {
      outcome.current = `${label} was dropped ${describeSlot(doc, nodeId, slot)}.`;
      onDrop(nodeId, slot);
    }
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${(active.data.current as HandleData).label.toLowerCase()}. Use the arrow keys to choose where it goes, Space or Enter to drop it there, or Escape to cancel.`,
    onDragMove: ({ active }) => {
      const current = drag.current;
      if (!current || sameSlot(current.announced ?? null, current.slot)) return undefined;
      current.announced = current.slot;
      const label = (active.data.current as HandleData).label;
      return current.slot ? `${label} would go ${describeSlot(getDoc(), current.nodeId, current.slot)}.` : `${label} cannot be dropped here.`;
    },
    onDragOver: () => undefined,
    // Said after the drop (dnd-kit calls onDragEnd first), with the outcome it left.
    onDragEnd: () => outcome.current,
    onDragCancel: ({ active }) => `Moving ${(active.data.current as HandleData).label.toLowerCase()} was cancelled; it stays where it was.`,
  };

  // The dragged node's frame and tree line are marked (styles.css) while the drag lasts: an attribute on
  // each, as a <style> naming them made the browser rework its whole stylesheet at each pick-up and drop.
  useLayoutEffect(() => {
    if (!dragging) return;
    const id = CSS.escape(dragging.nodeId);
    const marked = document.querySelectorAll(`[data-node-id="${id}"], [data-tree-id="${id}"] > [data-tree-row]`);
    marked.forEach((element) => element.setAttribute('data-dragged', ''));
    return () => marked.forEach((element) => element.removeAttribute('data-dragged'));
  }, [dragging]);

  // Only the armed draggable, the overlay and dnd-kit's own parts live inside DndContext: its value changes
  // at each step of a drag, and React looks for its readers through everything under it.
  return (
    <ArmContext value={context}>
      {children}
      <DndContext
        id={INSTRUCTIONS_ID}
        sensors={sensors}
        onDragStart={start}
        onDragEnd={end}
        onDragCancel={stop}
        accessibility={{ announcements, screenReaderInstructions: { draggable: DRAG_INSTRUCTIONS } }}
      >
        {armed ? <ArmedDraggable armed={armed} boundRef={bound} /> : null}
        <DragOverlay dropAnimation={null}>
          {dragging ? (
            <div className="pointer-events-none inline-flex items-center gap-1 rounded-md bg-indigo-700 px-2 py-1 text-xs font-medium whitespace-nowrap text-white shadow-lg">
              <GripVertical className="size-4" aria-hidden /> {dragging.label}
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
      <div
        ref={indicator}
        hidden
        aria-hidden
        data-testid="drop-indicator"
        className="pointer-events-none fixed z-50 rounded bg-indigo-600 shadow data-[empty=true]:border-2 data-[empty=true]:border-dashed data-[empty=true]:border-indigo-600 data-[empty=true]:bg-indigo-100/40"
      />
    </ArmContext>
  );
}
