import { DEFAULT_TAG_COLOR } from '@shared/tags/api.ts';

/** A contact's tags as small chips in their tag colours; past `max`, the rest are counted ("+2"). */
export function TagChips({ names, colors, max }: { names: string[]; colors: ReadonlyMap<string, string>; max?: number }) {
  if (names.length === 0) return <span className="text-gray-400">—</span>;
  const shown = max === undefined ? names : names.slice(0, max);
  const hidden = names.length - shown.length;
  return (
    <span className="flex min-w-0 items-center gap-1" title={names.join(', ')}>
      {shown.map((name) => (
        <span
          key={name}
          className="inline-flex min-w-0 items-center gap-1 rounded-full border border-gray-200 bg-white px-2 py-0.5 text-xs font-medium text-gray-700"
        >
          <span aria-hidden className="size-2 shrink-0 rounded-full" style={{ backgroundColor: colors.get(name) ?? DEFAULT_TAG_COLOR }} />
          <span className="truncate">{name}</span>
        </span>
      ))}
      {hidden > 0 ? <span className="shrink-0 text-xs font-medium text-gray-500">+{hidden}</span> : null}
    </span>
  );
}
