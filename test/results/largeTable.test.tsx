import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ResultView } from '../../src/results/ResultView';
import { FIRST_ROWS } from '../../src/results/useLoadedResult';
import { WORKER_MIN_CHARS } from '../../src/results/table/frameTables';
import type { ResultConfig } from '../../src/results/types';
import { workerCalls } from '../support/tableWorkerMock';

function bigTable(rows: number): string {
  const lines = ['category\tvalue'];
  for (let i = 0; i < rows; i++) lines.push(`item ${i % 13}\t${i}`);
  return lines.join('\n') + '\n';
}

function show(data: string, mode: string) {
  const config: ResultConfig = { graph: { mode, height: 300 } };
  return render(<ResultView paragraphId="p1" index={0} result={{ type: 'TABLE', data }} config={config} status="FINISHED" onConfigChange={() => undefined} />);
}

test('a large table shows its first rows at once, then all of them once the worker has parsed it', async () => {
  const data = bigTable(60_000);
  expect(data.length).toBeGreaterThan(WORKER_MIN_CHARS);
  show(data, 'table');
  expect(screen.getByText(`Reading all rows; the first ${FIRST_ROWS} are shown.`)).toBeInTheDocument();
  expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', String(FIRST_ROWS + 1));
  expect(await screen.findByText('60000 rows')).toBeInTheDocument();
  expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '60001');
  expect(screen.queryByText(/Reading all rows/)).toBeNull();
});

test('a chart of a large table waits for every row instead of drawing the first ones', async () => {
  const { container } = show(bigTable(60_000), 'multiBarChart');
  expect(screen.getByText(/Reading all rows/)).toBeInTheDocument();
  expect(container.querySelector('figure.result-chart')).toBeNull();
  await waitFor(() => expect(container.querySelector('figure.result-chart')).not.toBeNull());
  expect(screen.queryByText(/Reading all rows/)).toBeNull();
});

test('a small table is read at once, with no notice', () => {
  show(bigTable(50), 'table');
  expect(screen.getByText('50 rows')).toBeInTheDocument();
  expect(screen.queryByText(/Reading all rows/)).toBeNull();
});

function streamedRender(mode = 'table') {
  const config: ResultConfig = { graph: { mode, height: 300 } };
  const view = (data: string, status: 'RUNNING' | 'FINISHED') =>
    <ResultView paragraphId="p1" index={0} result={{ type: 'TABLE', data }} config={config} status={status} onConfigChange={() => undefined} />;
  const r = render(view('', 'RUNNING'));
  return { ...r, update: (data: string, status: 'RUNNING' | 'FINISHED') => r.rerender(view(data, status)) };
}

/** `text` cut into `n` appends, cuts falling inside lines. */
function appendsOf(text: string, n: number): string[] {
  const size = Math.ceil(text.length / n) + 7;
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

test('a large table streamed in appends shows its first rows while running and every row once the run has ended', async () => {
  const text = bigTable(60_000);
  const { update } = streamedRender();
  let sofar = '';
  for (const chunk of appendsOf(text, 40)) {
    sofar += chunk;
    update(sofar, 'RUNNING');
  }
  expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', String(FIRST_ROWS + 1));
  expect(screen.getByText(`Reading all rows; the first ${FIRST_ROWS} are shown.`)).toBeInTheDocument();
  update(text, 'FINISHED');
  expect(await screen.findByText('60000 rows')).toBeInTheDocument();
  expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '60001');
  expect(screen.queryByText(/Reading all rows/)).toBeNull();
});

test('a streamed table replaced by another text (a new run) shows the new table, not a mix of the two', async () => {
  const { update } = streamedRender();
  const first = bigTable(40_000);
  update(first, 'RUNNING');
  update(first + first.slice(first.indexOf('\n') + 1, 200_000), 'RUNNING');
  // Longer than what was streamed, so only its content tells it apart.
  const other = 'other\tvalue\n' + bigTable(80_000).slice('category\tvalue\n'.length);
  update(other, 'FINISHED');
  expect(await screen.findByText('80000 rows')).toBeInTheDocument();
  expect(screen.getByRole('columnheader', { name: /other/ })).toBeInTheDocument();
});

const firstRowCells = () => within(screen.getAllByRole('row')[1]).getAllByRole('gridcell').map((c) => c.textContent);

test('sorting a large table is done by the worker: the grid draws the rows in the order it answers', async () => {
  show(bigTable(60_000), 'table');
  expect(await screen.findByText('60000 rows')).toBeInTheDocument();
  const before = workerCalls.order;
  const sortValue = () => within(screen.getByRole('columnheader', { name: /value/ })).getByRole('button', { name: /^value/ });
  fireEvent.click(sortValue());
  fireEvent.click(sortValue());
  expect(screen.getByRole('columnheader', { name: /value/ })).toHaveAttribute('aria-sort', 'descending');
  // Until the worker answers, no row is drawn in an order the header does not claim.
  expect(screen.getByText('Sorting 60000 rows…')).toBeInTheDocument();
  expect(screen.getAllByRole('row')).toHaveLength(1);
  // Columns are text unless typed otherwise (Zeppelin's default): '9999' is the greatest value.
  await waitFor(() => expect(firstRowCells()).toEqual(['item 2', '9999']));
  expect(screen.getByText('60000 rows')).toBeInTheDocument();
  expect(workerCalls.order).toBe(before + 2);
  expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '60001');
  // Another column's sort replaces it: ascending by category, ties in the rows' own order.
  fireEvent.click(within(screen.getByRole('columnheader', { name: /category/ })).getByRole('button', { name: /^category/ }));
  await waitFor(() => expect(firstRowCells()).toEqual(['item 0', '0']));
  expect(workerCalls.order).toBe(before + 3);
});

test('a chart of a large table is pivoted by the worker', async () => {
  const before = workerCalls.pivot;
  const { container } = show(bigTable(60_000), 'multiBarChart');
  await waitFor(() => expect(container.querySelector('figure.result-chart')).not.toBeNull());
  expect(workerCalls.pivot).toBe(before + 1);
});
