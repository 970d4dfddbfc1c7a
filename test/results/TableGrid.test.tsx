import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { useGridTable } from '../../src/results/table/useGridTable';
import { TableGrid, ROW_HEIGHT } from '../../src/results/table/TableGrid';
import { parseTableText } from '../../src/results/table/parseTable';
import type { SavedGridState } from '../../src/results/table/gridState';
import { fromSaved, toSaved } from '../../src/results/table/gridState';
import { NotATable } from '../../src/results/table/TableView';

const text = 'name\tcount\tcity\n' + Array.from({ length: 120 }, (_, i) => `n${i}\t${i}\t${i % 2 ? 'a.b(' : 'zz'}`).join('\n') + '\n';

function grid(opts: Partial<{ useFilter: boolean; showPagination: boolean; showAggregationFooter: boolean }> = {}, saved?: SavedGridState, height = 300) {
  const t = parseTableText(text);
  const onSave = jest.fn<void, [SavedGridState]>();
  const options = { useFilter: false, showPagination: false, showAggregationFooter: false, ...opts };
  const utils = render(<TableGrid source={t} columns={t.columns} options={options} types={{ count: 'number' }} saved={saved} onSave={onSave} height={height} title="t" />);
  return { ...utils, onSave, t, options };
}
const bodyRows = () => screen.getAllByRole('row').filter((r) => r.closest('tbody'));
const firstCells = () => bodyRows().map((r) => within(r).getAllByRole('gridcell')[0].textContent);

afterEach(() => jest.useRealTimers());

test('grid semantics and a constant number of DOM rows for many rows', () => {
  grid();
  expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '121');
  expect(screen.getAllByRole('columnheader')).toHaveLength(3);
  const n = bodyRows().length;
  expect(n).toBeLessThan(30);
  fireEvent.scroll(screen.getByTestId('grid-scroll'), { target: { scrollTop: 60 * ROW_HEIGHT } });
  expect(bodyRows()).toHaveLength(n + 8);
  expect(firstCells()[0]).toBe('n52');
});

test('type-aware sort: number column sorts numerically, and the change is saved in ui-grid layout', () => {
  const { onSave } = grid({ showPagination: true });
  const sortCount = () => within(screen.getByRole('columnheader', { name: /count/ })).getByRole('button', { name: /^count/ });
  fireEvent.click(sortCount());
  expect(firstCells().slice(0, 3)).toEqual(['n0', 'n1', 'n2']);
  fireEvent.click(sortCount());
  expect(screen.getByRole('columnheader', { name: /count/ })).toHaveAttribute('aria-sort', 'descending');
  expect(firstCells().slice(0, 3)).toEqual(['n119', 'n118', 'n117']);
  const saved = onSave.mock.calls.at(-1)![0];
  expect(saved.columns?.find((c) => c.name === 'count')?.sort).toEqual({ priority: 0, direction: 'desc' });
  expect(saved.pagination).toEqual({ paginationCurrentPage: 1, paginationPageSize: 50 });
});

test('filter waits 300 ms, matches literally, and is saved', () => {
  jest.useFakeTimers();
  const { onSave } = grid({ useFilter: true });
  fireEvent.change(screen.getByRole('searchbox', { name: 'Filter city' }), { target: { value: 'a.b(' } });
  act(() => { jest.advanceTimersByTime(299); });
  expect(onSave).not.toHaveBeenCalled();
  act(() => { jest.advanceTimersByTime(1); });
  expect(screen.getByRole('status')).toHaveTextContent('60 of 120 rows');
  expect(onSave.mock.calls[0][0].columns?.find((c) => c.name === 'city')?.filters).toEqual([{ term: 'a.b(' }]);
  fireEvent.change(screen.getByRole('searchbox', { name: 'Filter name' }), { target: { value: '[' } });
  act(() => { jest.advanceTimersByTime(300); });
  expect(screen.getByRole('status')).toHaveTextContent('0 of 120 rows');
});

test('pagination: 50 per page by default, choices 25 to 1000, next page', () => {
  grid({ showPagination: true });
  expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  expect([...(screen.getByRole('combobox', { name: 'Rows per page' }) as HTMLSelectElement).options].map((o) => o.value)).toEqual(['25', '50', '100', '250', '1000']);
  fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
  expect(firstCells()[0]).toBe('n50');
  fireEvent.change(screen.getByRole('combobox', { name: 'Rows per page' }), { target: { value: '25' } });
  expect(screen.getByText('Page 1 of 5')).toBeInTheDocument();
});

test('aggregation footer, hide and reorder through the column menu', () => {
  const { onSave } = grid({ showAggregationFooter: true });
  fireEvent.click(screen.getByRole('button', { name: 'Column options: count' }));
  fireEvent.change(screen.getByRole('combobox', { name: 'Aggregation' }), { target: { value: 'sum' } });
  expect(screen.getByText('sum: 7140')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Column options: count' }));
  fireEvent.click(screen.getByRole('menuitem', { name: 'Move left' }));
  expect(screen.getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼⋮⧉]/g, '').trim())).toEqual(['count', 'name', 'city']);
  fireEvent.click(screen.getByRole('button', { name: 'Column options: city' }));
  fireEvent.click(screen.getByRole('menuitem', { name: 'Hide column' }));
  expect(screen.getAllByRole('columnheader')).toHaveLength(2);
  const saved = onSave.mock.calls.at(-1)![0];
  expect(saved.columns?.map((c) => [c.name, c.visible])).toEqual([['count', true], ['name', true], ['city', false]]);
  expect(saved.grouping?.aggregations).toEqual([{ field: 'count', colName: 'count', aggregation: { type: 'sum' } }]);
});

test('grouping with expand and collapse', () => {
  grid();
  fireEvent.click(screen.getByRole('button', { name: 'Column options: city' }));
  fireEvent.click(screen.getByRole('menuitem', { name: 'Group' }));
  const toggles = screen.getAllByRole('button', { expanded: false }).filter((b) => b.closest('tbody'));
  expect(toggles.map((t) => t.textContent)).toEqual(['▸ zz (60)', '▸ a.b( (60)']);
  fireEvent.click(toggles[0]);
  expect(screen.getByRole('button', { name: /zz \(60\)/ })).toHaveAttribute('aria-expanded', 'true');
  expect(bodyRows().length).toBeGreaterThan(2);
});

test('a saved state is restored without being written back; an echo of our own save is ignored', () => {
  const saved = toSaved({ ...fromSaved(undefined, ['name', 'count', 'city']), sort: [{ id: 'name', desc: true }], hidden: ['city'] }, undefined);
  const { onSave, rerender, t, options } = grid({}, undefined);
  rerender(<TableGrid source={t} columns={t.columns} options={options} types={{}} saved={saved} onSave={onSave} height={300} />);
  expect(screen.getAllByRole('columnheader')).toHaveLength(2);
  expect(screen.getByRole('columnheader', { name: /name/ })).toHaveAttribute('aria-sort', 'descending');
  expect(onSave).not.toHaveBeenCalled();
});

test('saved state round-trips and keeps fields the grid does not use', () => {
  const saved: SavedGridState = {
    columns: [{ name: 'b', visible: true, width: 220, sort: {}, filters: [{ term: 'x' }], pinned: '' }, { name: 'a', visible: false, width: '*', sort: { priority: 0, direction: 'asc' }, filters: [{}], pinned: '' }],
    scrollFocus: { rowVal: 1 }, selection: [], grouping: { grouping: [], aggregations: [], rowExpandedStates: {} }, treeView: {},
    pagination: { paginationCurrentPage: 2, paginationPageSize: 250 },
  };
  const view = fromSaved(saved, ['a', 'b', 'c']);
  expect(view).toMatchObject({ order: ['b', 'a', 'c'], hidden: ['a'], widths: { b: 220 }, sort: [{ id: 'a', desc: false }], filters: { b: 'x' }, pageIndex: 1, pageSize: 250 });
  const back = toSaved(view, saved);
  expect(back.scrollFocus).toEqual({ rowVal: 1 });
  expect(back.columns?.slice(0, 2)).toEqual(saved.columns);
});

test('copy shows "Copied!" or "Not supported browser"', async () => {
  grid();
  const writeText = jest.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Copy as TSV' })); });
  expect(screen.getByRole('tooltip')).toHaveTextContent('Copied!');
  expect((writeText.mock.calls[0] as unknown as [string])[0].split('\n').slice(0, 2)).toEqual(['name\tcount\tcity', 'n0\t0\tzz']);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
  await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Copy as CSV' })); });
  expect(screen.getByRole('tooltip')).toHaveTextContent('Not supported browser');
});

test('download builds the CSV of the shown rows and names it from the title', async () => {
  grid({ useFilter: false });
  let blob: Blob | null = null;
  const create = jest.fn((b: Blob) => { blob = b; return 'blob:x'; });
  Object.assign(URL, { createObjectURL: create, revokeObjectURL: jest.fn() });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { expect(this.download).toBe('t.csv'); });
  fireEvent.click(screen.getByRole('button', { name: 'Download as CSV' }));
  expect(click).toHaveBeenCalled();
  const content = await blob!.text();
  expect(content.split('\n').slice(0, 3)).toEqual(['name,count,city', 'n0,0,zz', 'n1,1,"a.b("'.replace('"a.b("', 'a.b(')]);
  click.mockRestore();
});

test('a non-table result is logged and explained', () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  render(<NotATable type="HTML" />);
  expect(screen.getByRole('alert')).toHaveTextContent('This result (HTML) is not a table');
  expect(warn).toHaveBeenCalledWith('Result of type HTML cannot be loaded as a table');
  warn.mockRestore();
});

test('minimum height 100', () => {
  const tiny = parseTableText('a\n1\n');
  render(<TableGrid source={tiny} columns={tiny.columns} options={{ useFilter: false, showPagination: false, showAggregationFooter: false }} types={{}} saved={undefined} onSave={jest.fn()} height={20} />);
  expect(screen.getByTestId('grid-scroll').style.height).toBe('100px');
});

describe('a plain view of a large table', () => {
  const ROWS = 250_000;
  const source = { rowCount: ROWS, cell: (r: number, c: number) => (c === 0 ? `r${r}` : r) };
  const columns = [{ name: 'name', index: 0, aggr: 'sum' as const }, { name: 'n', index: 1, aggr: 'sum' as const }];
  const options = { useFilter: false, showPagination: false, showAggregationFooter: false };

  test('gives TanStack only the rows drawn, and the grid still spans, scrolls to and counts every row', () => {
    render(<TableGrid source={source} columns={columns} options={options} types={{ n: 'number' }} saved={undefined} onSave={() => undefined} height={300} />);
    expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', String(ROWS + 1));
    expect(screen.getByRole('status')).toHaveTextContent(`${ROWS} rows`);
    fireEvent.scroll(screen.getByTestId('grid-scroll'), { target: { scrollTop: (ROWS - 5) * ROW_HEIGHT } });
    expect(firstCells().at(-1)).toBe(`r${ROWS - 1}`);
    expect(bodyRows().at(-1)).toHaveAttribute('aria-rowindex', String(ROWS + 1));
    // A sort needs every row: the grid takes them all then, in the sorted order.
    const sortN = () => within(screen.getAllByRole('columnheader')[1]).getByRole('button', { name: /^n/ });
    // TanStack sorts a column of numbers descending first.
    fireEvent.click(sortN());
    expect(screen.getAllByRole('columnheader')[1]).toHaveAttribute('aria-sort', 'descending');
    fireEvent.scroll(screen.getByTestId('grid-scroll'), { target: { scrollTop: 0 } });
    expect(firstCells()[0]).toBe(`r${ROWS - 1}`);
  });

  test('the table hook builds row objects for the drawn window only', () => {
    const { result } = renderHook(() => useGridTable({
      source, columns, types: undefined, showPagination: false, view: fromSaved(undefined, ['name', 'n']), change: () => undefined, drawn: { first: 1000, last: 1040 },
    }));
    const rows = result.current.getCoreRowModel().rows;
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 40 }, (_, i) => String(1000 + i)));
    expect(rows[0].getValue('name')).toBe('r1000');
  });
});

test('a new result with as many rows as the last one shows its own values', () => {
  const options = { useFilter: false, showPagination: false, showAggregationFooter: false };
  const one = parseTableText('chosen\nEU\n');
  const two = parseTableText('chosen\nUS\n');
  const { rerender } = render(<TableGrid source={one} columns={one.columns} options={options} types={undefined} saved={undefined} onSave={jest.fn()} height={300} />);
  expect(firstCells()).toEqual(['EU']);
  rerender(<TableGrid source={two} columns={two.columns} options={options} types={undefined} saved={undefined} onSave={jest.fn()} height={300} />);
  expect(firstCells()).toEqual(['US']);
});
