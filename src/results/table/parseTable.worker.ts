/**
 * Parses table results off the page's thread, so that a million-cell result never freezes the page. A text comes in
 * chunk by chunk (`append`; a whole text is one chunk) and is read when asked (`parts`), so a table that arrives in
 * a hundred appends is scanned once, not a hundred times. Every answer's arrays are transferred
 * rather than copied.
 */
import { partsTransfer, type TableParts } from './parseTable';
import { TableStream } from './tableStream';
import type { TableWorkerRequest } from './tableWorkerMessages';

const streams = new Map<number, TableStream>();

function answer(id: number, read: () => TableParts): void {
  try {
    const parts = read();
    self.postMessage({ id, parts }, { transfer: partsTransfer(parts) });
  } catch (err) {
    self.postMessage({ id, error: String(err) });
  }
}

self.onmessage = (e: MessageEvent<TableWorkerRequest>) => {
  const m = e.data;
  switch (m.kind) {
    case 'append': {
      let s = streams.get(m.stream);
      if (!s) streams.set(m.stream, (s = new TableStream()));
      s.append(m.chunk);
      break;
    }
    case 'parts':
      answer(m.id, () => (streams.get(m.stream) ?? new TableStream()).parts(m.atEnd));
      break;
    case 'drop':
      streams.delete(m.stream);
      break;
  }
};
