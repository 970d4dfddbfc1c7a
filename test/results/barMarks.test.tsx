/**
 * Large bar charts (src/results/charts/BarMarks.tsx): the same bars recharts lays out, drawn after the chart's
 * frame (axes, legend) in a render of their own instead of inside recharts' one-task render of its store, and grown
 * by one CSS animation instead of a render per frame.
 */
import { render, waitFor } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { LEGEND_ROW_PX, PivotChart } from '../../src/results/charts/PivotChart';
import type { PivotResult } from '../../src/results/pivot/pivot';
import type { FormLinkHandlers } from '../../src/results/useFormLink';
import { rootOutsideAct } from '../support/browserRoot';

/** `xs` categories by `groups` series; values from a fixed sequence with negatives and zeros among them. */
function pivotOf(xs: number, groups: number): PivotResult {
  return {
    xLabels: Array.from({ length: xs }, (_, i) => `item${i}`),
    series: Array.from({ length: groups }, (_g, g) => ({
      key: `g${g}`,
      values: Array.from({ length: xs }, (_, i) => (i % 13 === 0 ? 0 : (((i + 3) * (g + 5) * 7919) % 1000) - 150)),
    })),
  };
}

const link: FormLinkHandlers = { form: 'f', onMark: () => undefined, onPoint: () => undefined, onRow: () => undefined };
/** The plot's top edge in the chart's own coordinates: the highest horizontal grid line. */
const plotTop = (host: ParentNode) => Math.min(...[...host.querySelectorAll('.recharts-cartesian-grid-horizontal line')].map((l) => Number(l.getAttribute('y1'))));
/** Each bar's colour and outline numbers, the vertical start taken from the plot's top edge. */
const fromPlotTop = (host: ParentNode) => {
  const top = plotTop(host);
  return [...host.querySelectorAll('.recharts-bar-rectangle path')].map((p) => {
    const nums = (p.getAttribute('d') ?? '').match(/-?\d+(\.\d+)?(e-?\d+)?/g)?.map(Number) ?? [];
    nums[1] -= top;
    return { fill: p.getAttribute('fill') ?? '', nums };
  }).sort((a, b) => a.fill.localeCompare(b.fill) || a.nums[0] - b.nums[0] || a.nums[1] - b.nums[1]);
};
/**
 * The same bars in both charts, to 0.01 px: charts whose plots start at different heights compute the same bar from
 * another origin, which can differ in the fourth decimal.
 */
function expectSameBars(reference: ParentNode, actual: ParentNode): void {
  const want = fromPlotTop(reference);
  const got = fromPlotTop(actual);
  expect(got.map((b) => b.fill)).toEqual(want.map((b) => b.fill));
  got.forEach((b, i) => {
    expect(b.nums).toHaveLength(want[i].nums.length);
    b.nums.forEach((n, j) => expect(Math.abs(n - want[i].nums[j])).toBeLessThan(0.01));
  });
}

describe.each([false, true])('stacked: %s', (stacked) => {
  test('a large bar chart draws the bars recharts lays out, with their colours', async () => {
    const pivot = pivotOf(40, 7);
    // A chart linked to a form keeps recharts' own layout of its bars: the reference. A large chart's legend is a row
    // above its drawing, where recharts measures its own legend inside the drawing (as 0 high here, in jsdom): so the
    // reference is that row lower, and the bars are compared from the plot's top edge.
    const reference = render(<PivotChart mode="multiBarChart" pivot={pivot} setting={{ stacked }} height={300 - LEGEND_ROW_PX} link={link} />);
    const large = render(<PivotChart mode="multiBarChart" pivot={pivot} setting={{ stacked }} height={300} />);
    await waitFor(() => expect(large.container.querySelectorAll('.recharts-bar-rectangle path').length).toBeGreaterThan(200));
    // recharts' bars grow for 300 ms: once grown, they are the same.
    await waitFor(() => expectSameBars(reference.container, large.container));
    expect(plotTop(reference.container) - plotTop(large.container)).toBe(10);
    expect(large.container.querySelectorAll('.recharts-legend-item')).toHaveLength(7);
    // The legend is drawn in its own row above the chart, not measured inside it.
    expect(large.container.querySelector('.chart-with-legend-above > .chart-legend-above .recharts-legend-item')).not.toBeNull();
    expect(large.container.querySelector('.recharts-wrapper .recharts-legend-item')).toBeNull();
  });
});

describe('drawing', () => {
  const page = rootOutsideAct();

  test('a large bar chart shows its axes and legend first and its bars in a later render', async () => {
    const seen: { legend: number; bars: number }[] = [];
    const watch = new MutationObserver(() => seen.push({
      legend: page.host().querySelectorAll('.recharts-legend-item').length,
      bars: page.host().querySelectorAll('.recharts-bar-rectangle path').length,
    }));
    watch.observe(page.host(), { subtree: true, childList: true });
    // 160 x values: no growth animation, whose first frame would hold no bars either way.
    flushSync(() => page.root().render(<PivotChart mode="multiBarChart" pivot={pivotOf(160, 3)} setting={{}} height={300} />));
    await waitFor(() => expect(seen.at(-1)?.bars).toBeGreaterThan(400));
    watch.disconnect();
    expect(seen.find((s) => s.legend === 3)).toEqual({ legend: 3, bars: 0 });
  });
});

test('large bars grow from the value axis for 300 ms when the chart animates, and not above 150 points', async () => {
  const grown = render(<PivotChart mode="multiBarChart" pivot={pivotOf(97, 7)} setting={{}} height={300} />);
  await waitFor(() => expect(grown.container.querySelector('.chart-bars')).not.toBeNull());
  const group = grown.container.querySelector('.chart-bars') as SVGGElement;
  expect(group.classList.contains('chart-bars-moving')).toBe(true);
  expect(group.style.animationDuration).toBe('300ms');
  // Bars move by a transition of their `d` attribute, timed by the group: no path carries a style of its own.
  expect(group.style.getPropertyValue('--bar-move-duration')).toBe('300ms');
  expect(group.querySelectorAll('path[style]')).toHaveLength(0);
  const still = render(<PivotChart mode="multiBarChart" pivot={pivotOf(160, 2)} setting={{}} height={300} />);
  await waitFor(() => expect(still.container.querySelector('.chart-bars')).not.toBeNull());
  expect(still.container.querySelector('.chart-bars')!.classList.contains('chart-bars-moving')).toBe(false);
});
