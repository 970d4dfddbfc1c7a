/**
 * The table mode: reads and writes `graph.setting.table` (options, column types, grid state) around the grid,
 * keeping every other saved field as it was. A result that is not a table gets a message, not a crash.
 */
import type { CellSource } from '../pivot/pivot';
import type { TableColumn } from '../types';
import { OptionPanel } from '../advanced/OptionWidgets';
import type { ParamValue } from '../advanced/transformation';
import { columnType, GRID_COLUMN_TYPES } from './columnTypes';
import type { SavedGridState } from './gridState';
import { TableGrid } from './TableGrid';
import { TABLE_OPTION_SPECS, tableOptionValue } from './tableOptions';
import type { FormLinkHandlers } from '../useFormLink';
import type { RemoteTable } from './tableWorker';

export interface TableSetting {
  tableGridState?: SavedGridState;
  tableColumnTypeState?: { names?: Record<string, unknown>; updated?: boolean; [key: string]: unknown };
  tableOptionValue?: Record<string, unknown>;
  tableOptionSpecHash?: string;
  initialized?: boolean;
  updated?: boolean;
  [key: string]: unknown;
}

export function NotATable({ type }: { type: string }) {
  console.warn(`Result of type ${type} cannot be loaded as a table`);
  return <p role="alert" className="result-message">This result ({type}) is not a table and cannot be shown in the table view.</p>;
}

export function TableView({ source, columns, setting, optionOpen, onChange, height, title, dateFinished, resultType = 'TABLE', onRow, remote }: {
  source: CellSource | null;
  columns: readonly TableColumn[];
  setting: TableSetting;
  optionOpen: boolean;
  onChange(next: TableSetting): void;
  height: number;
  title?: string;
  dateFinished?: string;
  resultType?: string;
  /** Rows are clickable: a click (or Enter/Space) sets the linked note form from the row. */
  onRow?: FormLinkHandlers['onRow'];
  /** The worker's copy of a large table, which sorts it. */
  remote?: RemoteTable;
}) {
  if (!source) return <NotATable type={resultType} />;
  const options = tableOptionValue(setting.tableOptionValue);
  const names = setting.tableColumnTypeState?.names;
  const saveOption = (name: string, value: ParamValue) =>
    onChange({ ...setting, tableOptionValue: { ...options, ...(setting.tableOptionValue ?? {}), [name]: value } });
  const setType = (name: string, type: string) =>
    onChange({ ...setting, tableColumnTypeState: { ...(setting.tableColumnTypeState ?? {}), names: { ...(names ?? {}), [name]: type }, updated: true } });
  return (
    <div className="table-view">
      {optionOpen && (
        <div className="result-settings" role="region" aria-label="Table options">
          <OptionPanel specs={TABLE_OPTION_SPECS} values={{ ...options }} onSave={saveOption} />
          <fieldset className="column-types">
            <legend>Column types</legend>
            {columns.map((c) => (
              <label key={c.index}>
                {c.name}{' '}
                <select aria-label={`Type of ${c.name}`} value={columnType(names, c.name)} onChange={(e) => setType(c.name, e.target.value)}>
                  {GRID_COLUMN_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
                </select>
              </label>
            ))}
          </fieldset>
        </div>
      )}
      {/* Applying options rebuilds the grid: a new key remounts it from the saved state. */}
      <TableGrid key={JSON.stringify(options)} source={source} columns={columns} options={options} types={names}
        saved={setting.tableGridState} onSave={(s) => onChange({ ...setting, tableGridState: s })}
        height={height} title={title} dateFinished={dateFinished} onRow={onRow} remote={remote} />
    </div>
  );
}
