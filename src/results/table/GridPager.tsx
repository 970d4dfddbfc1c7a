/** Page navigation and page size, shown when the table's pagination option is on. */
import type { GridViewState } from './gridState';
import { PAGE_SIZES } from './tableOptions';

export function GridPager({ view, pageCount, change }: { view: GridViewState; pageCount: number; change(next: GridViewState): void }) {
  return (
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
  );
}
