/**
 * A chart's drawing (src/results/charts/ChartFrame.tsx) is not part of the urgent render that places the chart or
 * changes it: it comes in a deferred render of its own, so a large chart never holds the page in one long task. The
 * frame around it (its height, summary and data table) is there at once, and a changed chart keeps showing its
 * previous drawing until the new one is in.
 */
import { flushSync } from 'react-dom';
import { waitFor } from '@testing-library/react';
import { ChartFrame } from '../../src/results/charts/ChartFrame';
import { rootOutsideAct } from '../support/browserRoot';

const table = { caption: 'Bar chart', header: ['x', 'y'], rows: [['a', 1]] };

function frame(label: string) {
  return <ChartFrame summary={`summary ${label}`} notice={null} table={table} height={240}
    draw={(width) => <svg data-drawing={label} width={width} />} />;
}

const page = rootOutsideAct();
const drawn = () => page.host().querySelector('.result-chart-canvas svg')?.getAttribute('data-drawing') ?? null;


test('the drawing comes after the urgent render, which already holds the frame at its height', async () => {
  flushSync(() => page.root().render(frame('first')));
  expect(page.host().querySelector('figcaption')?.textContent).toBe('summary first');
  expect((page.host().querySelector('.result-chart-canvas') as HTMLElement).style.height).toBe('240px');
  expect(drawn()).toBeNull();
  await waitFor(() => expect(drawn()).toBe('first'));
});

test('a changed chart keeps its previous drawing until the new one is rendered', async () => {
  flushSync(() => page.root().render(frame('first')));
  await waitFor(() => expect(drawn()).toBe('first'));
  flushSync(() => page.root().render(frame('second')));
  expect(page.host().querySelector('figcaption')?.textContent).toBe('summary second');
  expect(drawn()).toBe('first');
  await waitFor(() => expect(drawn()).toBe('second'));
});
