import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ResultView } from '../../src/results/ResultView';
import type { ResultConfig } from '../../src/results/types';
import { fixtureResults } from './fixtureResults';
import { pieSlices, piePercent, xTickFormatter, yDomain } from '../../src/results/charts/PivotChart';

const fixtures = fixtureResults();

function renderResult(config: ResultConfig | undefined, data: string, type = 'TABLE') {
  const onConfigChange = jest.fn<void, [ResultConfig]>();
  const utils = render(<ResultView paragraphId="p1" index={0} result={{ type, data }} config={config} status="FINISHED"
    dateFinished="2026-08-22 17:07:12.000" title="My result" onConfigChange={onConfigChange} />);
  return { ...utils, onConfigChange };
}

const MODES = [
  ['table', 'Table'], ['multiBarChart', 'Bar Chart'], ['pieChart', 'Pie Chart'], ['stackedAreaChart', 'Area Chart'],
  ['lineChart', 'Line Chart'], ['scatterChart', 'Scatter Chart'],
] as const;

test('the fixtures hold table, bar and area charts', () => {
  const modes = new Set(fixtures.map((f) => f.config.graph?.mode));
  expect([...modes].sort()).toEqual(['multiBarChart', 'stackedAreaChart', 'table']);
});

describe.each(fixtures.map((f) => [`${f.note} ${f.paragraphId}`, f] as const))('fixture %s', (_name, f) => {
  test('shows its saved mode and writes nothing until touched', () => {
    const before = JSON.stringify(f.config);
    const { container, onConfigChange } = renderResult(f.config, f.data);
    const mode = f.config.graph?.mode ?? 'table';
    const label = MODES.find(([m]) => m === mode)![1];
    expect(screen.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');
    if (mode === 'table') expect(screen.getByRole('grid')).toBeInTheDocument();
    else expect(container.querySelector('svg.recharts-surface')).not.toBeNull();
    expect(onConfigChange).not.toHaveBeenCalled();
    expect(JSON.stringify(f.config)).toBe(before);
  });

  test.each(MODES)('renders as %s from its saved config', async (mode) => {
    const config = { ...f.config, graph: { ...f.config.graph, mode } };
    const { container } = renderResult(config, f.data);
    if (mode === 'table') {
      expect(screen.getAllByRole('row').length).toBeGreaterThan(1);
    } else {
      // The chart library's chunk loads the first time a chart is shown.
      await waitFor(() => expect(container.querySelector('svg.recharts-surface')).not.toBeNull());
      expect(container.querySelector('figcaption')?.textContent).toMatch(/chart/i);
    }
  });
});

test('the bar chart of the bank tutorial draws one bar per age with the saved height', () => {
  const f = fixtures.find((x) => x.paragraphId === '20150210-015302_1492795503')!;
  const { container } = renderResult(f.config, f.data);
  expect(container.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(11);
  expect((container.querySelector('.result-chart-canvas') as HTMLElement).style.height).toBe('366px');
  expect(screen.getByText(/Bar chart of 1 series over 11 x values \(19 to 29\); value\(sum\) ranges from 3 to 103\./)).toBeInTheDocument();
  const fallback = container.querySelector('table.sr-only')!;
  expect(within(fallback as HTMLElement).getAllByRole('row')).toHaveLength(12);
});

test('the area chart fixture draws one area series', () => {
  const f = fixtures.find((x) => x.config.graph?.mode === 'stackedAreaChart')!;
  const { container } = renderResult(f.config, f.data);
  expect(container.querySelectorAll('.recharts-area')).toHaveLength(1);
});

test('the saved table state comes back: sorted by name descending', () => {
  const f = fixtures.find((x) => x.paragraphId === '20180118-122136_1299905608')!;
  renderResult(f.config, f.data);
  expect(screen.getByRole('columnheader', { name: /name/ })).toHaveAttribute('aria-sort', 'descending');
  // The saved column order puts count first.
  expect(screen.getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼⋮⧉]/g, '').trim())).toEqual(['count', 'name']);
  const cells = screen.getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('gridcell')[1].textContent);
  expect(cells).toEqual(['c', 'b', 'a']);
});

test('changing mode commits the whole config with only the mode changed', () => {
  const f = fixtures.find((x) => x.paragraphId === '20180530-132823_944494152')!;
  const { onConfigChange } = renderResult(f.config, f.data);
  fireEvent.click(screen.getByRole('button', { name: 'Pie Chart' }));
  expect(onConfigChange).toHaveBeenCalledTimes(1);
  const next = onConfigChange.mock.calls[0][0];
  expect(next).toEqual({ ...f.config, graph: { ...f.config.graph, mode: 'pieChart' } });
});

test('settings toggles optionOpen; the column selector and chart settings commit their changes', () => {
  const f = fixtures.find((x) => x.paragraphId === '20150210-015302_1492795503')!;
  const first = renderResult(f.config, f.data);
  fireEvent.click(screen.getByRole('button', { name: 'settings' }));
  expect(first.onConfigChange.mock.calls[0][0].graph?.optionOpen).toBe(true);
  first.unmount();
  const open = { ...f.config, graph: { ...f.config.graph, optionOpen: true } };
  const { onConfigChange } = renderResult(open, f.data);
  fireEvent.change(screen.getByRole('combobox', { name: 'Aggregation of value' }), { target: { value: 'avg' } });
  expect(onConfigChange.mock.calls[0][0].graph?.values).toEqual([{ name: 'value', index: 1, aggr: 'avg' }]);
  fireEvent.change(screen.getByRole('combobox', { name: 'Add column to Groups' }), { target: { value: '0' } });
  expect(onConfigChange.mock.calls[1][0].graph?.groups).toEqual([{ name: 'age', index: 0, aggr: 'sum' }]);
  fireEvent.click(screen.getByRole('button', { name: 'Stacked' }));
  expect(onConfigChange.mock.calls[2][0].graph?.setting).toEqual({ multiBarChart: { rotate: { degree: '-45' }, xLabelStatus: 'default', stacked: true } });
  fireEvent.click(screen.getByRole('button', { name: 'rotate' }));
  expect(onConfigChange).toHaveBeenCalledTimes(4);
  expect((onConfigChange.mock.calls[3][0].graph?.setting as Record<string, unknown>).multiBarChart).toMatchObject({ xLabelStatus: 'rotate' });
});

test('rotated labels get the 140 bottom margin and the saved degree; an empty degree resets to -45', () => {
  const data = 'k\tv\na\t1\nb\t2\n';
  const config = { graph: { mode: 'multiBarChart', optionOpen: true, setting: { multiBarChart: { xLabelStatus: 'rotate', rotate: { degree: '' } } } } };
  const { container, onConfigChange } = renderResult(config, data);
  // jsdom draws no tick text; the axis carries the angle and the height left by the 140 px margin.
  const axis = container.querySelector('.recharts-xAxis line');
  expect(axis?.getAttribute('angle')).toBe('-45');
  expect(axis?.getAttribute('height')).toBe('130');
  const input = screen.getByRole('textbox', { name: 'Rotation degree' });
  fireEvent.change(input, { target: { value: '' } });
  fireEvent.keyDown(input, { key: 'Enter' });
  expect(onConfigChange.mock.calls[0][0].graph?.setting).toMatchObject({ multiBarChart: { rotate: { degree: '-45' } } });
});

test('groups become series: one bar per non-empty x and group', () => {
  const data = 'k\tg\tv\na\tx\t1\na\ty\t2\nb\tx\t3\n';
  const pivotCfg = { keys: [{ name: 'k', index: 0, aggr: 'sum' as const }], groups: [{ name: 'g', index: 1, aggr: 'sum' as const }], values: [{ name: 'v', index: 2, aggr: 'sum' as const }] };
  const { container } = renderResult({ graph: { mode: 'multiBarChart', ...pivotCfg, setting: { multiBarChart: { stacked: true } } } }, data);
  expect(container.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(3);
  const fallback = container.querySelector('table.sr-only') as HTMLElement;
  expect(within(fallback).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['x', 'x', 'y']);
  expect(within(fallback).getAllByRole('row').map((r) => r.textContent)).toEqual(['xxy', 'a12', 'b30']);
});

test('pie chart: one slice per x, percent in the tooltip, no labels', () => {
  const { container } = renderResult({ graph: { mode: 'pieChart' } }, 'k\tv\na\t1\nb\t3\n');
  expect(container.querySelector('.recharts-pie')).not.toBeNull();
  expect(container.querySelector('.recharts-pie-labels')).toBeNull();
  const p = { xLabels: ['a', 'b'], series: [{ key: 'v(sum)', values: [1, 3] }] };
  expect(pieSlices(p)).toEqual([{ name: 'a', value: 1 }, { name: 'b', value: 3 }]);
  expect(pieSlices({ ...p, series: [...p.series, { key: 'w(sum)', values: [2, 2] }] }).map((s) => s.name)).toEqual(['a.v(sum)', 'a.w(sum)', 'b.v(sum)', 'b.w(sum)']);
  expect(piePercent(1, 4)).toBe('25.0%');
  expect(piePercent(0, 0)).toBe('0%');
});

test('line chart: force Y, zoom brush and date axis', () => {
  const data = 'when\tv\n2024-01-01 00:00:00\t5\n2024-01-02 00:00:00\t7\n';
  const { container } = renderResult({ graph: { mode: 'lineChart', setting: { lineChart: { forceY: true, lineWithFocus: true, isDateFormat: true, dateFormat: 'MM/DD' } } } }, data);
  expect(container.querySelector('.recharts-brush')).not.toBeNull();
  expect(container.querySelectorAll('.recharts-line')).toHaveLength(1);
  const setting = { forceY: true, isDateFormat: true, dateFormat: 'MM/DD' };
  expect(xTickFormatter('lineChart', setting)!('2024-01-02 00:00:00')).toBe('01/02');
  expect(xTickFormatter('lineChart', { isDateFormat: true })!('2024-01-02 03:04:05')).toBe('2024-01-02 03:04:05');
  expect(xTickFormatter('lineChart', setting)!('not a date')).toBe('not a date');
  expect(xTickFormatter('lineChart', {})).toBeUndefined();
  expect(yDomain('lineChart', setting)).toEqual([0, 'auto']);
  expect(yDomain('lineChart', {})).toBeUndefined();
});

test('scatter chart greys out size for discrete axes', () => {
  const data = 'name\tscore\tw\n' + Array.from({ length: 30 }, (_, i) => `n${i % 3}\t${i}\t${i}`).join('\n') + '\n';
  const { container } = renderResult({ graph: { mode: 'scatterChart', optionOpen: true, setting: { scatterChart: { xAxis: { name: 'name', index: 0 }, yAxis: { name: 'score', index: 1 } } } } }, data);
  expect(screen.getByRole('combobox', { name: 'Scatter size' })).toBeDisabled();
  expect(container.querySelectorAll('.recharts-scatter-symbol').length).toBe(30);
});

test('many points are downsampled with a visible notice', () => {
  const data = 'x\ty\n' + Array.from({ length: 5000 }, (_, i) => `k${i}\t${i % 100}`).join('\n') + '\n';
  renderResult({ graph: { mode: 'lineChart' } }, data);
  expect(screen.getByRole('note')).toHaveTextContent(/Showing \d+ of 5000 points/);
});

test('a hidden chart keeps its drawing until shown', () => {
  let callback: IntersectionObserverCallback = () => undefined;
  const io = jest.fn((cb: IntersectionObserverCallback) => { callback = cb; return { observe: jest.fn(), disconnect: jest.fn() }; });
  Object.defineProperty(window, 'IntersectionObserver', { configurable: true, value: io });
  try {
    const { container, rerender } = renderResult({ graph: { mode: 'multiBarChart' } }, 'k\tv\na\t1\n');
    act(() => callback([{ isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver));
    rerender(<ResultView paragraphId="p1" index={0} result={{ type: 'TABLE', data: 'k\tv\na\t1\nb\t2\nc\t3\n' }}
      config={{ graph: { mode: 'multiBarChart' } }} onConfigChange={jest.fn()} />);
    expect(container.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(1);
    act(() => callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(container.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(3);
  } finally {
    delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  }
});

test('network results offer Network and Table only, and show the graph and properties', async () => {
  const data = JSON.stringify({ nodes: [{ id: 1, label: 'User', data: { name: 'Ada' } }, { id: 2, label: 'User', data: { name: 'Bob' } }], edges: [{ source: 1, target: 2, label: 'KNOWS' }], labels: {}, directed: true });
  renderResult(undefined, data, 'NETWORK');
  expect(screen.getByRole('button', { name: 'Network' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.queryByRole('button', { name: 'Bar Chart' })).toBeNull();
  expect(await screen.findByTestId('cytoscape-mock')).toHaveTextContent('AdaBob');
  fireEvent.change(screen.getByLabelText('Select a node'), { target: { value: '1' } });
  expect(screen.getByRole('complementary', { name: 'Properties' })).toHaveTextContent('Node: Ada');
});

test('table results never offer Network; a broken network result shows a message', () => {
  renderResult(undefined, 'a\tb\n1\t2\n');
  expect(screen.queryByRole('button', { name: 'Network' })).toBeNull();
  renderResult(undefined, '{broken', 'NETWORK');
  expect(screen.getByRole('alert')).toHaveTextContent(/not JSON/);
});

test('other result types are left to the caller', () => {
  const { container } = renderResult(undefined, '<b>x</b>', 'HTML');
  expect(container).toBeEmptyDOMElement();
});

test('a committed change shows before the config comes back, and the next change builds on it', () => {
  const f = fixtures.find((x) => x.paragraphId === '20150210-015302_1492795503')!;
  const open = { ...f.config, graph: { ...f.config.graph, mode: 'table', optionOpen: true } };
  const { onConfigChange, rerender } = renderResult(open, f.data);
  fireEvent.click(screen.getByRole('checkbox', { name: 'Enable filter for columns' }));
  expect(screen.getByRole('checkbox', { name: 'Enable filter for columns' })).toBeChecked();
  fireEvent.click(screen.getByRole('checkbox', { name: 'Enable pagination for better navigation' }));
  expect(onConfigChange).toHaveBeenCalledTimes(2);
  const second = onConfigChange.mock.calls[1][0];
  expect((second.graph?.setting?.table as { tableOptionValue: unknown }).tableOptionValue).toMatchObject({ useFilter: true, showPagination: true });
  // The paragraph's config from the server (a new object) replaces the pending one, whatever it says.
  rerender(<ResultView paragraphId="p1" index={0} result={{ type: 'TABLE', data: f.data }} config={{ ...open }} status="FINISHED"
    title="My result" onConfigChange={onConfigChange} />);
  expect(screen.getByRole('checkbox', { name: 'Enable filter for columns' })).not.toBeChecked();
});
