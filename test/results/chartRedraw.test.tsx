/**
 * A chart is pivoted and laid out again only when what it shows changes: the saved config coming back from the
 * server (a new object with the same content, as after every change of mode) or a parent's render must not make
 * recharts take the whole chart in again, which for a large chart is a long task of its own.
 */
import { render, waitFor } from '@testing-library/react';
import { ResultView } from '../../src/results/ResultView';
import type { ResultConfig } from '../../src/results/types';
import * as pivotModule from '../../src/results/pivot/pivot';
import * as chartData from '../../src/results/charts/chartData';

const DATA = `k\tg\tv\n${Array.from({ length: 60 }, (_, i) => `x${i % 20}\tg${i % 3}\t${i + 1}`).join('\n')}\n`;
const CONFIG: ResultConfig = {
  graph: {
    mode: 'multiBarChart', height: 300,
    keys: [{ name: 'k', index: 0, aggr: 'sum' }], groups: [{ name: 'g', index: 1, aggr: 'sum' }], values: [{ name: 'v', index: 2, aggr: 'sum' }],
  },
};

const RESULT = { type: 'TABLE', data: DATA };

function view(config: ResultConfig) {
  return <ResultView paragraphId="p1" index={0} result={RESULT} config={config} status="FINISHED" onConfigChange={() => undefined} />;
}

afterEach(() => jest.restoreAllMocks());

test('the same saved config in a new object neither pivots the table nor lays the chart out again', async () => {
  const pivots = jest.spyOn(pivotModule, 'pivot');
  const layouts = jest.spyOn(chartData, 'chartRows');
  const shown = render(view(CONFIG));
  await waitFor(() => expect(shown.container.querySelectorAll('.recharts-bar-rectangle').length).toBeGreaterThan(0));
  const [pivoted, laidOut] = [pivots.mock.calls.length, layouts.mock.calls.length];
  expect(pivoted).toBeGreaterThan(0);
  shown.rerender(view(JSON.parse(JSON.stringify(CONFIG)) as ResultConfig));
  shown.rerender(view(JSON.parse(JSON.stringify(CONFIG)) as ResultConfig));
  expect(pivots).toHaveBeenCalledTimes(pivoted);
  expect(layouts).toHaveBeenCalledTimes(laidOut);
});

test('a changed pivot is pivoted and laid out again', async () => {
  const layouts = jest.spyOn(chartData, 'chartRows');
  const shown = render(view(CONFIG));
  await waitFor(() => expect(shown.container.querySelectorAll('.recharts-bar-rectangle').length).toBeGreaterThan(0));
  const laidOut = layouts.mock.calls.length;
  shown.rerender(view({ graph: { ...CONFIG.graph, groups: [] } }));
  expect(layouts.mock.calls.length).toBeGreaterThan(laidOut);
  expect(shown.container.querySelector('figcaption')?.textContent).toMatch(/^Bar chart of 1 series over 20 x values/);
});
