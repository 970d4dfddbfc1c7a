/** Generated notes for the note-size benchmarks: every fifth paragraph markdown, the others %python with 20 lines of output. */
import type { Note, Paragraph } from '../protocol';

export function benchParagraph(i: number): Paragraph {
  const lines = Array.from({ length: 20 }, (_, k) => `row ${k} of paragraph ${i}: ${'x'.repeat(40)}`).join('\n');
  const html = i % 5 === 0;
  return {
    id: `bench_${i}`, text: html ? `%md\n# Section ${i}\nSome *markdown* text.` : `%python\nfor k in range(20):\n    print(k)  # ${i}`,
    status: 'FINISHED', config: html ? { editorHide: true, editorSetting: { language: 'markdown', editOnDblClick: true } } : { editorSetting: { language: 'python', editOnDblClick: false } },
    settings: { params: {}, forms: {} }, user: 'anonymous', dateStarted: '2026-08-22T10:00:00+0000', dateFinished: '2026-08-22T10:00:02+0000',
    dateUpdated: '2026-08-22T09:59:00+0000',
    results: { code: 'SUCCESS', msg: [html ? { type: 'HTML', data: `<h1>Section ${i}</h1><p>Some <em>markdown</em> text.</p>` } : { type: 'TEXT', data: lines }] },
  };
}

export const benchNote = (id: string, n: number): Note =>
  ({ id, name: `bench ${n}`, config: { looknfeel: 'default' }, info: {}, paragraphs: Array.from({ length: n }, (_, i) => benchParagraph(i)) }) as Note;
