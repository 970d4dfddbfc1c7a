/**
 * jest stands in for the table worker (its module uses import.meta.url, which CommonJS jest cannot load): the same
 * parse, answered a turn later and passed through structured cloning, as a worker's reply is.
 */
import { deserialize, serialize } from 'v8';
import { parseTableParts, type TableParts } from '../../src/results/table/parseTable';

// jsdom has no structuredClone; Node's serializer is the same algorithm.
const clone = <T>(x: T): T => deserialize(serialize(x)) as T;

export function parseInWorker(text: string): Promise<TableParts> {
  return new Promise((resolve) => setTimeout(() => resolve(clone(parseTableParts(text))), 0));
}
