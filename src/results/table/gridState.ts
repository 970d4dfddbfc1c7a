/**
 * The grid's view state and its saved form. Zeppelin saves `tableGridState` in ui-grid's layout (columns with
 * visible/width/sort/filters, grouping, pagination); reading and writing that layout keeps notes interchangeable.
 */
import { DEFAULT_PAGE_SIZE } from './tableOptions';
import type { FooterAggregation } from './columnTypes';
import { FOOTER_AGGREGATIONS } from './columnTypes';

export interface GridViewState {
  order: string[];
  hidden: string[];
  widths: Record<string, number>;
  /** Highest priority first. */
  sort: { id: string; desc: boolean }[];
  filters: Record<string, string>;
  grouping: string[];
  footer: Record<string, FooterAggregation>;
  expanded: Record<string, boolean>;
  pageIndex: number;
  pageSize: number;
}

interface SavedColumn {
  name?: string;
  visible?: boolean;
  width?: number | string;
  sort?: { direction?: string; priority?: number };
  filters?: { term?: string }[];
  pinned?: string;
  [key: string]: unknown;
}

export interface SavedGridState {
  columns?: SavedColumn[];
  scrollFocus?: unknown;
  selection?: unknown[];
  grouping?: {
    grouping?: { field?: string; colName?: string; groupPriority?: number }[];
    aggregations?: { field?: string; colName?: string; aggregation?: { type?: string } }[];
    rowExpandedStates?: Record<string, unknown>;
  };
  treeView?: unknown;
  pagination?: { paginationCurrentPage?: number; paginationPageSize?: number };
  [key: string]: unknown;
}

export function defaultViewState(names: readonly string[]): GridViewState {
  return { order: [...names], hidden: [], widths: {}, sort: [], filters: {}, grouping: [], footer: {}, expanded: {}, pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE };
}

const isFooter = (t: unknown): t is FooterAggregation => typeof t === 'string' && (FOOTER_AGGREGATIONS as readonly string[]).includes(t);

/** Reads a saved state against the current columns: unknown names are ignored, new columns go last. */
export function fromSaved(saved: SavedGridState | undefined, names: readonly string[]): GridViewState {
  const state = defaultViewState(names);
  if (!saved || typeof saved !== 'object') return state;
  const known = new Set(names);
  const cols = (saved.columns ?? []).filter((c) => typeof c.name === 'string' && known.has(c.name));
  const savedOrder = cols.map((c) => c.name as string);
  state.order = [...savedOrder, ...names.filter((n) => !savedOrder.includes(n))];
  const sorts: { id: string; desc: boolean; priority: number }[] = [];
  for (const c of cols) {
    const name = c.name as string;
    if (c.visible === false) state.hidden.push(name);
    const w = typeof c.width === 'number' ? c.width : typeof c.width === 'string' && /^\d+(px)?$/.test(c.width) ? parseInt(c.width, 10) : NaN;
    if (Number.isFinite(w)) state.widths[name] = w;
    const dir = c.sort?.direction;
    if (dir === 'asc' || dir === 'desc') sorts.push({ id: name, desc: dir === 'desc', priority: c.sort?.priority ?? sorts.length });
    const term = c.filters?.[0]?.term;
    if (typeof term === 'string' && term !== '') state.filters[name] = term;
  }
  state.sort = sorts.sort((a, b) => a.priority - b.priority).map(({ id, desc }) => ({ id, desc }));
  const g = saved.grouping;
  state.grouping = (g?.grouping ?? [])
    .filter((x) => typeof x.colName === 'string' && known.has(x.colName))
    .sort((a, b) => (a.groupPriority ?? 0) - (b.groupPriority ?? 0))
    .map((x) => x.colName as string);
  for (const a of g?.aggregations ?? []) {
    if (typeof a.colName === 'string' && known.has(a.colName) && isFooter(a.aggregation?.type)) state.footer[a.colName] = a.aggregation.type;
  }
  for (const [k, v] of Object.entries(g?.rowExpandedStates ?? {})) if (v === true) state.expanded[k] = true;
  const p = saved.pagination;
  if (p?.paginationPageSize && p.paginationPageSize > 0) state.pageSize = p.paginationPageSize;
  if (p?.paginationCurrentPage && p.paginationCurrentPage > 0) state.pageIndex = p.paginationCurrentPage - 1;
  return state;
}

/** Writes the state in the saved layout, keeping fields this grid does not use from the previous saved state. */
export function toSaved(state: GridViewState, previous: SavedGridState | undefined): SavedGridState {
  const prevCols = new Map((previous?.columns ?? []).map((c) => [c.name, c]));
  return {
    ...(previous ?? {}),
    columns: state.order.map((name) => {
      const sortAt = state.sort.findIndex((s) => s.id === name);
      const filter = state.filters[name];
      return {
        ...(prevCols.get(name) ?? {}),
        name,
        visible: !state.hidden.includes(name),
        width: state.widths[name] ?? '*',
        sort: sortAt < 0 ? {} : { priority: sortAt, direction: state.sort[sortAt].desc ? 'desc' : 'asc' },
        filters: [filter ? { term: filter } : {}],
        pinned: '',
      };
    }),
    scrollFocus: previous?.scrollFocus ?? {},
    selection: [],
    grouping: {
      grouping: state.grouping.map((name, i) => ({ field: name, colName: name, groupPriority: i })),
      aggregations: Object.entries(state.footer).map(([name, type]) => ({ field: name, colName: name, aggregation: { type } })),
      rowExpandedStates: { ...state.expanded },
    },
    treeView: previous?.treeView ?? {},
    pagination: { paginationCurrentPage: state.pageIndex + 1, paginationPageSize: state.pageSize },
  };
}
