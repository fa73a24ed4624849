import { useCallback, useState } from 'react';
import { readColumns, toggleColumn, writeColumns, type ContactColumn } from './contact-columns.ts';

/** The columns chosen in this browser, and a switch that changes and remembers them. */
export function useContactColumns(): [ContactColumn[], (column: ContactColumn) => void] {
  const [columns, setColumns] = useState(() => readColumns(localStorage));
  const toggle = useCallback((column: ContactColumn) => {
    setColumns((current) => {
      const next = toggleColumn(current, column);
      writeColumns(localStorage, next);
      return next;
    });
  }, []);
  return [columns, toggle];
}
