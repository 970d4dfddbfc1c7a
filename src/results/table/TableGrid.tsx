/**
 * The table result grid on TanStack Table: type-aware sorting, literal per-column filters, pagination, an
 * aggregation footer, column hide/reorder/resize, grouping with expand/collapse, and row virtualisation so that a
 * 100,000-row result keeps a constant number of DOM rows. Its view state is saved (in Zeppelin's ui-grid layout)
 * on every user change and restored when a saved state arrives from elsewhere.
 */
import { Icon } from '../../components/Icon';
import { useEffect, useMemo, useRef, useState, type CSSProperties, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
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
  type Updater,
} from '@tanstack/react-table';
import type { CellSource } from '../pivot/pivot';
import type { Cell as CellValue, TableColumn } from '../types';
import {
  aggregate, columnType, compareCells, FOOTER_AGGREGATIONS, matchesFilter, minColumnWidth,
  type AdvancedColumnType, type FooterAggregation,
} from './columnTypes';
import { fromSaved, toSaved, type GridViewState, type SavedGridState } from './gridState';
import { FILTER_DEBOUNCE_MS, PAGE_SIZES, TABLE_MIN_HEIGHT, type TableOptionValue } from './tableOptions';
import { ExportButtons } from './ExportButtons';

export const ROW_HEIGHT = 30;
const HEADER_HEIGHT = 36;
const FILTER_HEIGHT = 34;
const FOOTER_HEIGHT = 30;
/** Rows drawn above and below the visible window, so fast scrolling does not show blank space. */
const OVERSCAN = 8;

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

const display = (v: CellValue | undefined): string => (v === undefined ? '' : String(v));

function moveBefore(order: readonly string[], id: string, target: string): string[] {
  const next = order.filter((x) => x !== id);
  const at = next.indexOf(target);
  next.splice(at < 0 ? next.length : at, 0, id);
  return next;
}

function ColumnMenu({ name, view, options, type, canLeft, canRight, onChange, onClose }: {
  name: string; view: GridViewState; options: TableOptionValue; type: AdvancedColumnType;
  canLeft: boolean; canRight: boolean; onChange(next: GridViewState): void; onClose(): void;
}) {
  const sortAt = view.sort.findIndex((s) => s.id === name);
  const setSort = (desc: boolean | null) =>
    onChange({ ...view, sort: desc === null ? view.sort.filter((s) => s.id !== name) : [{ id: name, desc }] });
  const grouped = view.grouping.includes(name);
  const move = (delta: number) => {
    const order = [...view.order];
    const i = order.indexOf(name);
    const j = i + delta;
    if (j < 0 || j >= order.length) return;
    [order[i], order[j]] = [order[j], order[i]];
    onChange({ ...view, order });
  };
  return (
    <div role="menu" className="grid-column-menu" aria-label={`Column options: ${name}`}
      onKeyDown={(e) => { if (e.key === 'Escape') onClose(); }}>
      <button role="menuitem" type="button" onClick={() => setSort(false)} aria-pressed={sortAt >= 0 && !view.sort[sortAt].desc}>Sort ascending</button>
      <button role="menuitem" type="button" onClick={() => setSort(true)} aria-pressed={sortAt >= 0 && view.sort[sortAt].desc}>Sort descending</button>
      {sortAt >= 0 && <button role="menuitem" type="button" onClick={() => setSort(null)}>Remove sort</button>}
      <button role="menuitem" type="button" onClick={() => onChange({ ...view, hidden: [...view.hidden, name] })}>Hide column</button>
      <button role="menuitem" type="button" onClick={() => onChange({ ...view, grouping: grouped ? view.grouping.filter((g) => g !== name) : [...view.grouping, name] })}>
        {grouped ? 'Ungroup' : 'Group'}
      </button>
      <button role="menuitem" type="button" disabled={!canLeft} onClick={() => move(-1)}>Move left</button>
      <button role="menuitem" type="button" disabled={!canRight} onClick={() => move(1)}>Move right</button>
      {options.showAggregationFooter && (
        <label>
          Aggregation{' '}
          <select value={view.footer[name] ?? ''} onChange={(e) => {
            const footer = { ...view.footer };
            if (e.target.value) footer[name] = e.target.value as FooterAggregation;
            else delete footer[name];
            onChange({ ...view, footer });
          }}>
            <option value="">none</option>
            {FOOTER_AGGREGATIONS.map((a) => <option key={a} value={a}>{a}</option>)}
          </select>
        </label>
      )}
      <span className="grid-column-type">type: {type}</span>
    </div>
  );
}

/** Filter box that waits for a pause in typing before filtering, so large tables do not refilter per key. */
function FilterInput({ name, value, onCommit }: { name: string; value: string; onCommit(term: string): void }) {
  const [draft, setDraft] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const commit = useRef(onCommit);
  commit.current = onCommit;
  useEffect(() => setDraft(value), [value]);
  useEffect(() => () => { if (timer.current) clearTimeout(timer.current); }, []);
  return (
    <input type="search" className="grid-filter" aria-label={`Filter ${name}`} value={draft}
      onChange={(e) => {
        const term = e.target.value;
        setDraft(term);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => commit.current(term), FILTER_DEBOUNCE_MS);
      }} />
  );
}

export function TableGrid({ source, columns, options, types, saved, onSave, height, title, dateFinished }: TableGridProps) {
  const names = useMemo(() => columns.map((c) => c.name), [columns]);
  const [view, setView] = useState<GridViewState>(() => fromSaved(saved, names));
  // The last state this grid wrote: a saved state equal to it is our own echo, anything else is a restore.
  const lastWritten = useRef<string>(JSON.stringify(saved ?? null));
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const dragged = useRef<string | null>(null);

  useEffect(() => {
    const key = JSON.stringify(saved ?? null);
    if (key === lastWritten.current) return;
    lastWritten.current = key;
    setView(fromSaved(saved, names));
  }, [saved, names]);

  const savedRef = useRef(saved);
  savedRef.current = saved;
  const change = (next: GridViewState) => {
    setView(next);
    const out = toSaved(next, savedRef.current);
    lastWritten.current = JSON.stringify(out);
    onSave(out);
  };

  const data = useMemo(() => Array.from({ length: source.rowCount }, (_, r): RowRef => ({ r })), [source]);
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
    () => (options.showPagination ? { pageIndex: view.pageIndex, pageSize: view.pageSize } : { pageIndex: 0, pageSize: Math.max(1, source.rowCount) }),
    [options.showPagination, view.pageIndex, view.pageSize, source.rowCount],
  );

  const table = useTable({
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

  const setFilter = (name: string, term: string) => {
    const filters = { ...view.filters };
    if (term) filters[name] = term;
    else delete filters[name];
    change({ ...view, filters, pageIndex: 0 });
  };

  const rows = table.getRowModel().rows;
  const filteredRows = table.getFilteredRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  const headerHeight = HEADER_HEIGHT + (options.useFilter ? FILTER_HEIGHT : 0);
  const footerHeight = options.showAggregationFooter ? FOOTER_HEIGHT : 0;
  const contentHeight = headerHeight + rows.length * ROW_HEIGHT + footerHeight + 2;
  const boxHeight = Math.max(TABLE_MIN_HEIGHT, Math.min(height, contentHeight));
  const bodyHeight = Math.max(ROW_HEIGHT, boxHeight - headerHeight - footerHeight);
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + bodyHeight) / ROW_HEIGHT) + OVERSCAN);
  const shown = rows.slice(first, last);
  const totalWidth = visibleColumns.reduce((w, c) => w + c.getSize(), 0);

  const exportRows = () => {
    const leaf = table.getSortedRowModel().rows.flatMap((r) => (r.subRows.length ? r.getLeafRows().filter((l) => !l.subRows.length) : [r]));
    return leaf.map((r) => visibleColumns.map((c) => r.getValue<CellValue | undefined>(c.id)));
  };

  const onHeaderKey = (e: KeyboardEvent, name: string) => {
    if (e.key === 'ArrowDown' && e.altKey) {
      e.preventDefault();
      setMenuFor(name);
    }
  };
  const onDrop = (e: DragEvent, target: string) => {
    e.preventDefault();
    const id = dragged.current;
    dragged.current = null;
    if (id && id !== target) change({ ...view, order: moveBefore(view.order, id, target) });
  };

  const cellStyle = (size: number): CSSProperties => ({ width: size, minWidth: size, maxWidth: size });
  const pageCount = table.getPageCount();

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
                {group.headers.filter((h) => h.column.getIsVisible()).map((header) => {
                  const name = header.column.id;
                  const sortAt = view.sort.findIndex((s) => s.id === name);
                  const sortDir = sortAt < 0 ? 'none' : view.sort[sortAt].desc ? 'descending' : 'ascending';
                  const idx = view.order.indexOf(name);
                  return (
                    <th role="columnheader" key={header.id} aria-sort={sortDir} style={cellStyle(header.getSize())}
                      draggable onDragStart={() => { dragged.current = name; }} onDragOver={(e) => e.preventDefault()} onDrop={(e) => onDrop(e, name)}>
                      <div className="grid-header">
                        <button type="button" className="btn-link grid-sort" onKeyDown={(e) => onHeaderKey(e, name)}
                          onClick={header.column.getToggleSortingHandler()}>
                          {name}{sortDir === 'ascending' ? ' ▲' : sortDir === 'descending' ? ' ▼' : ''}
                        </button>
                        {view.grouping.includes(name) && <span className="grid-grouped" title="grouped"><Icon name="grouped" size={12} /></span>}
                        <button type="button" className="btn-link grid-menu-button" aria-haspopup="menu" aria-expanded={menuFor === name}
                          aria-label={`Column options: ${name}`} onClick={() => setMenuFor(menuFor === name ? null : name)}>⋮</button>
                      </div>
                      {options.useFilter && <FilterInput name={name} value={view.filters[name] ?? ''} onCommit={(t) => setFilter(name, t)} />}
                      {menuFor === name && (
                        <ColumnMenu name={name} view={view} options={options} type={columnType(types, name)}
                          canLeft={idx > 0} canRight={idx < view.order.length - 1}
                          onChange={(next) => { change(next); setMenuFor(null); }} onClose={() => setMenuFor(null)} />
                      )}
                      <div className="grid-resizer" aria-hidden onMouseDown={header.getResizeHandler()} onTouchStart={header.getResizeHandler()} />
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {first > 0 && <tr aria-hidden="true" style={{ height: first * ROW_HEIGHT }} className="grid-spacer" />}
            {shown.map((row, i) => (
              <tr role="row" key={row.id} aria-rowindex={first + i + 2} style={{ height: ROW_HEIGHT }} className={row.getIsGrouped() ? 'grid-group-row' : undefined}>
                {row.getVisibleCells().map((cell) => {
                  const name = cell.column.id;
                  let content: ReactNode;
                  if (cell.getIsGrouped()) {
                    content = (
                      <button type="button" className="btn-link" aria-expanded={row.getIsExpanded()} onClick={row.getToggleExpandedHandler()}>
                        {row.getIsExpanded() ? '▾' : '▸'} {display(cell.getValue<CellValue | undefined>())} ({row.getLeafRows().length})
                      </button>
                    );
                  } else if (row.getIsGrouped()) {
                    const agg = view.footer[name];
                    content = agg && !cell.getIsPlaceholder()
                      ? `${agg}: ${aggregate(agg, row.getLeafRows().filter((l) => !l.subRows.length).map((l) => l.getValue<CellValue | undefined>(name))) ?? ''}`
                      : null;
                  } else content = cell.getIsPlaceholder() ? null : display(cell.getValue<CellValue | undefined>());
                  return <td role="gridcell" key={cell.id} style={cellStyle(cell.column.getSize())}>{content}</td>;
                })}
              </tr>
            ))}
            {last < rows.length && <tr aria-hidden="true" style={{ height: (rows.length - last) * ROW_HEIGHT }} className="grid-spacer" />}
          </tbody>
          {options.showAggregationFooter && (
            <tfoot>
              <tr role="row" aria-rowindex={rows.length + 2}>
                {visibleColumns.map((c) => {
                  const agg = view.footer[c.id];
                  const value = agg ? aggregate(agg, filteredRows.filter((r) => !r.getIsGrouped()).map((r) => r.getValue<CellValue | undefined>(c.id))) : null;
                  return <td role="gridcell" key={c.id} style={cellStyle(c.getSize())}>{agg ? `${agg}: ${value ?? ''}` : ''}</td>;
                })}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
      {options.showPagination && (
        <nav className="grid-pager" aria-label="Pagination">
          <button type="button" aria-label="First page" disabled={view.pageIndex === 0} onClick={() => change({ ...view, pageIndex: 0 })}>«</button>
          <button type="button" aria-label="Previous page" disabled={view.pageIndex === 0} onClick={() => change({ ...view, pageIndex: view.pageIndex - 1 })}>‹</button>
          <span>Page {Math.min(view.pageIndex + 1, Math.max(1, pageCount))} of {Math.max(1, pageCount)}</span>
          <button type="button" aria-label="Next page" disabled={view.pageIndex >= pageCount - 1} onClick={() => change({ ...view, pageIndex: view.pageIndex + 1 })}>›</button>
          <button type="button" aria-label="Last page" disabled={view.pageIndex >= pageCount - 1} onClick={() => change({ ...view, pageIndex: pageCount - 1 })}>»</button>
          <label>
            Rows per page{' '}
            <select value={view.pageSize} onChange={(e) => change({ ...view, pageSize: Number(e.target.value), pageIndex: 0 })}>
              {PAGE_SIZES.map((s) => <option key={s} value={s}>{s}</option>)}
            </select>
          </label>
        </nav>
      )}
    </div>
  );
}
