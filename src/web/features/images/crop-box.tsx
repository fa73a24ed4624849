import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { HANDLES, moveCrop, resizeCrop, type CropBox as Box, type Handle, type Size } from '@shared/images/editor.ts';
import { cn } from '@web/lib/cn.ts';

/** Where each handle sits on the box, and the cursor it shows. */
const HANDLE_STYLE: Record<Handle, string> = {
  nw: 'top-0 left-0 cursor-nwse-resize',
  n: 'top-0 left-1/2 cursor-ns-resize',
  ne: 'top-0 left-full cursor-nesw-resize',
  e: 'top-1/2 left-full cursor-ew-resize',
  se: 'top-full left-full cursor-nwse-resize',
  s: 'top-full left-1/2 cursor-ns-resize',
  sw: 'top-full left-0 cursor-nesw-resize',
  w: 'top-1/2 left-0 cursor-ew-resize',
};
/** Arrow keys move the box by this many canvas pixels; with Shift they resize it. */
const KEY_STEP = 5;
const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * The crop box over the editor canvas: dragged to move, eight handles to resize,
 * arrow keys to move and Shift + arrow keys to resize. Its position is in canvas pixels and drawn
 * in percentages, so it follows the canvas when the screen scales it.
 */
export function CropBox({ crop, canvas, hintId, onChange }: { crop: Box; canvas: Size; hintId: string; onChange: (crop: Box) => void }) {
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ handle: Handle | 'move'; startX: number; startY: number; start: Box; scale: number } | null>(null);

  /** A press on a handle resizes (the handle says which), anywhere else on the box moves it. */
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    event.preventDefault();
    const handle = ((event.target as HTMLElement).dataset.handle as Handle | undefined) ?? 'move';
    frame.current!.setPointerCapture(event.pointerId);
    const scale = canvas.width / frame.current!.getBoundingClientRect().width;
    drag.current = { handle, startX: event.clientX, startY: event.clientY, start: crop, scale };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = (event.clientX - d.startX) * d.scale;
    const dy = (event.clientY - d.startY) * d.scale;
    onChange(d.handle === 'move' ? moveCrop(d.start, dx, dy, canvas) : resizeCrop(d.start, d.handle, dx, dy, canvas));
  };
  const end = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const arrow = ARROWS[event.key];
    if (!arrow) return;
    event.preventDefault();
    const [x, y] = arrow;
    onChange(event.shiftKey ? resizeCrop(crop, 'se', x * KEY_STEP, y * KEY_STEP, canvas) : moveCrop(crop, x * KEY_STEP, y * KEY_STEP, canvas));
  };
  const percent = (value: number, of: number) => `${(value / of) * 100}%`;

  const position = {
    left: percent(crop.x, canvas.width),
    top: percent(crop.y, canvas.height),
    width: percent(crop.width, canvas.width),
    height: percent(crop.height, canvas.height),
  };

  return (
    <div ref={frame} className="absolute inset-0" onPointerMove={onPointerMove} onPointerUp={end} onPointerCancel={end}>
      {/* Darkens everything outside the box; clipped to the canvas, while the handles may reach past its edge. */}
      <div aria-hidden className="pointer-events-none absolute inset-0 overflow-hidden">
        <div className="absolute" style={{ ...position, boxShadow: '0 0 0 9999px rgb(3 7 18 / 0.5)' }} />
      </div>
      <div
        role="group"
        tabIndex={0}
        aria-label={`Crop area, ${Math.round(crop.width)} by ${Math.round(crop.height)} pixels`}
        aria-describedby={hintId}
        data-testid="crop-box"
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
        className="absolute cursor-move touch-none outline-2 outline-offset-2 outline-transparent focus-visible:outline-brand-500"
        style={position}
      >
        <div aria-hidden className="pointer-events-none absolute inset-0 border-2 border-white" />
        {HANDLES.map((handle) => (
          <span
            key={handle}
            aria-hidden
            data-handle={handle}
            className={cn('absolute size-3.5 -translate-x-1/2 -translate-y-1/2 touch-none rounded-sm border-2 border-brand-600 bg-white', HANDLE_STYLE[handle])}
          />
        ))}
      </div>
    </div>
  );
}
