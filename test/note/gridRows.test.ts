/** @jest-environment node */
/** Paragraphs in the rows the note's 12-column grid puts them in, which is what the note page windows by. */
import { colWidthOf, effectiveConfig, gridRows } from '../../slices/domain/noteModel';
import type { ParagraphConfig } from '../../protocol';

test('paragraphs share a row while their widths fit in 12 columns, as CSS grid auto-placement puts them', () => {
  const widths: Record<string, number> = { a: 12, b: 6, c: 6, d: 4, e: 4, f: 6, g: 12, h: 8, i: 8 };
  expect(gridRows(Object.keys(widths), (id) => widths[id])).toEqual([['a'], ['b', 'c'], ['d', 'e'], ['f'], ['g'], ['h'], ['i']]);
  expect(gridRows([], () => 12)).toEqual([]);
});

test('a paragraph\'s column width alone is what its whole effective config says', () => {
  const configs: (ParagraphConfig | undefined)[] = [
    undefined, {}, { colWidth: 6 }, { colWidth: '4' as unknown as number }, { colWidth: 0 }, { colWidth: 13 }, { colWidth: 2.6 },
    { colWidth: undefined }, { colWidth: 'wide' as unknown as number }, { fontSize: 12 },
  ];
  for (const c of configs) expect([c, colWidthOf(c)]).toEqual([c, effectiveConfig(c).colWidth]);
});
