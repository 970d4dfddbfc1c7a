import { deserialize, serialize } from 'v8';
import { firstLines, parseTableText, TABLE_COMMENT_MARKER } from '../../src/results/table/parseTable';
import { LineTable } from '../../src/results/table/lineTable';
import { indexRows, type RowIndex } from '../../src/results/table/rowIndex';
import { WorkerTable } from '../../src/results/table/workerTable';
import type { CellSource } from '../../src/results/pivot/pivot';
import type { ParsedTable } from '../../src/results/types';
import { fixtureResults } from './fixtureResults';

// jsdom has no structuredClone; Node's serializer is the same algorithm.
const clone = <T>(x: T): T => deserialize(serialize(x)) as T;

/** Every cell of a table, row by row, with the comment: what the views can read from it. */
function cells(t: ParsedTable & CellSource): unknown {
  const rows = Array.from({ length: t.rowCount }, (_, r) => t.columns.map((c) => t.cell(r, c.index)));
  return { columns: t.columns, rowCount: t.rowCount, rows, comment: t.comment };
}

/** The page's table of `text` from the worker's index of it, through structured cloning as the index crosses. */
const lineTable = (text: string, index: RowIndex = indexRows(text)): LineTable => new LineTable(text, clone(index));

const CASES: [string, string][] = [
  ['numbers and text', 'name\tcount\na\t12\nb\t24\nc\t18\n'],
  ['plain rows with numbers and text', 'name\tvalue\tprice\nalpha\t1\t2.5\nbeta\t-3\t1e3\ngamma\t007\t\n'],
  ['no line break at the end', 'a\tb\n1\t2\n3\tfour'],
  ['CRLF line breaks', 'a\tb\r\n1\tx\r\n2\ty\r\n'],
  ['a CR at the very end', 'a\tb\r\n1\t2\r'],
  ['CRLF, short rows and empty cells', 'database\ttableName\tisTemporary\r\n\tbank\ttrue\r\nx\r\n'],
  ['quotes and backslashes, plain characters in this format', 'q\tr\n"a\tb"\t"c\\"d"\n\\t\\n\t\'e\'\n"multi\nline"\tz\n'],
  ['unicode: accents, CJK and surrogate pairs', 'naïve\t名前\n😀x\t1\nç😀\t𝄞2\n'],
  ['rows shorter and longer than the header', 'a\tb\tc\n1\n1\t2\t3\t4\t5\n\t\t\n'],
  ['cells past the header', 'k\tv\na\t1\textra\tmore\n'],
  ['a blank line starts the comment', 'a\tb\n1\t2\n\nsome comment\n  \n'],
  ['a comment after a blank line', 'a\tb\n1\t2\n\nthis is\na comment\n'],
  ['the marker starts the comment', `a\tb\n1\t2\n${TABLE_COMMENT_MARKER}\nOutput is truncated\n`],
  ['a marker-like line that is a row', `a\tb\n${TABLE_COMMENT_MARKER}x\t2\n`],
  ['long ids and exponents', 'id\tx\n12345678901234567890\t1e5\n0012\t-3.25\n'],
  ['header only', 'a\tb'],
  ['header and line break only', 'a\tb\n'],
  ['empty header line', '\n1\n2\n'],
  ['nothing', ''],
  ...fixtureResults().map((f): [string, string] => [`fixture ${f.note} ${f.paragraphId}`, f.data]),
];

test.each(CASES)('the page reads %s from the worker\'s row index as the whole parse reads it', (_name, text) => {
  expect(cells(lineTable(text))).toEqual(cells(parseTableText(text)));
});

/** The worker's table of `text` fed in `chunks`, as a run's appends feed it. */
function fed(chunks: string[]): WorkerTable {
  const t = new WorkerTable();
  for (const c of chunks) t.append(c);
  return t;
}

test.each(CASES.filter(([name]) => !name.startsWith('fixture')))('a table fed in any chunks is indexed as the whole text is: %s', (_name, text) => {
  const whole = cells(lineTable(text));
  for (let i = 0; i <= text.length; i++) {
    const j = Math.min(text.length, i + 1 + (i % 3));
    const table = fed([text.slice(0, i), text.slice(i, j), text.slice(j)]);
    expect(table.length).toBe(text.length);
    expect([i, j, cells(lineTable(text, table.index()))]).toEqual([i, j, whole]);
  }
  expect(cells(lineTable(text, fed(Array.from(text)).index()))).toEqual(whole);
});

test('a large table fed in 64 KB appends reads cell for cell as the whole parse, rows drawn in any order', () => {
  const lines = ['id\tname\tamount\tcreated\tflag'];
  for (let i = 0; i < 20_000; i++) lines.push(`${i}\tname ${i % 101} ü\t${(i * 7919) % 100_000}.${i % 100}\t2024-01-0${1 + (i % 9)}T10:00:00Z\t${i % 2 === 0}`);
  const text = lines.join('\r\n') + '\r\n';
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += 65_536) chunks.push(text.slice(i, i + 65_536));
  const table = lineTable(text, fed(chunks).index());
  expect(table.rowCount).toBe(20_000);
  // Rows are read as the grid asks for them: a window far down first, then the top.
  expect(table.row(12_345)).toEqual([12_345, 'name 23 ü', Number(`${(12_345 * 7919) % 100_000}.45`), '2024-01-07T10:00:00Z', 'false']);
  expect(table.cell(0, 4)).toBe('true');
  expect(table.cell(20_000, 0)).toBeUndefined();
  expect(table.rows).toEqual(parseTableText(text).rows);
});

test('the worker sorts and pivots a table fed in chunks as the whole parse would', () => {
  const text = 'k\tv\nb\t2\na\t3\nc\t1\n';
  const table = fed([text.slice(0, 7), text.slice(7)]);
  expect(Array.from(table.order([{ col: 1, desc: false, type: 'number' }]))).toEqual([2, 0, 1]);
  table.append('d\t0\n');
  expect(Array.from(table.order([{ col: 1, desc: false, type: 'number' }]))).toEqual([3, 2, 0, 1]);
});

test('firstLines keeps the header and the first rows, and the whole text when it is shorter', () => {
  const text = 'h\n1\n2\n3\n';
  expect(firstLines(text, 2)).toBe('h\n1\n2');
  expect(firstLines(text, 10)).toBe(text);
  expect(parseTableText(firstLines(text, 2)).rows).toEqual([[1], [2]]);
});
