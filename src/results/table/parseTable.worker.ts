/**
 * Reads, sorts and pivots table results off the page's thread, so that a million-cell result never freezes the
 * page. A text comes in chunk by chunk (`append`; a whole text is one chunk) and is kept here until dropped. The page
 * first asks where its rows lie (`index`: one pass over the line breaks, no cell read), and draws the rows in view
 * from its own copy of the text; every cell is read here after that answer has gone, and the read table is kept for
 * the grid's sorts and the charts' pivots. Every answer's arrays are transferred rather than copied.
 * It also holds the page's websocket (socketHost.ts) and decodes its large frames as they arrive, keeping their large
 * tables: the page then claims the stream (tableWorker.ts) rather than sending the text back.
 */
import { decodeServerFrame } from '../../../protocol';
import { frameText, mostlyText } from './frameTables';
import { indexRows, indexTransfer } from './rowIndex';
import { socketRequest, type DecodeLarge } from './socketHost';
import type { TableWorkerRequest } from './tableWorkerMessages';
import { WorkerTable } from './workerTable';

const tables = new Map<number, WorkerTable>();
/** Streams this worker opens for the tables of frames it decodes are numbered down from -1 (the page's go up from 1). */
let lastOwnStream = 0;

/**
 * Decodes a large inbound frame. A frame that is mostly text is decoded, and where the rows of its large tables lie
 * goes with it to the page, which draws them from that at once; the tables are kept here once the frame is posted
 * (`posted`), and their cells read in a later task, for the grid's sorts and the charts' pivots. A frame of many small
 * objects is left to the page (null), which parses it faster than it would receive its objects from here.
 */
const decodeLarge: DecodeLarge = (raw, minChars) => {
  const decoded = decodeServerFrame(raw);
  const text = decoded.ok ? frameText(decoded.frame.data, minChars) : null;
  if (!text || !mostlyText(text, raw.length)) return null;
  const streams = text.tables.map(() => --lastOwnStream);
  const indexes = text.tables.map(indexRows);
  return {
    frame: { decoded, streams, indexes },
    transfer: indexes.flatMap(indexTransfer),
    posted: () => text.tables.forEach((table, i) => {
      const kept = holding(table) ?? tableOfText(table);
      tables.set(streams[i], kept);
      readCellsSoon(streams[i], kept);
    }),
  };
};

/** Reads a kept table's cells in a later task (a request that comes meanwhile is answered first), unless dropped. */
function readCellsSoon(stream: number, table: WorkerTable): void {
  setTimeout(() => { if (tables.get(stream) === table) table.readCells(); }, 0);
}

function tableOfText(text: string): WorkerTable {
  const t = new WorkerTable();
  t.append(text);
  return t;
}

/**
 * A table held already with exactly this text: a paragraph is sent again whole after each change of its settings (a
 * sort, a chart), and its table is then shared rather than read again.
 */
function holding(text: string): WorkerTable | undefined {
  for (const t of tables.values()) if (t.length === text.length && t.text() === text) return t;
  return undefined;
}

/** Whether more than one stream reads `table` (see holding): appending to it then takes a copy first. */
function shared(table: WorkerTable): boolean {
  let n = 0;
  for (const t of tables.values()) if (t === table && ++n > 1) return true;
  return false;
}

function answer<T>(id: number, read: () => T, transfer: (value: T) => ArrayBuffer[] = () => []): void {
  try {
    const value = read();
    self.postMessage({ id, value }, { transfer: transfer(value) });
  } catch (err) {
    self.postMessage({ id, error: String(err) });
  }
}

const tableOf = (stream: number): WorkerTable => tables.get(stream) ?? new WorkerTable();

self.onmessage = (e: MessageEvent<TableWorkerRequest>) => {
  const m = e.data;
  switch (m.kind) {
    case 'append': {
      let t = tables.get(m.stream);
      if (!t) tables.set(m.stream, (t = new WorkerTable()));
      else if (shared(t)) tables.set(m.stream, (t = t.copy()));
      t.append(m.chunk);
      break;
    }
    case 'index': {
      const table = tableOf(m.stream);
      answer(m.id, () => table.index(), indexTransfer);
      // The page draws from the index now; the cells are read next, so that the first sort or chart does not wait.
      readCellsSoon(m.stream, table);
      break;
    }
    case 'order':
      answer(m.id, () => tableOf(m.stream).order(m.keys), (o) => [o.buffer as ArrayBuffer]);
      break;
    case 'pivot':
      answer(m.id, () => tableOf(m.stream).pivot(m.config));
      break;
    case 'drop':
      tables.delete(m.stream);
      break;
    default:
      socketRequest(m, decodeLarge);
      break;
  }
};
