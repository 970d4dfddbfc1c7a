/**
 * Large bar charts drawn without recharts (src/results/charts/LargeBarChart.tsx): the axes' ticks and labels, the
 * hovered category's tooltip, and the frame's geometry (largeBarGeometry.ts). Their bars are held to recharts' own
 * layout in barMarks.test.tsx.
 */
import { fireEvent, render, waitFor } from '@testing-library/react';
import { PivotChart } from '../../src/results/charts/PivotChart';
import { shownLabels, valueAxis } from '../../src/results/charts/largeBarGeometry';
import type { PivotResult } from '../../src/results/pivot/pivot';

const pivot: PivotResult = {
  xLabels: Array.from({ length: 60 }, (_, i) => `item${i}`),
  series: ['north', 'south', 'east', 'west'].map((key, g) => ({ key, values: Array.from({ length: 60 }, (_, i) => (i + 1) * (g + 1) * 10) })),
};

const texts = (host: ParentNode, selector: string) => [...host.querySelectorAll(selector)].map((e) => e.textContent ?? '');

test('the value axis has the nice ticks recharts would give it, written as the other charts write them', () => {
  const { container } = render(<PivotChart mode="multiBarChart" pivot={pivot} setting={{}} height={300} />);
  // The highest bar is 2400: five ticks from 0 to 2400.
  expect(texts(container, '.recharts-yAxis .recharts-cartesian-axis-tick-value')).toEqual(['0', '600', '1,200', '1,800', '2,400']);
  expect(valueAxis([[-5, 7]], false)).toEqual({ domain: [-8, 8], ticks: [-8, -4, 0, 4, 8] });
  // Stacked: the stacks' ends (30 and 40 here) set the top.
  expect(valueAxis([[10, 20], [20, 20]], true).domain).toEqual([0, 40]);
});

test('category labels: the first and the last, and between them only those with room; none when hidden', () => {
  const { container, rerender } = render(<PivotChart mode="multiBarChart" pivot={pivot} setting={{}} height={300} />);
  const shown = texts(container, '.recharts-xAxis .recharts-cartesian-axis-tick-value');
  expect(shown[0]).toBe('item0');
  expect(shown.at(-1)).toBe('item59');
  expect(shown.length).toBeGreaterThan(2);
  expect(shown.length).toBeLessThan(60);
  rerender(<PivotChart mode="multiBarChart" pivot={pivot} setting={{ xLabelStatus: 'hide' }} height={300} />);
  expect(container.querySelectorAll('.recharts-xAxis .recharts-cartesian-axis-tick-value')).toHaveLength(0);
  // Bands of 60 px hold every 5-character label; bands of 10 px every fifth or so, the last one kept.
  expect(shownLabels(['a0001', 'a0002', 'a0003'], 60, 0)).toEqual([0, 1, 2]);
  const narrow = shownLabels(Array.from({ length: 20 }, (_, i) => `a${1000 + i}`), 10, 0);
  expect(narrow[0]).toBe(0);
  expect(narrow.at(-1)).toBe(19);
  expect(narrow.length).toBeLessThan(8);
  // Rotated labels take less of the axis each.
  expect(shownLabels(Array.from({ length: 20 }, (_, i) => `a${1000 + i}`), 10, -45).length).toBeGreaterThan(narrow.length);
});

test('pointing at a category shows its values in a tooltip, and leaving the plot hides it', async () => {
  const { container } = render(<PivotChart mode="multiBarChart" pivot={pivot} setting={{}} height={300} />);
  await waitFor(() => expect(container.querySelectorAll('.recharts-bar-rectangle').length).toBe(240));
  const svg = container.querySelector('.recharts-wrapper > svg') as SVGSVGElement;
  // jsdom lays nothing out: the chart is at the page's origin, 600 px wide (the width charts get without a layout).
  // The plot starts at x 70 (margin 10 + axis 60) and spans 510 px over 60 categories: item3 lies at 70 + 3.5 × 8.5.
  fireEvent.mouseMove(svg, { clientX: 70 + 3.5 * 8.5, clientY: 100 });
  const tip = container.querySelector('.recharts-tooltip-wrapper');
  expect(tip?.querySelector('.recharts-tooltip-label')?.textContent).toBe('item3');
  expect(texts(tip!, '.recharts-tooltip-item')).toEqual(['north : 40', 'south : 80', 'east : 120', 'west : 160']);
  expect(container.querySelector('.recharts-tooltip-cursor')).not.toBeNull();
  fireEvent.mouseMove(svg, { clientX: 20, clientY: 100 });
  expect(container.querySelector('.recharts-tooltip-wrapper')).toBeNull();
  fireEvent.mouseMove(svg, { clientX: 70 + 10 * 8.5, clientY: 100 });
  expect(container.querySelector('.recharts-tooltip-label')?.textContent).toBe('item10');
  fireEvent.mouseLeave(svg);
  expect(container.querySelector('.recharts-tooltip-wrapper')).toBeNull();
});
