/**
 * jest stands in for the table worker (its module uses import.meta.url, which CommonJS jest cannot load): the same
 * table keeping, answered a turn later and passed through structured cloning, as a worker's reply is.
 */
import { deserialize, serialize } from 'v8';
import type { PivotConfig } from '../../src/results/pivot/pivot';
import type { RowIndex } from '../../src/results/table/rowIndex';
import type { SortKey } from '../../src/results/table/sortOrder';
import type { SocketNews } from '../../src/results/table/tableWorkerMessages';
import { WorkerTable } from '../../src/results/table/workerTable';

// jsdom has no structuredClone; Node's serializer is the same algorithm.
const clone = <T>(x: T): T => deserialize(serialize(x)) as T;

const later = <T>(value: T): Promise<T> => {
  const copy = clone(value);
  return new Promise<T>((resolve) => setTimeout(() => resolve(copy), 0));
};

/** How often the page asked the worker to sort and to pivot: what it must not do on its own thread. */
export const workerCalls = { order: 0, pivot: 0 };

/** No table is read from a frame by the worker here: the views read every table themselves. */
export const claimTableStream = (): null => null;
export const handedTable = (): null => null;

/** The sockets the page opened in the worker, with what it sent and how it closed them; a test speaks for the worker. */
export const workerSockets: { url: string; listen(news: SocketNews): void; sent: string[]; closed: { code: number; reason: string }[] }[] = [];

/** Whether a worker could hold a socket: off, the page opens its own WebSocket, as where workers cannot start. */
export const workerSocketSupport = { available: true };

export function openWorkerSocket(url: string, _frameMinChars: number, listen: (news: SocketNews) => void) {
  if (!workerSocketSupport.available) return null;
  const s = { url, listen, sent: [] as string[], closed: [] as { code: number; reason: string }[] };
  workerSockets.push(s);
  return { send: (data: string) => s.sent.push(data), close: (code: number, reason: string) => s.closed.push({ code, reason }) };
}

export function openTableStream() {
  const table = new WorkerTable();
  return {
    append: (chunk: string) => table.append(chunk),
    index: (): Promise<RowIndex> => later(table.index()),
    order: (keys: SortKey[]) => {
      workerCalls.order++;
      return later(table.order(keys));
    },
    pivot: (config: PivotConfig) => {
      workerCalls.pivot++;
      return later(table.pivot(config));
    },
    close: () => undefined,
  };
}
