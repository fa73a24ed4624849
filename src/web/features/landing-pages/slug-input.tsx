import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import { useId, type ChangeEvent, type Ref } from 'react';
import { PUBLIC_PAGE_BASE, SLUG_MAX, SLUG_MESSAGES, SLUG_MIN } from '@shared/landing-pages/slug.ts';
import { Label } from '@web/components/ui/label.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { cn } from '@web/lib/cn.ts';
import { stripTypedSlug, type SlugCheckState } from './slug-field.ts';

/** The slug's rules, in the order they are checked, as the field's hint. */
const RULES_HINT = `Required; ${SLUG_MIN}–${SLUG_MAX} characters; only lowercase letters, numbers and hyphens; no hyphen at the start or end; no two hyphens in a row.`;

/**
 * The slug field: the public address as a prefix, typing that keeps only allowed characters (the
 * caret stays where it was), the first broken rule or the live check's state beside it.
 */
export function SlugInput({
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  checkState,
}: {
  value: string;
  onChange: (slug: string) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  error: string | undefined;
  checkState: SlugCheckState;
}) {
  const id = useId();
  const statusId = `${id}-status`;
  const hintId = `${id}-hint`;
  const invalid = Boolean(error) || checkState === 'taken';

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const { value: kept, caret } = stripTypedSlug(input.value, input.selectionStart ?? input.value.length);
    if (kept !== input.value) {
      // Written back before React sees it, so React has nothing to reset and the caret stays put.
      input.value = kept;
      input.setSelectionRange(caret, caret);
    }
    onChange(kept);
  };

  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>URL slug</Label>
      <div
        className={cn(
          'flex h-10 w-full items-center overflow-hidden rounded-lg border border-gray-300 bg-white shadow-sm',
          'focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/20',
          invalid && 'border-red-500 focus-within:border-red-500 focus-within:ring-red-500/20',
        )}
      >
        <span aria-hidden className="flex h-full items-center border-r border-gray-200 bg-gray-50 px-3 font-mono text-sm text-gray-600">
          {PUBLIC_PAGE_BASE}/
        </span>
        <input
          ref={inputRef}
          id={id}
          name="slug"
          value={value}
          onChange={handleChange}
          onBlur={onBlur}
          required
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="spring-sale"
          aria-invalid={invalid || undefined}
          aria-describedby={`${statusId} ${hintId}`}
          className="h-full min-w-0 flex-1 bg-transparent px-3 font-mono text-sm text-gray-900 placeholder:text-gray-400 focus:outline-none"
        />
      </div>
      <div id={statusId} aria-live="polite" className="min-h-5 text-sm">
        <SlugStatus error={error} checkState={checkState} />
      </div>
      <p id={hintId} className="text-xs text-gray-500">
        {RULES_HINT}
      </p>
    </div>
  );
}

function SlugStatus({ error, checkState }: { error: string | undefined; checkState: SlugCheckState }) {
  const line = 'flex items-center gap-1.5 [&_svg]:size-4 [&_svg]:shrink-0';
  if (error) {
    return (
      <p role="alert" className={cn(line, 'text-red-600')}>
        <CircleAlert aria-hidden /> {error}
      </p>
    );
  }
  switch (checkState) {
    case 'checking':
      return (
        <p className={cn(line, 'text-gray-600')}>
          <Spinner className="size-4 text-gray-500" /> Checking...
        </p>
      );
    case 'available':
      return (
        <p className={cn(line, 'text-emerald-700')}>
          <CircleCheck aria-hidden /> Available
        </p>
      );
    case 'taken':
      return (
        <p className={cn(line, 'text-red-600')}>
          <CircleX aria-hidden /> {SLUG_MESSAGES.taken}
        </p>
      );
    case 'idle':
      return null;
  }
}
