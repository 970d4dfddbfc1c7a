import { firstLines, parseTableParts, parseTableText, TABLE_COMMENT_MARKER, TableData } from '../../src/results/table/parseTable';
import { deserialize, serialize } from 'v8';
import { fixtureResults } from './fixtureResults';

// jsdom has no structuredClone; Node's serializer is the same algorithm.
const clone = <T>(x: T): T => deserialize(serialize(x)) as T;

/** Every cell of a table, row by row, with the comment: what the views can read from it. */
function cells(t: TableData): unknown {
  const rows = Array.from({ length: t.rowCount }, (_, r) => t.columns.map((c) => t.cell(r, c.index)));
  return { columns: t.columns, rowCount: t.rowCount, rows, comment: t.comment };
}

const SAMPLES: [string, string][] = [
  ['numbers and text', 'name\tcount\na\t12\nb\t24\nc\t18\n'],
  ['a comment after a blank line', 'a\tb\n1\t2\n\nthis is\na comment\n'],
  ['a comment after the marker', `a\tb\n1\t2\n${TABLE_COMMENT_MARKER}\nnote\n`],
  ['CRLF, short rows and empty cells', 'database\ttableName\tisTemporary\r\n\tbank\ttrue\r\nx\r\n'],
  ['cells past the header', 'k\tv\na\t1\textra\tmore\n'],
  ['no rows', 'a\tb'],
  ['nothing', ''],
  ['long ids and exponents', 'id\tx\n12345678901234567890\t1e5\n0012\t-3.25\n'],
  ...fixtureResults().map((f): [string, string] => [`fixture ${f.note} ${f.paragraphId}`, f.data]),
];

test.each(SAMPLES)('the worker\'s parse of %s reads the same cells as the parse on the page', (_name, text) => {
  // Through structured cloning, as the parts cross from the worker.
  const parts = clone(parseTableParts(text));
  expect(cells(TableData.fromParts(text, parts))).toEqual(cells(parseTableText(text)));
});

test('a large generated table reads the same both ways, rows and number columns alike', () => {
  const lines = ['category\tgroup\tvalue\tprice'];
  for (let i = 0; i < 20_000; i++) lines.push(`item${i % 97}\tg${i % 7}\t${(i * 7919) % 100_000}\t${((i * 31) % 10_000) / 100}`);
  const text = lines.join('\n') + '\n';
  const viaParts = TableData.fromParts(text, clone(parseTableParts(text)));
  const direct = parseTableText(text);
  expect(viaParts.rows).toEqual(direct.rows);
  expect([...viaParts.numberColumn(2)]).toEqual([...direct.numberColumn(2)]);
});

test('firstLines keeps the header and the first rows, and the whole text when it is shorter', () => {
  const text = 'h\n1\n2\n3\n';
  expect(firstLines(text, 2)).toBe('h\n1\n2');
  expect(firstLines(text, 10)).toBe(text);
  expect(parseTableText(firstLines(text, 2)).rows).toEqual([[1], [2]]);
});
