/**
 * A TABLE or NETWORK result's text, read into what the views draw from. A large table is handed to a worker, which is
 * given only the text appended since it was last fed, so each append costs the page the length of the new text.
 * Until the worker answers, the first rows (parsed here, once, which costs next to nothing) stand in, marked partial.
 * While the paragraph still runs the worker is only fed; once the run has ended it is asked where the rows lie (one
 * pass over the line breaks), and the grid reads the cells of the rows it draws from the page's own copy of the
 * text. A table that came whole in a large frame was indexed by the worker as it decoded the frame, and is drawn whole
 * at once. The worker keeps the table for the grid's sorts and the charts' pivots until the text is replaced or the
 * view goes.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { firstLines, parseTableText } from './table/parseTable';
import { WORKER_MIN_CHARS } from './table/frameTables';
import { LineTable } from './table/lineTable';
import { claimTableStream, handedTable, openTableStream, type RemoteTable, type WorkerTableStream } from './table/tableWorker';
import { rowSource, type CellSource } from './pivot/pivot';
import { NetworkParseError, nodesTable, parseNetwork, type NetworkData } from './network/networkData';
import type { ParsedTable, TableColumn } from './types';

export type Loaded =
  /** `remote`: the worker's copy of a large table, which sorts and pivots it off the page's thread. */
  | { kind: 'table'; table: ShownTable; source: CellSource; columns: TableColumn[]; remote?: RemoteTable }
  | { kind: 'network'; network: NetworkData; source: CellSource; columns: TableColumn[] }
  | { kind: 'error'; message: string };

/** Rows shown while the worker parses the whole table. */
export const FIRST_ROWS = 100;

/** A table as the views read it: parsed whole here, or (a large one) read row by row as rows are drawn. */
type ShownTable = ParsedTable & CellSource & { rowCount: number };

const tableLoaded = (table: ShownTable, remote?: RemoteTable): Loaded => ({ kind: 'table', table, source: table, columns: table.columns, remote });

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

/** The worker's copy of a result text: `fed` is all it has been given; `ended` once it was read as complete. */
interface Feed { stream: WorkerTableStream; fed: string; ended: boolean }

/**
 * Gives the worker what `data` adds to what it was fed; a text that does not extend it (a new run, a replaced
 * result) starts a new stream, or takes the one the worker read from the frame that brought it. Null where there is
 * no worker.
 */
function feedWorker(feed: Feed | null, data: string): Feed | null {
  if (feed && !feed.ended && data.length >= feed.fed.length && data.startsWith(feed.fed)) {
    feed.stream.append(data.slice(feed.fed.length));
    feed.fed = data;
    return feed;
  }
  feed?.stream.close();
  // A table that came in a large frame is in the worker already (decoded there, see tableWorker.ts).
  const handed = claimTableStream(data);
  if (handed) return { stream: handed, fed: data, ended: false };
  const stream = openTableStream();
  if (!stream) return null;
  stream.append(data);
  return { stream, fed: data, ended: false };
}

/**
 * The first rows of a large table. While the run streams they are kept as long as the text only grows: any look at
 * the new text (even comparing its start) would first copy the whole string that appends build, on every frame.
 * Outside a run they are read again when the text no longer starts with the one they came from.
 */
function usePreview(data: string, big: boolean, streaming: boolean): Loaded | null {
  const last = useRef<{ data: string; loaded: Loaded; streaming: boolean } | null>(null);
  return useMemo(() => {
    const prev = last.current;
    if (!big) {
      last.current = null;
      return null;
    }
    const complete = prev?.loaded.kind === 'table' && prev.loaded.table.rowCount >= FIRST_ROWS;
    if (prev && complete && data.length >= prev.data.length && (streaming && prev.streaming ? true : data.startsWith(prev.data))) return prev.loaded;
    last.current = { data, loaded: tableLoaded(parseTableText(firstLines(data, FIRST_ROWS))), streaming };
    return last.current.loaded;
  }, [big, data, streaming]);
}

/**
 * While a run streams, the worker is fed only when the unfed text is at least this share of what it has: each feed
 * reads the whole string once, so feeding in growing steps keeps the page's share of a streamed table proportional
 * to its length, and leaves at most this share to be read after the run has ended.
 */
const FEED_STEP = 0.25;

const dueForFeed = (feed: Feed | null, data: string): boolean => !feed || feed.ended || data.length - feed.fed.length >= feed.fed.length * FEED_STEP;

/**
 * `streaming`: the paragraph still runs, so the text may grow; a large table is then only fed to the worker, and
 * read once the run has ended.
 */
export function useLoadedResult(result: { type: string; data: string }, streaming = false): { loaded: Loaded | null; partial: boolean } {
  const data = result.data;
  const big = result.type === 'TABLE' && data.length > WORKER_MIN_CHARS;
  const [whole, setWhole] = useState<{ data: string; loaded: Loaded } | null>(null);
  const feed = useRef<Feed | null>(null);
  // A table the worker kept from the frame that brought it comes with where its rows lie: drawn whole at once.
  const handed = useMemo(() => (big && !streaming ? handedTable(data) : null), [big, data, streaming]);
  const direct = useMemo(() => (handed ? tableLoaded(new LineTable(data, handed.index), handed.remote) : null), [handed, data]);
  const preview = usePreview(data, big && !direct, streaming);
  const small = useMemo(() => (big ? null : load(result)), [result, big]);
  useEffect(() => {
    if (!big) {
      feed.current?.stream.close();
      feed.current = null;
      return;
    }
    if (streaming) {
      if (dueForFeed(feed.current, data)) feed.current = feedWorker(feed.current, data);
      return;
    }
    feed.current = feedWorker(feed.current, data);
    if (direct) {
      if (feed.current) feed.current.ended = true;
      return;
    }
    let live = true;
    const done = (table: ShownTable, remote?: RemoteTable) => { if (live) setWhole({ data, loaded: tableLoaded(table, remote) }); };
    const f = feed.current;
    if (!f) {
      done(parseTableText(data));
      return () => { live = false; };
    }
    f.ended = true;
    f.stream.index().then((index) => done(new LineTable(data, index), f.stream), () => done(parseTableText(data)));
    // Read as complete, the stream takes no more text; the worker keeps the table until the next text or unmount.
    return () => { live = false; };
  }, [big, data, streaming, direct]);
  useEffect(() => () => {
    feed.current?.stream.close();
    feed.current = null;
  }, []);
  const ready = (whole && whole.data === data ? whole.loaded : null) ?? direct;
  return { loaded: ready ?? preview ?? small, partial: big && !ready };
}
