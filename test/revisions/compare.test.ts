import type { Note, Paragraph } from '../../protocol';
import { compareNotes, diffHtml, diffParagraph, labelOf } from '../../src/revisions/compare';

const para = (id: string, text: string, output?: string, title?: string): Paragraph => ({
  id, text, ...(title ? { title } : {}),
  ...(output === undefined ? {} : { results: { code: 'SUCCESS', msg: [{ type: 'TEXT', data: output }] } }),
});
const note = (...paragraphs: Paragraph[]): Note => ({ id: 'N', paragraphs });

describe('compareNotes', () => {
  test('matches paragraphs by id: added, deleted, changed, identical', () => {
    const first = note(para('same', '%md a', 'A'), para('gone', '%md old'), para('text', '%sh echo 1'), para('out', '%sh date', 'Mon'));
    const second = note(para('out', '%sh date', 'Tue'), para('same', '%md a', 'A'), para('text', '%sh echo 2'), para('new', '%md fresh', undefined, 'Fresh one'));
    expect(compareNotes(first, second).map((c) => [c.id, c.change, c.label])).toEqual([
      ['out', 'there are differences', '%sh date'],
      ['same', 'contents are identical', '%md a'],
      ['text', 'there are differences', '%sh echo 2'],
      ['new', 'added', 'Fresh one'],
      ['gone', 'deleted', '%md old'],
    ]);
  });

  test('run metadata alone is no difference', () => {
    const a = { ...para('p', '%md x', 'X'), dateStarted: '2026-01-01 10:00:00.000', status: 'FINISHED' } as Paragraph;
    const b = { ...para('p', '%md x', 'X'), dateStarted: '2026-02-01 10:00:00.000', status: 'ERROR' } as Paragraph;
    expect(compareNotes(note(a), note(b))[0].change).toBe('contents are identical');
  });

  test('labels: title, else first non-blank line, else id', () => {
    expect(labelOf(para('p', '\n\n  %md hello\nmore'))).toBe('%md hello');
    expect(labelOf(para('p', '', undefined, 'T'))).toBe('T');
    expect(labelOf(para('p1', ''))).toBe('p1');
  });
});

describe('diffParagraph', () => {
  test('text and results diffs, rendered by jsondiffpatch', () => {
    const d = diffParagraph(para('p', 'print(1)', 'one'), para('p', 'print(2)', 'two'));
    expect(d.text).toBeDefined();
    expect(d.results).toBeDefined();
    const html = diffHtml(d.text, ['print(1)']);
    expect(html).toContain('jsondiffpatch-added');
    expect(html).toContain('print(2)');
    expect(diffHtml(d.results, { code: 'SUCCESS', msg: [{ type: 'TEXT', data: 'one' }] })).toContain('jsondiffpatch');
  });

  test('text is compared line by line: kept lines stay in view, a changed line is deleted and added', () => {
    const before = 'import os\nprint(1)\nprint(3)';
    const after = 'import os\nprint(2)\nprint(3)\nprint(4)';
    const html = diffHtml(diffParagraph(para('p', before), para('p', after)).text, before.split('\n'));
    const rows = [...html.matchAll(/<li class="jsondiffpatch-(\w+)"[^>]*>.*?<pre>&quot;(.*?)&quot;<\/pre>/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(rows).toEqual(['unchanged import os', 'deleted print(1)', 'added print(2)', 'unchanged print(3)', 'added print(4)']);
  });

  test('identical paragraphs have no delta; an added one diffs against nothing', () => {
    expect(diffParagraph(para('p', 'x', 'y'), para('p', 'x', 'y'))).toEqual({ text: undefined, results: undefined });
    expect(diffParagraph(undefined, para('p', 'new text')).text).toBeDefined();
    expect(diffHtml(undefined, '')).toBe('');
  });

  test('markup in a paragraph is escaped in the rendered diff', () => {
    const html = diffHtml(diffParagraph(para('p', '<b>a</b>'), para('p', '<img src=x onerror=alert(1)>')).text, ['<b>a</b>']);
    expect(html).not.toContain('<img');
  });
});
