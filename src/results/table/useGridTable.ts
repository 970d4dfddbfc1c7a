/**
 * The TanStack table behind the grid: its features, one column per result column with type-aware sorting and
 * literal filtering, and its state taken from the grid's view state (the view state is the only copy; TanStack's
 * change callbacks write back into it).
 */
import { useMemo } from 'react';
import {
  columnFilteringFeature,
  columnGroupingFeature,
  columnOrderingFeature,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  createExpandedRowModel,
  createFilteredRowModel,
  createGroupedRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  functionalUpdate,
  rowExpandingFeature,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type Cell,
  type Column,
  type Header,
  type Row,
  type Updater,
} from '@tanstack/react-table';
import type { CellSource } from '../pivot/pivot';
import type { Cell as CellValue, TableColumn } from '../types';
import { columnType, compareCells, matchesFilter, minColumnWidth } from './columnTypes';
import type { GridViewState } from './gridState';

const features = tableFeatures({
  columnFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  columnGroupingFeature,
  groupedRowModel: createGroupedRowModel(),
  rowExpandingFeature,
  expandedRowModel: createExpandedRowModel(),
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
  columnVisibilityFeature,
  columnOrderingFeature,
  columnSizingFeature,
  columnResizingFeature,
});

/** A row is its index into the cell source; the cells stay where the parser put them. */
interface RowRef { r: number }
const helper = createColumnHelper<typeof features, RowRef>();

export type GridRow = Row<typeof features, RowRef>;
export type GridCell = Cell<typeof features, RowRef>;
export type GridColumn = Column<typeof features, RowRef>;
export type GridHeader = Header<typeof features, RowRef>;

/**
 * A grid with nothing that drops, groups, pages or totals its rows shows a window of the source's rows, in their own
 * order or in the order a sort gives (useSortOrder; the table worker computes it for a large table): TanStack then
 * neither sorts nor sees more than the rows drawn, so a quarter of a million rows never become row objects at once.
 */
export function isWindowedView(view: GridViewState, options: { showPagination: boolean; showAggregationFooter: boolean }): boolean {
  return !options.showPagination && !options.showAggregationFooter
    && Object.keys(view.filters).length === 0 && view.grouping.length === 0;
}

export function useGridTable({ source, columns, types, showPagination, view, change, drawn, order }: {
  source: CellSource;
  columns: readonly TableColumn[];
  types: Record<string, unknown> | undefined;
  showPagination: boolean;
  view: GridViewState;
  change(next: GridViewState): void;
  /** In a windowed view: the rows drawn, the only ones TanStack sees (positions in `order` when given). */
  drawn?: { first: number; last: number };
  /** The rows' order when a windowed view sorts (null: not known yet, drawn as they come). */
  order?: Int32Array | null;
}) {
  const first = drawn?.first ?? 0;
  const last = drawn?.last ?? source.rowCount;
  // New row objects for a new source too: TanStack keeps each row's values with the row, so a re-run result with as
  // many rows would otherwise show the old values.
  const data = useMemo(
    () => Array.from({ length: Math.max(0, last - first) }, (_, i): RowRef => ({ r: order ? order[first + i] : first + i })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [first, last, source, order],
  );
  const tableColumns = useMemo(() => helper.columns(columns.map((c) => {
    const type = columnType(types, c.name);
    return helper.accessor((row: RowRef) => source.cell(row.r, c.index), {
      id: c.name,
      header: c.name,
      minSize: minColumnWidth(c.name),
      size: minColumnWidth(c.name),
      sortFn: (a, b, id) => compareCells(type, a.getValue<CellValue | undefined>(id), b.getValue<CellValue | undefined>(id)),
      filterFn: (row, id, term) => matchesFilter(row.getValue<CellValue | undefined>(id), String(term ?? '')),
    });
  })), [columns, source, types]);

  const sorting = useMemo(() => view.sort, [view.sort]);
  const columnFilters = useMemo(() => Object.entries(view.filters).map(([id, value]) => ({ id, value })), [view.filters]);
  const columnVisibility = useMemo(() => Object.fromEntries(view.hidden.map((h) => [h, false])), [view.hidden]);
  const pagination = useMemo(
    () => (showPagination ? { pageIndex: view.pageIndex, pageSize: view.pageSize } : { pageIndex: 0, pageSize: Math.max(1, data.length) }),
    [showPagination, view.pageIndex, view.pageSize, data.length],
  );

  return useTable({
    features,
    columns: tableColumns,
    data,
    getRowId: (row: RowRef) => String(row.r),
    state: {
      sorting,
      columnFilters,
      columnVisibility,
      columnOrder: view.order,
      columnSizing: view.widths,
      grouping: view.grouping,
      expanded: view.expanded,
      pagination,
    },
    columnResizeMode: 'onEnd',
    // Without the pager every row is on the one page: TanStack's page step would only copy and re-index them all,
    // which for a quarter of a million rows is a second of the page's thread.
    manualPagination: !showPagination,
    // A windowed view's rows come in their order already (useSortOrder).
    manualSorting: drawn !== undefined,
    autoResetPageIndex: false,
    autoResetExpanded: false,
    enableSortingRemoval: true,
    onSortingChange: (u: Updater<GridViewState['sort']>) => change({ ...view, sort: functionalUpdate(u, view.sort) }),
    onColumnSizingChange: (u: Updater<Record<string, number>>) => change({ ...view, widths: functionalUpdate(u, view.widths) }),
    onExpandedChange: (u: Updater<true | Record<string, boolean>>) => {
      const next = functionalUpdate(u, view.expanded);
      change({ ...view, expanded: next === true ? {} : next });
    },
  });
}
