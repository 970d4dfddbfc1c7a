import { render, screen, waitFor } from '@testing-library/react';
import { ResultView } from '../../src/results/ResultView';
import { FIRST_ROWS, WORKER_MIN_CHARS } from '../../src/results/useLoadedResult';
import type { ResultConfig } from '../../src/results/types';

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
