/** The aggregation footer: each column's chosen aggregation over the rows that pass the filters. */
import type { Cell as CellValue } from '../types';
import { aggregate } from './columnTypes';
import { cellStyle } from './gridLayout';
import type { GridViewState } from './gridState';
import type { GridColumn, GridRow } from './useGridTable';

export function GridFooter({ columns, filteredRows, footer, rowIndex }: {
  columns: GridColumn[]; filteredRows: GridRow[]; footer: GridViewState['footer']; rowIndex: number;
}) {
  return (
    <tfoot>
      <tr role="row" aria-rowindex={rowIndex}>
        {columns.map((c) => {
          const agg = footer[c.id];
          const value = agg ? aggregate(agg, filteredRows.filter((r) => !r.getIsGrouped()).map((r) => r.getValue<CellValue | undefined>(c.id))) : null;
          return <td role="gridcell" key={c.id} style={cellStyle(c.getSize())}>{agg ? `${agg}: ${value ?? ''}` : ''}</td>;
        })}
      </tr>
    </tfoot>
  );
}
