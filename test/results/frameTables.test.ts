/** @jest-environment node */
/**
 * Which decoded frames the table worker hands to the page, and which tables it starts reading for it.
 */
import { frameText, mostlyText } from '../../src/results/table/frameTables';
import { WORKER_FRAME_MIN_CHARS } from '../../src/app/workerSocket';
import { mostlyLongStrings } from '../../src/results/table/socketHost';

const table = (rows: number): string => ['a\tb', ...Array.from({ length: rows }, (_, i) => `x${i}\t${i}`)].join('\n');

describe('frameText', () => {
  test('finds every large TABLE result of a note, in order, and leaves small ones and other types alone', () => {
    const big1 = table(60_000);
    const big2 = table(70_000);
    const note = {
      note: {
        paragraphs: [
          { id: 'p1', results: { code: 'SUCCESS', msg: [{ type: 'TEXT', data: big1 }, { type: 'TABLE', data: big1 }] } },
          { id: 'p2', results: { code: 'SUCCESS', msg: [{ type: 'TABLE', data: table(3) }] } },
          { id: 'p3', results: { code: 'SUCCESS', msg: [{ type: 'TABLE', data: big2 }] } },
        ],
      },
    };
    const t = frameText(note, 100_000);
    expect(t.tables).toEqual([big1, big2]);
    expect(t.tables[0]).toBe(big1);
    expect(t.longChars).toBe(2 * big1.length + big2.length);
  });

  test('a table exactly at the limit is not a large one (the views read it on the page)', () => {
    const text = table(20);
    expect(frameText({ type: 'TABLE', data: text }, text.length).tables).toEqual([]);
    expect(frameText({ type: 'TABLE', data: text }, text.length - 1).tables).toEqual([text]);
  });

  test('a frame mostly of one long result is text; a note of thousands of small paragraphs is not', () => {
    const result = JSON.stringify({ op: 'PARAGRAPH', data: { paragraph: { id: 'p', results: { msg: [{ type: 'TABLE', data: table(100_000) }] } } } });
    const parsed = JSON.parse(result) as { data: unknown };
    expect(mostlyText(frameText(parsed.data, 500_000), result.length)).toBe(true);
    const paragraphs = Array.from({ length: 5000 }, (_, i) => ({ id: `p${i}`, text: `%md\n# ${i}`, results: { msg: [{ type: 'HTML', data: `<p>${i}</p>` }] } }));
    const note = JSON.stringify({ op: 'NOTE', data: { note: { id: 'n', paragraphs } } });
    const parsedNote = JSON.parse(note) as { data: unknown };
    expect(note.length).toBeGreaterThan(WORKER_FRAME_MIN_CHARS / 10);
    expect(mostlyText(frameText(parsedNote.data, 500_000), note.length)).toBe(false);
  });
});

describe('mostlyLongStrings (the worker socket\'s look at a frame before parsing it)', () => {
  test('judges a result frame and a note of thousands of small paragraphs as mostlyText does after parsing', () => {
    const result = JSON.stringify({ op: 'PARAGRAPH', data: { paragraph: { id: 'p', results: { msg: [{ type: 'TABLE', data: table(100_000) }] } } } });
    expect(mostlyLongStrings(result)).toBe(true);
    expect(mostlyText(frameText((JSON.parse(result) as { data: unknown }).data, 500_000), result.length)).toBe(true);
    const paragraphs = Array.from({ length: 5000 }, (_, i) => ({ id: `p${i}`, text: `%md\n# ${i}`, results: { msg: [{ type: 'HTML', data: `<p>${i}</p>` }] } }));
    const note = JSON.stringify({ op: 'NOTE', data: { note: { id: 'n', paragraphs } } });
    expect(mostlyLongStrings(note)).toBe(false);
  });

  test('a long string beside as much of small objects is not mostly text; more of it is', () => {
    const objects = (n: number): unknown[] => Array.from({ length: n }, (_, i) => ({ id: `p${i}`, status: 'READY' }));
    const text = 'x'.repeat(1_000_000);
    const half = JSON.stringify({ op: 'NOTE', data: { a: text, b: objects(40_000) } });
    const most = JSON.stringify({ op: 'NOTE', data: { a: text, b: objects(10_000) } });
    expect(half.length).toBeGreaterThan(2 * text.length);
    expect(mostlyLongStrings(half)).toBe(false);
    expect(mostlyLongStrings(most)).toBe(true);
  });
});

describe('WorkerTable shared by two streams (a result sent again whole)', () => {
  test('a copy reads the same text, and appending to the copy leaves the original as it was', async () => {
    const { WorkerTable } = await import('../../src/results/table/workerTable');
    const original = new WorkerTable();
    original.append('a\tb\nx\t1\n');
    original.append('y\t2\n');
    expect(original.text()).toBe('a\tb\nx\t1\ny\t2\n');
    expect(original.length).toBe(original.text().length);
    const copy = original.copy();
    copy.append('z\t3\n');
    expect(copy.index().rowCount).toBe(3);
    expect(original.index().rowCount).toBe(2);
    expect(Array.from(original.order([{ col: 1, desc: true, type: 'number' }]))).toEqual([1, 0]);
  });
});
