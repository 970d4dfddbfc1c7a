/** "Link clicks to a form": the row behind a clicked bar, slice or point, and the saved link read back. */
import { formLinkOf, linkedValue } from '../../src/results/formLink';
import { pivot, rowOfMark, rowSource } from '../../src/results/pivot/pivot';
import { rowOfPoint, scatterData } from '../../src/results/charts/scatter';
import type { TableColumn } from '../../src/results/types';

const rows = [['EU', 'a', 10, 1], ['US', 'a', 20, 2], ['EU', 'b', 5, 3], ['APAC', 'b', 7, 4]];
const src = rowSource(rows);
const columns: TableColumn[] = ['region', 'kind', 'amount', 'n'].map((name, index) => ({ name, index, aggr: 'sum' }));
const ref = (i: number) => ({ name: columns[i].name, index: i });

test('a pivot mark (x label and series) leads to its first row, with and without groups', () => {
  const plain = { keys: [ref(0)], groups: [], values: [{ ...ref(2), aggr: 'sum' as const }] };
  const p = pivot(src, plain);
  expect(p.xLabels).toEqual(['EU', 'US', 'APAC']);
  expect(rowOfMark(src, plain, 'US', p.series[0].key)).toBe(1);
  expect(linkedValue(src, rowOfMark(src, plain, 'APAC', 'amount(sum)'), 3)).toBe('4');
  const grouped = { keys: [ref(0)], groups: [ref(1)], values: [{ ...ref(2), aggr: 'sum' as const }] };
  expect(pivot(src, grouped).series.map((s) => s.key)).toEqual(['a', 'b']);
  expect(rowOfMark(src, grouped, 'EU', 'b')).toBe(2);
  expect(rowOfMark(src, grouped, 'US', 'b')).toBe(-1);
  expect(linkedValue(src, -1, 0)).toBeNull();
});

test('a scatter point leads to the row it was drawn from', () => {
  const setting = { xAxis: ref(2), yAxis: ref(3), group: ref(1) };
  const d = scatterData(src, setting);
  const b = d.groups.find((g) => g.key === 'b')!;
  expect(rowOfPoint(src, setting, b.points[1], 'b')).toBe(3);
  expect(rowOfPoint(src, setting, b.points[1], 'a')).toBe(-1);
  const noGroup = { xAxis: ref(0), yAxis: ref(2) };
  const one = scatterData(src, noGroup).groups[0];
  expect(rowOfPoint(src, noGroup, one.points[1], one.key)).toBe(1);
});

test('the saved link counts only when whole and its column is in the result', () => {
  expect(formLinkOf({ linkToForm: { column: 'kind', form: 'k' } }, columns)).toEqual({ column: 'kind', form: 'k', index: 1 });
  expect(formLinkOf({ linkToForm: { column: 'gone', form: 'k' } }, columns)).toBeNull();
  expect(formLinkOf({ linkToForm: { column: 'kind', form: '' } }, columns)).toBeNull();
  expect(formLinkOf({}, columns)).toBeNull();
});
