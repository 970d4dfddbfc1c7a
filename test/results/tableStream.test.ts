import { parseTableParts, TABLE_COMMENT_MARKER, TableData, type TableParts } from '../../src/results/table/parseTable';
import { TableStream } from '../../src/results/table/tableStream';

/** Parts as plain arrays, so that toEqual compares every cell and position. */
const plain = (p: TableParts) => ({
  columns: p.columns, rowCount: p.rowCount, comment: p.comment,
  numbers: p.numbers.map((a) => Array.from(a)), starts: p.starts.map((a) => Array.from(a)), ends: p.ends.map((a) => Array.from(a)),
});

function streamed(chunks: string[]): TableParts {
  const s = new TableStream();
  for (const c of chunks) s.append(c);
  return s.parts(true);
}

/** Every way of cutting `text` in two, and in three around each cut. */
function expectEveryCutAgrees(text: string): void {
  const whole = plain(parseTableParts(text));
  for (let i = 0; i <= text.length; i++) {
    expect([i, plain(streamed([text.slice(0, i), text.slice(i)]))]).toEqual([i, whole]);
    const j = Math.min(text.length, i + 1 + (i % 3));
    expect([i, j, plain(streamed([text.slice(0, i), text.slice(i, j), text.slice(j)]))]).toEqual([i, j, whole]);
  }
  expect(plain(streamed(Array.from(text)))).toEqual(whole);
}

const CASES: Record<string, string> = {
  'plain rows with numbers and text': 'name\tvalue\tprice\nalpha\t1\t2.5\nbeta\t-3\t1e3\ngamma\t007\t\n',
  'no line break at the end': 'a\tb\n1\t2\n3\tfour',
  'CRLF line breaks': 'a\tb\r\n1\tx\r\n2\ty\r\n',
  'a CR at the very end': 'a\tb\r\n1\t2\r',
  'quotes and backslashes, plain characters in this format': 'q\tr\n"a\tb"\t"c\\"d"\n\\t\\n\t\'e\'\n"multi\nline"\tz\n',
  'unicode: accents, CJK and surrogate pairs': 'naïve\t名前\n😀x\t1\nç😀\t𝄞2\n',
  'rows shorter and longer than the header': 'a\tb\tc\n1\n1\t2\t3\t4\t5\n\t\t\n',
  'a blank line starts the comment': 'a\tb\n1\t2\n\nsome comment\n  \n',
  'the marker starts the comment': `a\tb\n1\t2\n${TABLE_COMMENT_MARKER}\nOutput is truncated\n`,
  'a marker-like line that is a row': `a\tb\n${TABLE_COMMENT_MARKER}x\t2\n`,
  'header only': 'a\tb',
  'header and line break only': 'a\tb\n',
  'empty header line': '\n1\n2\n',
  empty: '',
};

test.each(Object.entries(CASES))('a table streamed in any chunks reads as the whole text does: %s', (_name, text) => {
  expectEveryCutAgrees(text);
});

test('before the end, a stream holds exactly the complete lines read so far', () => {
  const text = 'a\tb\n1\tx\n2\ty\n3\tz';
  const s = new TableStream();
  s.append('a\tb\n1\tx\n2\t');
  expect(plain(s.parts(false))).toEqual(plain(parseTableParts('a\tb\n1\tx\n')));
  s.append('y\n3\tz');
  expect(plain(s.parts(false))).toEqual(plain(parseTableParts('a\tb\n1\tx\n2\ty\n')));
  expect(s.length).toBe(text.length);
  expect(plain(s.parts(true))).toEqual(plain(parseTableParts(text)));
});

test('a large table streamed in 64 KB frames reads cell for cell as the whole text does, its text cells sliced from the whole', () => {
  const lines = ['id\tname\tamount\tcreated\tflag'];
  for (let i = 0; i < 20_000; i++) lines.push(`${i}\tname ${i % 101} ü\t${(i * 7919) % 100_000}.${i % 100}\t2024-01-0${1 + (i % 9)}T10:00:00Z\t${i % 2 === 0}`);
  const text = lines.join('\r\n') + '\r\n';
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += 65_536) chunks.push(text.slice(i, i + 65_536));
  const parts = streamed(chunks);
  expect(plain(parts)).toEqual(plain(parseTableParts(text)));
  const table = TableData.fromParts(text, parts);
  expect(table.rowCount).toBe(20_000);
  expect(table.row(12_345)).toEqual([12_345, 'name 23 ü', Number(`${(12_345 * 7919) % 100_000}.45`), '2024-01-07T10:00:00Z', 'false']);
});
