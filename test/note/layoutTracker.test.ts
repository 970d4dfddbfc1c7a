/** The result frame's layout tracker: the heights it gives the placeholders of HTML results. */
import { LayoutTracker } from '../../src/pages/note/results/layoutTracker';

test('a result not reported yet has no height; a reported one has the reported height, kept within bounds', () => {
  const t = new LayoutTracker();
  expect(t.height('never-seen_0')).toBe(0);
  t.setHeights({ 'p1_0': 120, 'p1_1': Number.NaN, 'p1_2': -5, 'p1_3': 1e9 });
  expect(t.height('p1_0')).toBe(120);
  expect(t.height('p1_1')).toBe(0);
  expect(t.height('p1_2')).toBe(0);
  expect(t.height('p1_3')).toBe(20000);
});

test('a note opened again starts from the heights its results last had; the new report still decides', () => {
  const first = new LayoutTracker();
  first.setHeights({ 'p2_0': 300 });
  const again = new LayoutTracker();
  expect(again.height('p2_0')).toBe(300);
  again.setHeights({ 'p2_0': 180 });
  expect(again.height('p2_0')).toBe(180);
  expect(new LayoutTracker().height('p2_0')).toBe(180);
});

test('the new report wins over a remembered height even when it is zero', () => {
  new LayoutTracker().setHeights({ 'p3_0': 90 });
  const t = new LayoutTracker();
  t.setHeights({ 'p3_0': 0 });
  expect(t.height('p3_0')).toBe(0);
});
