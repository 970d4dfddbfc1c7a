/**
 * The grid's view state (order, sort, filters, grouping, paging...): every user change is saved at once, and a saved
 * state that arrives from elsewhere (a collaborator, a reload) replaces it.
 */
import { useEffect, useRef, useState } from 'react';
import { fromSaved, toSaved, type GridViewState, type SavedGridState } from './gridState';

export function useGridView(
  saved: SavedGridState | undefined,
  names: readonly string[],
  onSave: (state: SavedGridState) => void,
): [GridViewState, (next: GridViewState) => void] {
  const [view, setView] = useState<GridViewState>(() => fromSaved(saved, names));
  // The last state this grid wrote: a saved state equal to it is our own echo, anything else is a restore.
  const lastWritten = useRef<string>(JSON.stringify(saved ?? null));

  useEffect(() => {
    const key = JSON.stringify(saved ?? null);
    if (key === lastWritten.current) return;
    lastWritten.current = key;
    setView(fromSaved(saved, names));
  }, [saved, names]);

  const savedRef = useRef(saved);
  savedRef.current = saved;
  const change = (next: GridViewState) => {
    setView(next);
    const out = toSaved(next, savedRef.current);
    lastWritten.current = JSON.stringify(out);
    onSave(out);
  };
  return [view, change];
}
