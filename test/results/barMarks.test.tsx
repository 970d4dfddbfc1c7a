/**
 * Large bar charts (src/results/charts/BarMarks.tsx): the same bars recharts lays out, drawn after the chart's
 * frame (axes, legend) in a render of their own instead of inside recharts' one-task render of its store, and grown
 * by one CSS animation instead of a render per frame.
 */
import { render, waitFor } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { PivotChart } from '../../src/results/charts/PivotChart';
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
const outlines = (host: ParentNode) => [...host.querySelectorAll('.recharts-bar-rectangle path')].map((p) => `${p.getAttribute('fill')} ${p.getAttribute('d')}`).sort();

describe.each([false, true])('stacked: %s', (stacked) => {
  test('a large bar chart draws the bars recharts lays out, with their colours', async () => {
    const pivot = pivotOf(40, 7);
    // A chart linked to a form keeps recharts' own layout of its bars: the reference.
    const reference = render(<PivotChart mode="multiBarChart" pivot={pivot} setting={{ stacked }} height={300} link={link} />);
    const large = render(<PivotChart mode="multiBarChart" pivot={pivot} setting={{ stacked }} height={300} />);
    await waitFor(() => expect(large.container.querySelectorAll('.recharts-bar-rectangle path').length).toBeGreaterThan(200));
    // recharts' bars grow for 300 ms: once grown, they are the same.
    await waitFor(() => expect(outlines(reference.container)).toEqual(outlines(large.container)));
    expect(large.container.querySelectorAll('.recharts-legend-item')).toHaveLength(7);
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
  const still = render(<PivotChart mode="multiBarChart" pivot={pivotOf(160, 2)} setting={{}} height={300} />);
  await waitFor(() => expect(still.container.querySelector('.chart-bars')).not.toBeNull());
  expect(still.container.querySelector('.chart-bars')!.classList.contains('chart-bars-moving')).toBe(false);
});
