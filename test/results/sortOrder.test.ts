import { rowSource } from '../../src/results/pivot/pivot';
import { compareCells } from '../../src/results/table/columnTypes';
import { sortOrder, type SortKey } from '../../src/results/table/sortOrder';
import type { Cell } from '../../src/results/types';

const rows: Cell[][] = [['b', 2], ['a', 'x'], ['b', 10], ['a', 2], ['c', ''], ['a', 10], ['b', 2]];

/** The order TanStack's sorted row model gives with the grid's sort functions: each key in turn, ties by index. */
function reference(keys: SortKey[]): number[] {
  return rows.map((_, i) => i).sort((a, b) => {
    for (const k of keys) {
      const c = compareCells(k.type, rows[a][k.col], rows[b][k.col]);
      if (c !== 0) return k.desc ? -c : c;
    }
    return a - b;
  });
}

test.each<[string, SortKey[]]>([
  ['numbers ascending, text cells last', [{ col: 1, desc: false, type: 'number' }]],
  ['numbers descending, text cells first', [{ col: 1, desc: true, type: 'number' }]],
  ['as text', [{ col: 1, desc: false, type: 'string' }]],
  ['two keys, ties in row order', [{ col: 0, desc: true, type: 'string' }, { col: 1, desc: false, type: 'number' }]],
])('sortOrder orders rows as the grid did: %s', (_, keys) => {
  expect([...sortOrder(rowSource(rows), keys)]).toEqual(reference(keys));
});

test('sortOrder with no key keeps the rows in place', () => {
  expect([...sortOrder(rowSource(rows), [])]).toEqual([0, 1, 2, 3, 4, 5, 6]);
});
