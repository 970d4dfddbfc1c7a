/**
 * Reading Monaco's colorizer answer into coloured runs (src/editor/colorizedLines.ts). The first answer is Monaco's
 * own for a sample note paragraph (recorded from the running page), with its spaces as no-break spaces.
 */
import { colorizedLines, plainLines } from '../../src/editor/colorizedLines';

const NBSP = '\u00a0';
const recorded = '<span><span class="mtk1">%python.ipython</span></span><br/><span><span></span></span><br/>'
  + `<span><span class="mtk8">import</span><span class="mtk1">${NBSP}sys</span></span><br/><span><span></span></span><br/>`
  + '<span><span class="mtk8">help</span><span class="mtk1">(sys)</span></span><br/>';

test("Monaco's answer becomes one list of runs per line, with its classes and the text's own spaces", () => {
  expect(colorizedLines(recorded, '%python.ipython\n\nimport sys\n\nhelp(sys)')).toEqual([
    [{ text: '%python.ipython', className: 'mtk1' }],
    [],
    [{ text: 'import', className: 'mtk8' }, { text: ' sys', className: 'mtk1' }],
    [],
    [{ text: 'help', className: 'mtk8' }, { text: '(sys)', className: 'mtk1' }],
  ]);
});

test('a line whose runs do not spell it (a tab the colorizer expanded) stays plain; the other lines keep their colours', () => {
  const html = `<span><span class="mtk1">${NBSP.repeat(4)}x</span></span><br/><span><span class="mtk8">import</span></span><br/>`;
  expect(colorizedLines(html, '\tx\nimport')).toEqual([[{ text: '\tx' }], [{ text: 'import', className: 'mtk8' }]]);
});

test('markup in the text stays text, and only token classes are kept', () => {
  const html = '<span><span class="mtk1 other">&lt;img src=x onerror=alert(1)&gt;</span></span><br/>';
  const lines = colorizedLines(html, '<img src=x onerror=alert(1)>');
  expect(lines).toEqual([[{ text: '<img src=x onerror=alert(1)>', className: 'mtk1' }]]);
});

test('an answer with fewer lines than the text leaves the rest plain; plainLines splits the same way', () => {
  expect(colorizedLines('<span><span class="mtk1">a</span></span><br/>', 'a\nb')).toEqual([[{ text: 'a', className: 'mtk1' }], [{ text: 'b' }]]);
  expect(plainLines('a\n\nb')).toEqual([[{ text: 'a' }], [{ text: '' }], [{ text: 'b' }]]);
});
