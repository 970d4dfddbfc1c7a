/**
 * jest stands in for the table worker (its module uses import.meta.url, which CommonJS jest cannot load): the same
 * stream reading, answered a turn later and passed through structured cloning, as a worker's reply is.
 */
import { deserialize, serialize } from 'v8';
import type { TableParts } from '../../src/results/table/parseTable';
import { TableStream } from '../../src/results/table/tableStream';

// jsdom has no structuredClone; Node's serializer is the same algorithm.
const clone = <T>(x: T): T => deserialize(serialize(x)) as T;

export function openTableStream() {
  const stream = new TableStream();
  return {
    append: (chunk: string) => stream.append(chunk),
    parts: (atEnd: boolean) => {
      const parts = clone(stream.parts(atEnd));
      return new Promise<TableParts>((resolve) => setTimeout(() => resolve(parts), 0));
    },
    close: () => undefined,
  };
}
