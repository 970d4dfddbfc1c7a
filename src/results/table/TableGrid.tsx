/**
 * The table result grid on TanStack Table: type-aware sorting, literal per-column filters, pagination, an
 * aggregation footer, column hide/reorder/resize, grouping with expand/collapse, and row virtualisation so that a
 * 100,000-row result keeps a constant number of DOM rows. Its view state is saved (in Zeppelin's ui-grid layout)
 * on every user change and restored when a saved state arrives from elsewhere.
 */
import { useMemo, useState } from 'react';
import type { CellSource } from '../pivot/pivot';
import type { Cell as CellValue, TableColumn } from '../types';
import type { SavedGridState } from './gridState';
import { gridWindow } from './gridLayout';
import type { TableOptionValue } from './tableOptions';
import { ExportButtons } from './ExportButtons';
import { GridBody } from './GridBody';
import { GridFooter } from './GridFooter';
import { GridHeaderCell } from './GridHeaderCell';
import { GridPager } from './GridPager';
import { useColumnDrag } from './useColumnDrag';
import type { RemoteTable } from './tableWorker';
import { isWindowedView, useGridTable } from './useGridTable';
import { useGridView } from './useGridView';
import { useSortOrder } from './useSortOrder';

export { ROW_HEIGHT } from './gridLayout';

export interface TableGridProps {
  source: CellSource;
  columns: readonly TableColumn[];
  options: TableOptionValue;
  /** `tableColumnTypeState.names`. */
  types: Record<string, unknown> | undefined;
  saved: SavedGridState | undefined;
  onSave(state: SavedGridState): void;
  height: number;
  title?: string;
  dateFinished?: string;
  onRow?(valueOf: (column: string) => unknown): void;
  /** The worker's copy of a large table, which sorts it. */
  remote?: RemoteTable;
}

export function TableGrid({ source, columns, options, types, saved, onSave, height, title, dateFinished, onRow, remote }: TableGridProps) {
  const names = useMemo(() => columns.map((c) => c.name), [columns]);
  const [view, change] = useGridView(saved, names, onSave);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const drag = useColumnDrag(view, change);
  // `plain`: the rows drawn are a window of the source's rows, in the source's order or in `order`.
  const plain = isWindowedView(view, options);
  const { order, pending: sorting, now: orderNow } = useSortOrder({ source, columns, types, sort: view.sort, remote, enabled: plain });
  const plainWindow = plain
    ? gridWindow({ rowCount: source.rowCount, height, scrollTop, useFilter: options.useFilter, showFooter: false })
    : undefined;
  const table = useGridTable({ source, columns, types, showPagination: options.showPagination, view, change, drawn: plainWindow, order });

  const setFilter = (name: string, term: string) => {
    const filters = { ...view.filters };
    if (term) filters[name] = term;
    else delete filters[name];
    change({ ...view, filters, pageIndex: 0 });
  };

  // In a plain view the row model holds the drawn rows only; otherwise every row, of which a window is drawn.
  const modelRows = table.getRowModel().rows;
  const filteredRows = plain ? modelRows : table.getFilteredRowModel().rows;
  const rowCount = plain ? source.rowCount : modelRows.length;
  const visibleColumns = table.getVisibleLeafColumns();
  const { boxHeight, first, last } = plainWindow ?? gridWindow({
    rowCount, height, scrollTop, useFilter: options.useFilter, showFooter: options.showAggregationFooter,
  });
  const drawnRows = sorting ? [] : plain ? modelRows : modelRows.slice(first, last);
  const totalWidth = visibleColumns.reduce((w, c) => w + c.getSize(), 0);
  const pageCount = table.getPageCount();
  const shownCount = plain ? source.rowCount : filteredRows.length;

  const exportRows = () => {
    if (plain) {
      const indexes = visibleColumns.map((c) => columns.find((col) => col.name === c.id)?.index ?? -1);
      const rows = orderNow();
      return Array.from({ length: source.rowCount }, (_, i) => indexes.map((k) => source.cell(rows ? rows[i] : i, k)));
    }
    const leaf = table.getSortedRowModel().rows.flatMap((r) => (r.subRows.length ? r.getLeafRows().filter((l) => !l.subRows.length) : [r]));
    return leaf.map((r) => visibleColumns.map((c) => r.getValue<CellValue | undefined>(c.id)));
  };

  return (
    <div className="result-table">
      <div className="grid-toolbar">
        <ExportButtons header={() => visibleColumns.map((c) => c.id)} rows={exportRows} title={title} dateFinished={dateFinished} />
        {view.hidden.length > 0 && (
          <button type="button" onClick={() => change({ ...view, hidden: [] })}>Show all columns ({view.hidden.length} hidden)</button>
        )}
        <span className="grid-count" role="status">
          {sorting ? `Sorting ${source.rowCount} rows…` : shownCount === source.rowCount ? `${source.rowCount} rows` : `${shownCount} of ${source.rowCount} rows`}
        </span>
      </div>
      <div className="grid-scroll" style={{ height: boxHeight }} onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        data-testid="grid-scroll">
        <table role="grid" aria-rowcount={rowCount + 1} aria-colcount={visibleColumns.length} style={{ width: totalWidth }}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr role="row" key={group.id} aria-rowindex={1}>
                {group.headers.filter((h) => h.column.getIsVisible()).map((header) => (
                  <GridHeaderCell key={header.id} header={header} view={view} options={options} types={types}
                    menuOpen={menuFor === header.column.id} setMenuFor={setMenuFor} change={change} setFilter={setFilter} drag={drag} />
                ))}
              </tr>
            ))}
          </thead>
          <GridBody rows={drawnRows} first={first} total={rowCount} footer={view.footer} onRow={onRow} />
          {options.showAggregationFooter && (
            <GridFooter columns={visibleColumns} filteredRows={filteredRows} footer={view.footer} rowIndex={rowCount + 2} />
          )}
        </table>
      </div>
      {options.showPagination && <GridPager view={view} pageCount={pageCount} change={change} />}
    </div>
  );
}
