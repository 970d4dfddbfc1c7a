/** @jest-environment node */
/** The comparison of two kept runs (src/pages/note/history/compareRuns.ts): line diffs and table row changes. */
import { compareResults, lineDiff, tableDiff } from '../../src/pages/note/history/compareRuns';

test('a line diff keeps whole lines and marks what was added and removed', () => {
  expect(lineDiff('alpha\nbeta\n', 'alpha\ngamma')).toEqual([
    { kind: 'same', text: 'alpha' }, { kind: 'removed', text: 'beta' }, { kind: 'added', text: 'gamma' },
  ]);
  expect(lineDiff('same', 'same\n').every((l) => l.kind === 'same')).toBe(true);
});

test('tables: rows with the same first cell are changed, the others added or removed', () => {
  const d = tableDiff('region\tamount\nnorth\t10\nsouth\t20\nwest\t5\n', 'region\tamount\nnorth\t10\nsouth\t25\neast\t7\n');
  expect(d.columns).toEqual(['region', 'amount']);
  expect(d.columnsChanged).toBe(false);
  expect(d.rows).toEqual([
    { kind: 'changed', before: ['south', '20'], after: ['south', '25'] },
    { kind: 'removed', cells: ['west', '5'] },
    { kind: 'added', cells: ['east', '7'] },
  ]);
  expect(d.counts).toEqual({ added: 1, removed: 1, changed: 1 });
});

test('equal tables have no row changes; a new column is reported', () => {
  expect(tableDiff('a\n1\n', 'a\n1').rows).toEqual([]);
  expect(tableDiff('a\n1\n', 'a\tb\n1\t2\n').columnsChanged).toBe(true);
});

test('results pair by position: two tables as a table diff, anything else as text', () => {
  const diffs = compareResults(
    [{ type: 'TABLE', data: 'a\n1\n' }, { type: 'TEXT', data: 'x' }],
    [{ type: 'TABLE', data: 'a\n2\n' }, { type: 'HTML', data: '<b>y</b>' }, { type: 'TEXT', data: 'new' }],
  );
  expect(diffs.map((d) => d.kind)).toEqual(['table', 'text', 'text']);
  expect(diffs[2]).toEqual({ kind: 'text', index: 2, type: 'TEXT', lines: [{ kind: 'added', text: 'new' }] });
});
