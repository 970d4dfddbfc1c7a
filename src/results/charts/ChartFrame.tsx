/**
 * What every chart shares: a one-line summary and a data table for screen readers, the downsampling notice, and
 * drawing only while shown (a hidden chart keeps its last drawing and catches up when it appears).
 *
 * The drawing itself is rendered as a deferred value: the chart library builds hundreds of marks, ticks and labels,
 * which in an urgent render (a click, a new width) is one main-thread task of a tenth of a second for a chart of a
 * hundred groups. Deferred, React renders it in slices between which the page stays responsive; until it is in,
 * the canvas keeps its height and the previous drawing.
 */
import { useDeferredValue, useId, useRef, type ReactNode } from 'react';
import { useShown, useWidth } from './useShown';

export interface FallbackTable {
  caption: string;
  header: string[];
  rows: (string | number)[][];
}

/** Beyond this many rows the fallback table says how many it left out rather than growing the page. */
const FALLBACK_ROW_LIMIT = 500;

export function ChartFrame({ summary, notice, table, height, draw, interactive = false }: {
  summary: string;
  /** The drawing holds focusable marks (a chart linked to a form), so it is not hidden from assistive technology. */
  interactive?: boolean;
  notice: string | null;
  table: FallbackTable;
  height: number;
  draw(width: number): ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = useShown(ref);
  const width = useWidth(ref);
  const last = useRef<ReactNode>(null);
  // Drawn once the width is known (useWidth): a hidden or not yet measured chart keeps its last drawing.
  if (shown && width !== null) last.current = draw(width);
  const drawing = useDeferredValue(last.current, null);
  const id = useId();
  const rows = table.rows.slice(0, FALLBACK_ROW_LIMIT);
  return (
    <figure className="result-chart" aria-describedby={`${id}-summary`}>
      <div ref={ref} className="result-chart-canvas" style={{ height }} aria-hidden={interactive ? undefined : true}>{drawing}</div>
      {notice && <p className="chart-notice" role="note">{notice}</p>}
      <figcaption id={`${id}-summary`} className="sr-only">{summary}</figcaption>
      <table className="sr-only">
        <caption>{table.caption}</caption>
        <thead><tr>{table.header.map((h, i) => <th key={i} scope="col">{h}</th>)}</tr></thead>
        <tbody>
          {rows.map((r, i) => <tr key={i}>{r.map((c, j) => (j === 0 ? <th key={j} scope="row">{c}</th> : <td key={j}>{c}</td>))}</tr>)}
        </tbody>
        {table.rows.length > rows.length && <tfoot><tr><td colSpan={table.header.length}>{table.rows.length - rows.length} more rows not listed</td></tr></tfoot>}
      </table>
    </figure>
  );
}
