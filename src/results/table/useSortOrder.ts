/**
 * The row order of a grid that only sorts (see isWindowedView): from the table worker for a large table, so the
 * page's thread never sorts a quarter of a million rows; computed here for a small one (or when the worker fails).
 * Until the worker answers the order is `pending`: the grid then shows no rows rather than rows in an order its
 * header does not claim, and an export sorts on the page (`now`).
 */
import { useEffect, useMemo, useState } from 'react';
import type { CellSource } from '../pivot/pivot';
import type { TableColumn } from '../types';
import { columnType } from './columnTypes';
import type { GridViewState } from './gridState';
import { sortOrder, type SortKey } from './sortOrder';
import type { RemoteTable } from './tableWorker';

function sortKeys(sort: GridViewState['sort'], columns: readonly TableColumn[], types: Record<string, unknown> | undefined): SortKey[] {
  const keys: SortKey[] = [];
  for (const s of sort) {
    const c = columns.find((col) => col.name === s.id);
    if (c) keys.push({ col: c.index, desc: s.desc, type: columnType(types, c.name) });
  }
  return keys;
}

export function useSortOrder({ source, columns, types, sort, remote, enabled }: {
  source: CellSource;
  columns: readonly TableColumn[];
  types: Record<string, unknown> | undefined;
  sort: GridViewState['sort'];
  remote: RemoteTable | undefined;
  enabled: boolean;
}): { order: Int32Array | null; pending: boolean; now(): Int32Array | null } {
  const keys = useMemo(() => (enabled ? sortKeys(sort, columns, types) : []), [enabled, sort, columns, types]);
  const local = useMemo(() => (!remote && keys.length ? sortOrder(source, keys) : null), [remote, keys, source]);
  const [answered, setAnswered] = useState<{ source: CellSource; keys: SortKey[]; order: Int32Array } | null>(null);
  useEffect(() => {
    if (!remote || keys.length === 0) return;
    let live = true;
    const settle = (order: Int32Array) => { if (live) setAnswered({ source, keys, order }); };
    remote.order(keys).then(
      // A table the worker no longer holds answers with no rows.
      (order) => settle(order.length === source.rowCount ? order : sortOrder(source, keys)),
      () => settle(sortOrder(source, keys)),
    );
    return () => { live = false; };
  }, [remote, keys, source]);
  const now = () => (keys.length ? sortOrder(source, keys) : null);
  if (keys.length === 0) return { order: null, pending: false, now };
  if (!remote) return { order: local, pending: false, now };
  const order = answered && answered.source === source && answered.keys === keys ? answered.order : null;
  return { order, pending: order === null, now: () => order ?? now() };
}
