/** @jest-environment node */
/** PostgreSQL's COPY text turned into `%jdbc` table lines, and those lines into the TABLE, without a database. */
import { CopyTextDecoder } from '../../server/interpreters/impl/jdbc/copyText';
import { copyStatement } from '../../server/interpreters/impl/jdbc/postgresCopy';
import { TableOutput } from '../../server/interpreters/impl/jdbc/tableOutput';
import { OutputCollector } from '../../server/interpreters/output';

/** What COPY writes for these rows (its escapes), and what the table shows for them. */
const COPY = Buffer.from([
  '1\ttab\\there\tline\\nfeed\\rreturn\t\\N\n',
  '2\tback\\\\slash\t\\\\N is text\tbs\\bff\\fvt\\v\n',
  '3\t\\N\t\\\\\\\\\tü→€ 😀\n',
].join(''));
const TABLE = [
  '1\ttab here\tline feed return\tnull\n',
  '2\tback\\slash\t\\N is text\tbs\bff\fvt\v\n',
  '3\tnull\t\\\\\tü→€ 😀\n',
].join('');

describe('CopyTextDecoder', () => {
  test('escapes, NULL and line breaks in values become the table\'s text', () => {
    const d = new CopyTextDecoder();
    expect(d.push(COPY)).toEqual({ text: TABLE, rows: 3 });
    expect(d.pending).toBe(0);
  });

  test('rows cut anywhere between two chunks, inside an escape or a multi-byte character, come out the same', () => {
    for (let cut = 0; cut <= COPY.length; cut++) {
      const d = new CopyTextDecoder();
      const a = d.push(COPY.subarray(0, cut));
      const b = d.push(COPY.subarray(cut));
      expect({ cut, text: a.text + b.text, rows: a.rows + b.rows }).toEqual({ cut, text: TABLE, rows: 3 });
      expect(d.pending).toBe(0);
    }
  });

  test('rows fed a byte at a time come out the same', () => {
    const d = new CopyTextDecoder();
    let text = '';
    let rows = 0;
    for (let i = 0; i < COPY.length; i++) {
      const r = d.push(COPY.subarray(i, i + 1));
      text += r.text;
      rows += r.rows;
    }
    expect({ text, rows }).toEqual({ text: TABLE, rows: 3 });
  });

  test('a chunk without a complete row waits; one without escapes is passed through', () => {
    const d = new CopyTextDecoder();
    expect(d.push(Buffer.from('1\tpart'))).toEqual({ text: '', rows: 0 });
    expect(d.pending).toBe(6);
    expect(d.push(Buffer.from('ial\n2\tplain\n3'))).toEqual({ text: '1\tpartial\n2\tplain\n', rows: 2 });
    expect(d.pending).toBe(1);
  });
});

describe('the COPY statement', () => {
  test('positional aliases, booleans cast to text, the row limit, and line breaks that end a trailing comment', () => {
    const fields = [{ name: 'a', dataTypeID: 23 }, { name: 'a', dataTypeID: 16 }];
    expect(copyStatement(fields, 'SELECT 1, true -- note', 6)).toBe('COPY (SELECT c1, c2::text FROM (\nSELECT 1, true -- note\n) AS q(c1, c2) LIMIT 6) TO STDOUT');
    expect(copyStatement(fields, 'SELECT 1, true', 1e30 + 1)).toMatch(/ LIMIT ALL\) TO STDOUT$/);
  });
});

describe('TableOutput given table lines', () => {
  test('lines are appended as they are; past max_count they are cut at a line and the notice follows', () => {
    const out = new OutputCollector(1_000_000, { slotStarted: () => undefined, appended: () => undefined, changed: () => undefined, sealed: () => undefined });
    const t = new TableOutput(out, 3);
    t.columns(['a', 'b']);
    expect(t.lines('1\tnull\n2\tx y\n', 2)).toBe(true);
    expect(t.lines('3\t3\n4\t4\n', 2)).toBe(false);
    t.end();
    const msgs = out.finish();
    expect(msgs.map((m) => m.type)).toEqual(['TABLE', 'HTML']);
    expect(msgs[0].data).toBe('a\tb\n1\tnull\n2\tx y\n3\t3\n');
    expect(msgs[1].data).toContain('<strong>Output is truncated</strong> to 3 rows. Learn more about <strong>common.max_count</strong>');
  });
});
