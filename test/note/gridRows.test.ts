/** @jest-environment node */
/** Paragraphs in the rows the note's 12-column grid puts them in, which is what the note page windows by. */
import { colWidthOf, effectiveConfig, gridRows } from '../../slices/domain/noteModel';
import type { ParagraphConfig } from '../../protocol';

test('paragraphs share a row while their widths fit in 12 columns, as CSS grid auto-placement puts them', () => {
  const widths: Record<string, number> = { a: 12, b: 6, c: 6, d: 4, e: 4, f: 6, g: 12, h: 8, i: 8 };
  expect(gridRows(Object.keys(widths), (id) => widths[id])).toEqual([['a'], ['b', 'c'], ['d', 'e'], ['f'], ['g'], ['h'], ['i']]);
  expect(gridRows([], () => 12)).toEqual([]);
});

test('a paragraph\'s column width is read alone, by the rule its whole effective config uses', () => {
  const cases: [ParagraphConfig | undefined, number][] = [
    [undefined, 12], [{}, 12], [{ colWidth: 6 }, 6], [{ colWidth: '4' as unknown as number }, 4], [{ colWidth: 0 }, 12],
    [{ colWidth: 13 }, 12], [{ colWidth: 2.6 }, 3], [{ colWidth: undefined }, 12], [{ colWidth: 'wide' as unknown as number }, 12],
    [{ fontSize: 12 }, 12],
  ];
  for (const [c, width] of cases) expect([c, colWidthOf(c), effectiveConfig(c).colWidth]).toEqual([c, width, width]);
});
