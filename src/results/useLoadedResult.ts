/**
 * A TABLE or NETWORK result's text, read into what the views draw from. Large tables are parsed in a worker: until
 * it answers, the first rows (parsed here, which costs next to nothing) stand in, marked partial.
 */
import { useEffect, useMemo, useState } from 'react';
import { firstLines, parseTableText, TableData } from './table/parseTable';
import { parseInWorker } from './table/tableWorker';
import { rowSource, type CellSource } from './pivot/pivot';
import { NetworkParseError, nodesTable, parseNetwork, type NetworkData } from './network/networkData';
import type { TableColumn } from './types';

export type Loaded =
  | { kind: 'table'; table: TableData; source: CellSource; columns: TableColumn[] }
  | { kind: 'network'; network: NetworkData; source: CellSource; columns: TableColumn[] }
  | { kind: 'error'; message: string };

/** Above this many characters (about 10,000 rows) a table is parsed in the worker. */
export const WORKER_MIN_CHARS = 500_000;
/** Rows shown while the worker parses the whole table. */
export const FIRST_ROWS = 100;

const tableLoaded = (table: TableData): Loaded => ({ kind: 'table', table, source: table, columns: table.columns });

function load(result: { type: string; data: string }): Loaded | null {
  if (result.type === 'TABLE') return tableLoaded(parseTableText(result.data));
  if (result.type === 'NETWORK') {
    try {
      const network = parseNetwork(result.data);
      const t = nodesTable(network);
      return { kind: 'network', network, source: rowSource(t.rows), columns: t.names.map((name, index) => ({ name, index, aggr: 'sum' })) };
    } catch (e) {
      if (e instanceof NetworkParseError) return { kind: 'error', message: e.message };
      throw e;
    }
  }
  return null;
}

export function useLoadedResult(result: { type: string; data: string }): { loaded: Loaded | null; partial: boolean } {
  const data = result.data;
  const big = result.type === 'TABLE' && data.length > WORKER_MIN_CHARS;
  const [whole, setWhole] = useState<{ data: string; loaded: Loaded } | null>(null);
  const quick = useMemo(() => (big ? tableLoaded(parseTableText(firstLines(data, FIRST_ROWS))) : load(result)), [result, big, data]);
  useEffect(() => {
    if (!big) return;
    let live = true;
    const done = (table: TableData) => { if (live) setWhole({ data, loaded: tableLoaded(table) }); };
    const job = parseInWorker(data);
    if (job) job.then((parts) => done(TableData.fromParts(data, parts)), () => done(parseTableText(data)));
    else done(parseTableText(data));
    return () => { live = false; };
  }, [big, data]);
  const ready = whole && whole.data === data ? whole.loaded : null;
  return { loaded: ready ?? quick, partial: big && !ready };
}
