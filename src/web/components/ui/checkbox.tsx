import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@web/lib/cn.ts';

/** A native checkbox with its label beside it; the whole label toggles it. */
export function Checkbox({
  label,
  description,
  className,
  id,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode; description?: ReactNode }) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const descriptionId = `${inputId}-description`;
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <input
        id={inputId}
        type="checkbox"
        aria-describedby={description ? descriptionId : undefined}
        className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-gray-300 accent-brand-600 disabled:cursor-not-allowed"
        {...props}
      />
      <div className="text-sm">
        <label htmlFor={inputId} className="cursor-pointer font-medium text-gray-700">
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="text-gray-500">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
