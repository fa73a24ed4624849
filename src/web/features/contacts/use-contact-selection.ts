import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ContactDto } from '@shared/contacts/api.ts';
import { matchingTarget, pickedTarget, type BulkTarget } from './bulk-selection.ts';
import type { ContactView } from './contact-view.ts';

interface Selection {
  /** The view the selection belongs to. */
  key: string;
  ids: ReadonlySet<string>;
  allMatching: boolean;
}

/**
 * The contacts ticked on the screen. A selection belongs to one view: a new search or filter starts
 * with nothing selected. "All that match" ticks every row, loaded or not, and means the whole filter
 * on the server; unticking one row falls back to the loaded rows but that one.
 */
export function useContactSelection({ view, rows, total, capped, phone }: { view: ContactView; rows: ContactDto[]; total: number; capped: boolean; phone: boolean }) {
  const viewKey = JSON.stringify(view);
  const [selection, setSelection] = useState<Selection>({ key: viewKey, ids: new Set(), allMatching: false });
  const current = selection.key === viewKey ? selection : { ids: new Set<string>(), allMatching: false };
  const { allMatching } = current;
  const selected = useMemo(() => (allMatching ? new Set(rows.map((r) => r.id)) : current.ids), [allMatching, rows, current.ids]);

  // Read through a ref, so `toggle` stays the same function as pages load (memoised rows keep still).
  const loadedRows = useRef(rows);
  useLayoutEffect(() => {
    loadedRows.current = rows;
  }, [rows]);
  const toggle = useCallback(
    (id: string) =>
      setSelection((s) => {
        const mine = s.key === viewKey;
        const ids = new Set(mine && s.allMatching ? loadedRows.current.map((r) => r.id) : mine ? s.ids : []);
        if (ids.has(id)) ids.delete(id);
        else ids.add(id);
        return { key: viewKey, ids, allMatching: false };
      }),
    [viewKey],
  );
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggleAll = () => setSelection({ key: viewKey, ids: allSelected ? new Set() : new Set(rows.map((r) => r.id)), allMatching: false });
  const clear = useCallback(() => setSelection({ key: viewKey, ids: new Set(), allMatching: false }), [viewKey]);
  const selectAllMatching = () => setSelection({ key: viewKey, ids: new Set(), allMatching: true });

  const target: BulkTarget = allMatching ? matchingTarget(view, total, capped) : pickedTarget(current.ids);
  // Offered once every loaded row is ticked (on a phone, which has no "select all" box: once any
  // card is) and the view holds more than those.
  const canSelectAllMatching = !allMatching && (phone ? selected.size > 0 : allSelected) && (capped || total > selected.size);

  return { selected, allMatching, target, toggle, toggleAll, clear, selectAllMatching, canSelectAllMatching };
}
