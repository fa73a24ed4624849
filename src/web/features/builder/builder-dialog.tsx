import { X } from 'lucide-react';
import { useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@web/lib/cn.ts';

const CONTROLS = 'button:not(:disabled), [href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** Tab and Shift+Tab go round the dialog's controls rather than on to the page behind it. */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(CONTROLS)];
  if (document.activeElement !== (event.shiftKey ? controls[0] : controls.at(-1))) return;
  event.preventDefault();
  (event.shiftKey ? controls.at(-1) : controls[0])?.focus();
}

/**
 * A modal dialog of the builder's canvas, looking and behaving like Dialog (ui/dialog.tsx): focus moves
 * in and stays there, Escape, the close button and a click outside close it, and focus returns to what
 * opened it. On a canvas of a thousand components every modal way of the browser's or Radix's restyles
 * the whole page as it opens and closes (Radix's scroll lock and body style, showModal's inert page
 * behind), a frame's worth of work and more; so this one is a <dialog> opened with show() above a
 * backdrop that takes the pointer, with aria-modal for assistive technology. The backdrop dims without
 * Dialog's blur: a blurred backdrop is drawn again from the whole canvas beneath, and on a machine
 * that draws without a GPU some adds from the palette waited 45–70 ms for their frame instead of ~25
 * (bench:builder at 1,010 components).
 */
export function BuilderDialog({
  open,
  onClose,
  title,
  description,
  children,
  className,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();
  useLayoutEffect(() => {
    const element = dialog.current!;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.show();
      element.querySelector<HTMLElement>(CONTROLS)?.focus();
    } else if (!open && element.open) {
      element.close();
      if (opener.current?.isConnected) opener.current.focus();
    }
  }, [open]);
  return (
    <>
      {open ? <div aria-hidden className="fixed inset-0 z-50 bg-gray-950/60" onClick={onClose} /> : null}
      <dialog
        ref={dialog}
        aria-modal
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return keepTabInside(event);
          event.preventDefault();
          onClose();
        }}
        className={cn(
          'fixed inset-x-0 top-auto bottom-0 z-50 m-0 max-h-[92dvh] w-full max-w-none overflow-y-auto rounded-t-2xl bg-white p-6 shadow-2xl',
          'sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-8',
          className,
        )}
      >
        {/* Drawn only while open: the editor re-renders at each keystroke. */}
        {open ? (
          <>
            <h2 id={titleId} className="pr-8 text-xl font-semibold tracking-tight text-gray-900">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-2 text-sm text-gray-600">
                {description}
              </p>
            ) : null}
            <button type="button" onClick={onClose} className="absolute top-4 right-4 rounded-full p-2 text-gray-500 hover:bg-gray-100 hover:text-gray-900" aria-label="Close">
              <X className="size-5" aria-hidden />
            </button>
            <div className="mt-6">{children}</div>
          </>
        ) : null}
      </dialog>
    </>
  );
}
