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
import { useGridTable } from './useGridTable';
import { useGridView } from './useGridView';

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
}

export function TableGrid({ source, columns, options, types, saved, onSave, height, title, dateFinished }: TableGridProps) {
  const names = useMemo(() => columns.map((c) => c.name), [columns]);
  const [view, change] = useGridView(saved, names, onSave);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const drag = useColumnDrag(view, change);
  const table = useGridTable({ source, columns, types, showPagination: options.showPagination, view, change });

  const setFilter = (name: string, term: string) => {
    const filters = { ...view.filters };
    if (term) filters[name] = term;
    else delete filters[name];
    change({ ...view, filters, pageIndex: 0 });
  };

  const rows = table.getRowModel().rows;
  const filteredRows = table.getFilteredRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  const { boxHeight, first, last } = gridWindow({
    rowCount: rows.length, height, scrollTop, useFilter: options.useFilter, showFooter: options.showAggregationFooter,
  });
  const totalWidth = visibleColumns.reduce((w, c) => w + c.getSize(), 0);
  const pageCount = table.getPageCount();

  const exportRows = () => {
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
        <span className="grid-count" role="status">{filteredRows.length === source.rowCount ? `${source.rowCount} rows` : `${filteredRows.length} of ${source.rowCount} rows`}</span>
      </div>
      <div className="grid-scroll" style={{ height: boxHeight }} onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        data-testid="grid-scroll">
        <table role="grid" aria-rowcount={rows.length + 1} aria-colcount={visibleColumns.length} style={{ width: totalWidth }}>
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
          <GridBody rows={rows} first={first} last={last} footer={view.footer} />
          {options.showAggregationFooter && (
            <GridFooter columns={visibleColumns} filteredRows={filteredRows} footer={view.footer} rowIndex={rows.length + 2} />
          )}
        </table>
      </div>
      {options.showPagination && <GridPager view={view} pageCount={pageCount} change={change} />}
    </div>
  );
}
