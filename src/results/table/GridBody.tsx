/**
 * The grid's body: only the rows from `first` to `last` are drawn, with spacer rows standing in for the rest so the
 * scroll height stays that of the whole table. Group rows get an expand toggle and their columns' aggregations.
 */
import type { KeyboardEvent, ReactNode } from 'react';
import type { Cell as CellValue } from '../types';
import { aggregate } from './columnTypes';
import { cellStyle, ROW_HEIGHT } from './gridLayout';
import type { GridViewState } from './gridState';
import type { GridCell, GridRow } from './useGridTable';

const display = (v: CellValue | undefined): string => (v === undefined ? '' : String(v));

function cellContent(row: GridRow, cell: GridCell, footer: GridViewState['footer']): ReactNode {
  if (cell.getIsGrouped()) {
    return (
      <button type="button" className="btn-link" aria-expanded={row.getIsExpanded()} onClick={row.getToggleExpandedHandler()}>
        {row.getIsExpanded() ? '▾' : '▸'} {display(cell.getValue<CellValue | undefined>())} ({row.getLeafRows().length})
      </button>
    );
  }
  if (row.getIsGrouped()) {
    const name = cell.column.id;
    const agg = footer[name];
    return agg && !cell.getIsPlaceholder()
      ? `${agg}: ${aggregate(agg, row.getLeafRows().filter((l) => !l.subRows.length).map((l) => l.getValue<CellValue | undefined>(name))) ?? ''}`
      : null;
  }
  return cell.getIsPlaceholder() ? null : display(cell.getValue<CellValue | undefined>());
}

/** What a linked row (Link clicks to a form) adds: a click or Enter/Space on the focused row sets the form. */
function rowActions(row: GridRow, onRow: ((valueOf: (column: string) => unknown) => void) | undefined) {
  if (!onRow || row.getIsGrouped()) return {};
  const activate = () => onRow((column) => row.getValue(column));
  return {
    tabIndex: 0, className: 'grid-linked-row', onClick: activate,
    onKeyDown: (e: KeyboardEvent<HTMLTableRowElement>) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        activate();
      }
    },
  };
}

/** `rows` are the rows drawn, the first of them at `first` among `total`. */
export function GridBody({ rows, first, total, footer, onRow }: {
  rows: GridRow[]; first: number; total: number; footer: GridViewState['footer'];
  onRow?(valueOf: (column: string) => unknown): void;
}) {
  const last = first + rows.length;
  return (
    <tbody>
      {first > 0 && <tr aria-hidden="true" style={{ height: first * ROW_HEIGHT }} className="grid-spacer" />}
      {rows.map((row, i) => (
        <tr role="row" key={row.id} aria-rowindex={first + i + 2} style={{ height: ROW_HEIGHT }} className={row.getIsGrouped() ? 'grid-group-row' : undefined}
          {...rowActions(row, onRow)}>
          {row.getVisibleCells().map((cell) => (
            <td role="gridcell" key={cell.id} style={cellStyle(cell.column.getSize())}>{cellContent(row, cell, footer)}</td>
          ))}
        </tr>
      ))}
      {last < total && <tr aria-hidden="true" style={{ height: (total - last) * ROW_HEIGHT }} className="grid-spacer" />}
    </tbody>
  );
}
