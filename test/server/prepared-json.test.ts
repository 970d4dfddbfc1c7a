/** @jest-environment node */
/**
 * A large result's JSON encoding prepared while its text arrives (server/util/preparedJson.ts) and the final
 * PARAGRAPH put together from it (server/ws/frameBytes.ts): the frame's bytes are exactly encodeServerFrame's.
 */
import { encodeServerFrame, type Paragraph } from '../../protocol';
import { OutputCollector, type OutputEvents } from '../../server/interpreters/output';
import { dropPrepared, PREPARE_FROM, preparedFor } from '../../server/util/preparedJson';
import { encodeFrameBytes } from '../../server/ws/frameBytes';

const quiet: OutputEvents = { slotStarted: () => undefined, appended: () => undefined, changed: () => undefined, sealed: () => undefined };

/** Lines with everything JSON escapes or writes raw: tabs, quotes, backslashes, control characters, U+2028, non-ASCII. */
function line(i: number): string {
  return `${i}\tcustomer "${i}"\\\tü→€ 😀 \u2028\u0001\b\f\u000b\t${'x'.repeat(i % 50)}\n`;
}

function paragraphOf(out: OutputCollector): Paragraph {
  return {
    id: 'paragraph_1', text: '%pg\nselect "quoted"\t1', status: 'FINISHED', dateStarted: '2024-01-01T00:00:00+0000',
    results: { code: 'SUCCESS', msg: out.finish() },
  } as Paragraph;
}

const expected = (p: Paragraph, msgId?: string): string => encodeServerFrame('PARAGRAPH', { paragraph: p }, msgId);

describe('a large result\'s prepared encoding', () => {
  test('the final PARAGRAPH built from it is byte for byte the frame encoded at once', () => {
    const out = new OutputCollector(64 * 1024 * 1024, quiet);
    out.write('%text a note before the table\n');
    out.begin('TABLE', false);
    out.append('id\tname\n');
    let rows = 0;
    while (out.messages[1].data.length < PREPARE_FROM * 2) {
      let chunk = '';
      for (let k = 0; k < 100; k++) chunk += line(rows++);
      out.append(chunk);
    }
    out.message('HTML', '<div class="result-alert">"cut"</div>');
    const p = paragraphOf(out);
    const table = p.results?.msg?.[1];
    if (!table) throw new Error('no table');
    // The table's encoding was prepared (the small TEXT and HTML messages are encoded as before).
    expect(preparedFor(table, table.data)).toBeDefined();
    expect(preparedFor(p.results?.msg?.[0] as object, p.results?.msg?.[0].data ?? '')).toBeUndefined();
    expect(encodeFrameBytes('PARAGRAPH', { paragraph: p }).toString()).toBe(expected(p));
    expect(encodeFrameBytes('PARAGRAPH', { paragraph: p }, 'msg-1').toString()).toBe(expected(p, 'msg-1'));
  });

  test('every ASCII character, non-ASCII text and lone surrogates inside pieces are encoded as JSON.stringify does', () => {
    const ascii = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)).join('');
    const out = new OutputCollector(64 * 1024 * 1024, quiet);
    out.begin('TABLE', false);
    out.append(`${'z'.repeat(PREPARE_FROM)}\n`);
    for (const piece of [ascii, 'ü→€ 😀 \u2028\u2029\u00a0\n', `lone \ud800 here\n`, `and \udfff there\n`, `${ascii}\n`]) out.append(piece);
    const table = out.messages[0];
    const parts = preparedFor(table, table.data);
    expect(parts).toBeDefined();
    expect(Buffer.concat(parts ?? []).toString()).toBe(JSON.stringify(table.data).slice(1, -1));
  });

  test('a surrogate pair split between two appends, at a piece\'s end or at the first piece\'s, is encoded right', () => {
    for (const before of [PREPARE_FROM, PREPARE_FROM + 32 * 1024 - 1, PREPARE_FROM - 1]) {
      const out = new OutputCollector(64 * 1024 * 1024, quiet);
      out.begin('TABLE', false);
      out.append(`a\n${'y'.repeat(before)}`);
      out.append('😀'.slice(0, 1));
      out.append(`${'😀'.slice(1)}\n`);
      const p = paragraphOf(out);
      expect(encodeFrameBytes('PARAGRAPH', { paragraph: p }).toString()).toBe(expected(p));
    }
  });

  test('an output written a line at a time (200,000 lines) makes the same frame', () => {
    const out = new OutputCollector(64 * 1024 * 1024, quiet);
    for (let i = 1; i <= 200_000; i += 100) {
      let chunk = '';
      for (let k = i; k < i + 100; k++) chunk += `${k}\n`;
      out.write(chunk);
    }
    const p = paragraphOf(out);
    const text = p.results?.msg?.[0];
    if (!text) throw new Error('no text');
    expect(preparedFor(text, text.data)).toBeDefined();
    expect(encodeFrameBytes('PARAGRAPH', { paragraph: p }).toString()).toBe(expected(p));
  });

  test('a message whose text changed otherwise, or whose preparation was dropped, is encoded from its text', () => {
    const out = new OutputCollector(64 * 1024 * 1024, quiet);
    out.begin('TABLE', false);
    out.append(`a\tb\n${'1\t2\n'.repeat(PREPARE_FROM / 2)}`);
    const p = paragraphOf(out);
    const table = p.results?.msg?.[0];
    if (!table) throw new Error('no table');
    expect(preparedFor(table, table.data)).toBeDefined();
    table.data = `${table.data.slice(0, -4)}3\t4\n`;
    expect(encodeFrameBytes('PARAGRAPH', { paragraph: p }).toString()).toBe(expected(p));
    dropPrepared(table);
    expect(preparedFor(table, table.data)).toBeUndefined();
  });
});
