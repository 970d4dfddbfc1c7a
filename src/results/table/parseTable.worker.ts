/**
 * Parses, sorts and pivots table results off the page's thread, so that a million-cell result never freezes the
 * page. A text comes in chunk by chunk (`append`; a whole text is one chunk) and is read when asked (`parts`), so a
 * table that arrives in a hundred appends is scanned once, not a hundred times; a table read as complete stays here
 * until dropped, for the grid's sorts and the charts' pivots. Every answer's arrays are transferred rather than copied.
 */
import { partsTransfer } from './parseTable';
import type { TableWorkerRequest } from './tableWorkerMessages';
import { WorkerTable } from './workerTable';

const tables = new Map<number, WorkerTable>();

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
      t.append(m.chunk);
      break;
    }
    case 'parts':
      answer(m.id, () => tableOf(m.stream).parts(m.atEnd), partsTransfer);
      break;
    case 'order':
      answer(m.id, () => tableOf(m.stream).order(m.keys), (o) => [o.buffer as ArrayBuffer]);
      break;
    case 'pivot':
      answer(m.id, () => tableOf(m.stream).pivot(m.config));
      break;
    case 'drop':
      tables.delete(m.stream);
      break;
  }
};
