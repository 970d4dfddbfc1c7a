/** @jest-environment node */
import { numericValue, parseTableText, TABLE_COMMENT_MARKER, typeCellText } from '../../src/results/table/parseTable';
import { defaultPivot, normalizePivot, pivot, rowSource } from '../../src/results/pivot/pivot';
import { formatYTick } from '../../src/results/charts/axisFormat';
import { isDiscrete, isSizeAllowed, normalizeScatter, scatterData, SCATTER_JITTER } from '../../src/results/charts/scatter';
import { exportFileName, toDelimited, copyText, COPIED, COPY_NOT_SUPPORTED } from '../../src/results/table/exportTable';
import { aggregate, compareCells, matchesFilter, minColumnWidth, columnType } from '../../src/results/table/columnTypes';
import { validate, VALIDATE_ERROR } from '../../src/results/table/tableOptions';
import {
  bottomMargin, normalizeDegree, rotationDegree, transitionMs, withChartSetting, dateFormat,
} from '../../src/results/charts/chartSettings';
import { downsampleIndexes } from '../../src/results/charts/downsample';
import { chartRows, chartSummary } from '../../src/results/charts/chartData';
import { canAddToAxis, paramValues, parseParam } from '../../src/results/advanced/transformation';
import { effectiveMode, modesFor } from '../../src/results/modes';
import type { TableColumn } from '../../src/results/types';

describe('cell typing', () => {
  test.each([
    ['12', 12], ['-3.5', -3.5], ['1e3', 1000], ['.5', 0.5], ['123456789012345', 123456789012345], ['2.25', 2.25],
  ])('%s is the number %p', (text, n) => expect(typeCellText(text)).toBe(n));
  test.each([
    ['0'], ['007'], ['0.5'], ['+5'], ['12345678901234567'], ['abc'], [''], ['1,000'], ['12a'], [' 12'], ['-'], ['1e'],
    ['Infinity'], ['NaN'], ['1.2.3'], ['9999999999999999'], ['1e300'],
  ])('%p stays text', (text) => expect(typeCellText(text)).toBe(text));
  test('decimal parsing agrees with Number for many values', () => {
    for (let i = 1; i < 5000; i++) {
      const s = `${i * 37}.${String(i * 7919).slice(0, 1 + (i % 6))}`;
      expect(numericValue(s, 0, s.length)).toBe(Number(s));
      expect(numericValue(`-${s}`, 0, s.length + 1)).toBe(-Number(s));
    }
  });
  test('safe-integer limits: the largest safe integer is a number, one more digit stays text', () => {
    expect(typeCellText(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    // 17 characters: the length rule keeps it text before the range is even looked at.
    expect(typeCellText(String(Number.MIN_SAFE_INTEGER))).toBe(String(Number.MIN_SAFE_INTEGER));
    expect(typeCellText('-900719925474099')).toBe(-900719925474099);
    expect(typeCellText('9007199254740993')).toBe('9007199254740993');
  });
});

describe('table parsing', () => {
  test('header, typed rows, columns with index and default aggregation', () => {
    const t = parseTableText('name\tcount\na\t12\nb\t24\nc\t18\n');
    expect(t.columns).toEqual([{ name: 'name', index: 0, aggr: 'sum' }, { name: 'count', index: 1, aggr: 'sum' }]);
    expect(t.rows).toEqual([['a', 12], ['b', 24], ['c', 18]]);
    expect(t.comment).toBe('');
  });
  test('a blank line starts the comment block', () => {
    const t = parseTableText('a\tb\n1\t2\n\nthis is\na comment\n');
    expect(t.rows).toEqual([[1, 2]]);
    expect(t.comment).toBe('this is\na comment');
  });
  test('the table-comment marker starts the comment block', () => {
    const t = parseTableText(`a\tb\n1\t2\n${TABLE_COMMENT_MARKER}\nnote\n`);
    expect(t.rows).toEqual([[1, 2]]);
    expect(t.comment).toBe('note');
  });
  test('empty cells stay empty text; CRLF lines; short rows', () => {
    const t = parseTableText('database\ttableName\tisTemporary\r\n\tbank\ttrue\r\nx\r\n');
    expect(t.rows).toEqual([['', 'bank', 'true'], ['x']]);
    expect(t.cell(1, 1)).toBeUndefined();
  });
  test('empty text gives an empty table; header only gives no rows', () => {
    expect(parseTableText('').rows).toEqual([]);
    expect(parseTableText('a\tb').columns.map((c) => c.name)).toEqual(['a', 'b']);
    expect(parseTableText('a\tb').rows).toEqual([]);
  });
  test('repeated text values come back equal', () => {
    const t = parseTableText('k\nfoo\nbar\nfoo\n');
    expect(t.rows.map((r) => r[0])).toEqual(['foo', 'bar', 'foo']);
  });
});

const cols = (...names: string[]): TableColumn[] => names.map((name, index) => ({ name, index, aggr: 'sum' }));

describe('pivot', () => {
  const t = parseTableText('country\tgender\tcount\nUS\tm\t1\nUS\tf\t2\nCN\tm\t5\nUS\tm\t3\nCN\tf\tn/a\n');
  test('one key, one group, summed value; non-numeric counts 0; missing y is 0', () => {
    const r = pivot(t, { keys: [{ name: 'country', index: 0 }], groups: [{ name: 'gender', index: 1 }], values: [{ name: 'count', index: 2, aggr: 'sum' }] });
    expect(r.xLabels).toEqual(['US', 'CN']);
    expect(r.series).toEqual([{ key: 'm', values: [4, 5] }, { key: 'f', values: [2, 0] }]);
  });
  test.each([
    ['count', [3, 2]], ['avg', [2, 2.5]], ['min', [1, 0]], ['max', [3, 5]], ['sum', [6, 5]],
  ] as const)('%s', (aggr, values) => {
    const r = pivot(t, { keys: [{ name: 'country', index: 0 }], groups: [], values: [{ name: 'count', index: 2, aggr }] });
    expect(r.series).toEqual([{ key: `count(${aggr})`, values }]);
  });
  test('several keys join with a dot', () => {
    const r = pivot(t, { keys: [{ name: 'country', index: 0 }, { name: 'gender', index: 1 }], groups: [], values: [{ name: 'count', index: 2, aggr: 'sum' }] });
    expect(r.xLabels).toEqual(['US.m', 'US.f', 'CN.m', 'CN.f']);
    expect(r.series[0].values).toEqual([4, 2, 5, 0]);
  });
  test('works over plain row arrays', () => {
    const r = pivot(rowSource([['a', 1], ['a', 2]]), { keys: [{ name: 'k', index: 0 }], groups: [], values: [{ name: 'v', index: 1, aggr: 'sum' }] });
    expect(r).toEqual({ xLabels: ['a'], series: [{ key: 'v(sum)', values: [3] }] });
  });
  test('normalize drops duplicates and stale columns; default is first key, second value', () => {
    const c = cols('age', 'value');
    expect(normalizePivot({ keys: [], groups: [], values: [] }, c)).toEqual(defaultPivot(c));
    expect(defaultPivot(c)).toEqual({ keys: [{ name: 'age', index: 0, aggr: 'sum' }], groups: [], values: [{ name: 'value', index: 1, aggr: 'sum' }] });
    const n = normalizePivot({
      keys: [{ name: 'age', index: 0 }, { name: 'age', index: 0 }, { name: 'gone', index: 5 }],
      groups: [{ name: 'value', index: 0 }],
      values: [{ name: 'value', index: 1 }],
    }, c);
    expect(n).toEqual({ keys: [{ name: 'age', index: 0 }], groups: [], values: [{ name: 'value', index: 1, aggr: 'sum' }] });
  });
});

describe('y-axis ticks', () => {
  test.each([
    [0, '0'], [999, '999'], [1234, '1,234'], [1234.56789, '1,234.568'], [999999, '999,999'], [-4321.5, '-4,321.5'],
    [1e6, '1.00M'], [1234567, '1.23M'], [2.5e9, '2.50B'], [7.1e12, '7.10T'], [-3456789, '-3.46M'], [999.96e6, '1.00B'],
  ])('%p → %p', (v, s) => expect(formatYTick(v)).toBe(s));
});

describe('scatter rules', () => {
  test('discrete when a value is a non-numeric string or distinct values are under 5%', () => {
    expect(isDiscrete([1, 2, 'x'])).toBe(true);
    expect(isDiscrete(Array.from({ length: 100 }, (_, i) => i % 4))).toBe(true);
    expect(isDiscrete(Array.from({ length: 100 }, (_, i) => i % 5))).toBe(false);
    expect(isDiscrete(Array.from({ length: 100 }, (_, i) => i))).toBe(false);
  });
  test('size only for numeric values on non-discrete axes', () => {
    expect(isSizeAllowed([1, 2], false, false)).toBe(true);
    expect(isSizeAllowed([1, 'a'], false, false)).toBe(false);
    expect(isSizeAllowed([1, 2], true, false)).toBe(false);
  });
  test('defaults to the first two columns; stale references are dropped', () => {
    const c = cols('a', 'b', 'c');
    expect(normalizeScatter(undefined, c)).toEqual({ xAxis: { name: 'a', index: 0 }, yAxis: { name: 'b', index: 1 }, group: null, size: null });
    expect(normalizeScatter({ xAxis: { name: 'c', index: 2 }, yAxis: { name: 'zz', index: 1 } }, c).yAxis).toBeNull();
  });
  test('near-duplicates within the jitter quantum are dropped', () => {
    const rows = Array.from({ length: 40 }, (_, i) => [i, i * 2]);
    rows.push([5, 10 + 40 * 2 * SCATTER_JITTER * 0.1]);
    const d = scatterData(rowSource(rows), { xAxis: { name: 'x', index: 0 }, yAxis: { name: 'y', index: 1 } });
    expect(d.dropped).toBe(1);
    expect(d.groups[0].points).toHaveLength(40);
  });
  test('two discrete axes count duplicates into the bubble size', () => {
    const rows = [['a', 'x'], ['a', 'x'], ['b', 'y']];
    const d = scatterData(rowSource(rows), { xAxis: { name: 'k', index: 0 }, yAxis: { name: 'v', index: 1 } });
    expect(d.xDiscrete && d.yDiscrete).toBe(true);
    expect(d.groups[0].points.map((p) => [p.x, p.y, p.size])).toEqual([[0, 0, 2], [1, 1, 1]]);
    expect(d.xCategories).toEqual(['a', 'b']);
  });
  test('groups split points and size uses the column when allowed', () => {
    const rows = Array.from({ length: 30 }, (_, i) => [i, i * 3, i % 2 ? 'odd' : 'even', i + 1]);
    const d = scatterData(rowSource(rows), { xAxis: { name: 'x', index: 0 }, yAxis: { name: 'y', index: 1 }, group: { name: 'g', index: 2 }, size: { name: 's', index: 3 } });
    expect(d.groups.map((g) => g.key)).toEqual(['even', 'odd']);
    expect(d.sizeAllowed).toBe(true);
    expect(d.groups[1].points[0].size).toBe(2);
  });
});

describe('export', () => {
  test('CSV quotes what needs quoting; TSV keeps the shape', () => {
    const rows = [['a,b', 1], ['say "hi"', 2.5], ['line\nbreak', null]] as const;
    expect(toDelimited(['name', 'n'], rows.map((r) => [...r]), 'csv')).toBe('name,n\n"a,b",1\n"say ""hi""",2.5\n"line\nbreak",\n');
    expect(toDelimited(['name', 'n'], [['x\ty', 1]], 'tsv')).toBe('name\tn\nx y\t1\n');
  });
  test('file name from the title or "data" plus the finish time', () => {
    expect(exportFileName('My chart', '2026-08-22T17:07:12+0000', 'csv')).toMatch(/^My chart_2026-08-2\d_\d\d-07-12\.csv$/);
    expect(exportFileName(undefined, '2021-07-26 05:55:56.511', 'tsv')).toBe('data_2021-07-26_05-55-56.tsv');
    expect(exportFileName('  ', undefined, 'csv')).toBe('data.csv');
    expect(exportFileName('a/b', undefined, 'csv')).toBe('a_b.csv');
  });
  test('copy reports "Copied!" or "Not supported browser"', async () => {
    const got: string[] = [];
    await expect(copyText('x', { writeText: async (t: string) => { got.push(t); } })).resolves.toBe(COPIED);
    expect(got).toEqual(['x']);
    await expect(copyText('x', undefined)).resolves.toBe(COPY_NOT_SUPPORTED);
    await expect(copyText('x', { writeText: () => Promise.reject(new Error('denied')) })).resolves.toBe(COPY_NOT_SUPPORTED);
  });
});

describe('column types, filter, footer', () => {
  test('type-aware comparison', () => {
    expect(['10', '9', '100'].sort((a, b) => compareCells('number', a, b))).toEqual(['9', '10', '100']);
    expect(['10', '9', '100'].sort((a, b) => compareCells('string', a, b))).toEqual(['10', '100', '9']);
    expect(['2021-01-02 00:00:00', '2020-12-31 10:00:00'].sort((a, b) => compareCells('date', a, b))[0]).toBe('2020-12-31 10:00:00');
    expect([3, 'x', 1].sort((a, b) => compareCells('number', a, b))).toEqual([1, 3, 'x']);
  });
  test('unknown saved type reads as string', () => {
    expect(columnType({ a: 'number', b: 'weird' }, 'a')).toBe('number');
    expect(columnType({ a: 'number', b: 'weird' }, 'b')).toBe('string');
    expect(columnType(undefined, 'c')).toBe('string');
  });
  test('filters match literally, so regex characters do not throw', () => {
    expect(matchesFilter('a.b(c', '.b(')).toBe(true);
    expect(matchesFilter('abc', '[')).toBe(false);
    expect(matchesFilter('abc', 'a.c')).toBe(false);
    expect(matchesFilter(1234, '23')).toBe(true);
    expect(matchesFilter('ABC', 'b')).toBe(true);
  });
  test('footer aggregations', () => {
    const v = [1, 2, 'x', 3];
    expect(aggregate('count', v)).toBe(4);
    expect(aggregate('sum', v)).toBe(6);
    expect(aggregate('min', v)).toBe(1);
    expect(aggregate('max', v)).toBe(3);
    expect(aggregate('avg', v)).toBe(2);
    expect(aggregate('avg', [])).toBeNull();
  });
  test('minimum width is 150 or 10 per character', () => {
    expect(minColumnWidth('age')).toBe(150);
    expect(minColumnWidth('a'.repeat(20))).toBe(200);
  });
});

describe('grid option validators', () => {
  test('length checks with THRESHOLD, empty passes them, required catches it', () => {
    expect(validate('ab', [{ name: 'minLength', threshold: 3 }])).toEqual(['Please enter at least 3 characters.']);
    expect(validate('abcd', [{ name: 'maxLength', threshold: 3 }])).toEqual(['Please enter no more than 3 characters.']);
    expect(validate('', [{ name: 'minLength', threshold: 3 }, { name: 'maxLength', threshold: 1 }])).toEqual([]);
    expect(validate('', [{ name: 'required' }])).toEqual(['This field is required.']);
    expect(validate('abc', [{ name: 'required' }, { name: 'minLength', threshold: 3 }])).toEqual([]);
  });
  test('an unknown validator is an error', () => {
    expect(() => validate('x', [{ name: 'pattern' }])).toThrow('Invalid validator name: pattern');
    expect(VALIDATE_ERROR).toBe('validate.error');
  });
});

describe('chart settings', () => {
  test('degree defaults and empty reset', () => {
    expect(normalizeDegree('')).toBe('-45');
    expect(normalizeDegree('  ')).toBe('-45');
    expect(normalizeDegree(undefined)).toBe('-45');
    expect(normalizeDegree('30')).toBe('30');
    expect(rotationDegree({ rotate: { degree: '' } })).toBe(-45);
  });
  test('bottom margin 50, 140 when rotated; transition 300 or 0 past 150 points', () => {
    expect(bottomMargin({})).toBe(50);
    expect(bottomMargin({ xLabelStatus: 'rotate' })).toBe(140);
    expect(bottomMargin({ xLabelStatus: 'hide' })).toBe(50);
    expect(transitionMs(150)).toBe(300);
    expect(transitionMs(151)).toBe(0);
  });
  test('date format default', () => {
    expect(dateFormat({})).toBe('YYYY-MM-DD HH:mm:ss');
    expect(dateFormat({ dateFormat: 'YYYY' })).toBe('YYYY');
  });
  test('a setting patch keeps the other saved fields', () => {
    const g = { mode: 'multiBarChart', setting: { table: { x: 1 }, multiBarChart: { rotate: { degree: '-45' }, xLabelStatus: 'default' } } };
    expect(withChartSetting(g, 'multiBarChart', { stacked: true })).toEqual({
      mode: 'multiBarChart', setting: { table: { x: 1 }, multiBarChart: { rotate: { degree: '-45' }, xLabelStatus: 'default', stacked: true } },
    });
  });
  test('downsampling keeps peaks and a notice-worthy count', () => {
    const ys = Array.from({ length: 10000 }, (_, i) => (i === 5003 ? 1e6 : i % 7));
    const idx = downsampleIndexes(ys.length, ys, 1000);
    expect(idx.length).toBeLessThanOrEqual(1000);
    expect(idx).toContain(5003);
    expect(downsampleIndexes(10, ys, 1000)).toHaveLength(10);
    const rows = chartRows({ xLabels: ys.map(String), series: [{ key: 'v', values: ys }] }, 1000);
    expect(rows.downsampled).toBe(true);
    expect(rows.total).toBe(10000);
  });
  test('summary names kind, size and range', () => {
    expect(chartSummary('Bar chart', { xLabels: ['19', '20', '21'], series: [{ key: 'value(sum)', values: [4, 3, 7] }] }))
      .toBe('Bar chart of 1 series over 3 x values (19 to 21); value(sum) ranges from 3 to 7.');
  });
});

describe('advanced transformation and modes', () => {
  test('parameter value types', () => {
    expect(parseParam('42', { valueType: 'int', defaultValue: 0 })).toBe(42);
    expect(parseParam('x', { valueType: 'int', defaultValue: 7 })).toBe(7);
    expect(parseParam('1.5', { valueType: 'float', defaultValue: 0 })).toBe(1.5);
    expect(parseParam(true, { valueType: 'boolean', defaultValue: false })).toBe(true);
    expect(parseParam('false', { valueType: 'boolean', defaultValue: true })).toBe(false);
    expect(parseParam('{"a":[1]}', { valueType: 'JSON', defaultValue: null })).toEqual({ a: [1] });
    expect(parseParam('{bad', { valueType: 'JSON', defaultValue: null })).toBeNull();
    expect(parseParam('s', { valueType: 'string', defaultValue: '' })).toBe('s');
  });
  test('saved values win over defaults; axes respect their limit', () => {
    expect(paramValues([{ name: 'a', valueType: 'int', defaultValue: 1, widget: 'input' }, { name: 'b', valueType: 'int', defaultValue: 2, widget: 'input' }], { a: 5 }))
      .toEqual({ a: 5, b: 2 });
    expect(canAddToAxis({ name: 'x', axisType: 'key', maxAxisCount: 1 }, [{ name: 'a', index: 0 }])).toBe(false);
    expect(canAddToAxis({ name: 'y', axisType: 'aggregator' }, [{ name: 'a', index: 0 }])).toBe(true);
  });
  test('network mode only for network results', () => {
    expect(modesFor('TABLE')).not.toContain('network');
    expect(modesFor('NETWORK')).toContain('network');
    expect(effectiveMode('TABLE', 'network')).toBe('table');
    expect(effectiveMode('TABLE', 'pieChart')).toBe('pieChart');
    expect(effectiveMode('NETWORK', undefined)).toBe('network');
    expect(effectiveMode('NETWORK', 'table')).toBe('table');
  });
});
