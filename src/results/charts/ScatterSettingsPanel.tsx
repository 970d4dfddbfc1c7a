/** Scatter axes: a column for x, y, group and size; size is greyed out when the data does not allow it. */
import type { TableColumn } from '../types';
import type { ScatterSetting } from './scatter';

const FIELDS = ['xAxis', 'yAxis', 'group', 'size'] as const;

export function ScatterSettingsPanel({ columns, setting, sizeAllowed, onChange }: {
  columns: readonly TableColumn[]; setting: ScatterSetting; sizeAllowed: boolean; onChange(next: ScatterSetting): void;
}) {
  return (
    <div className="scatter-settings">
      {FIELDS.map((f) => {
        const disabled = f === 'size' && !sizeAllowed;
        return (
          <label key={f} className={disabled ? 'disabled' : undefined} title={disabled ? 'Size needs numeric values and non-discrete axes' : undefined}>
            {f}{' '}
            <select aria-label={`Scatter ${f}`} disabled={disabled} value={setting[f] ? String(setting[f]?.index) : ''}
              onChange={(e) => {
                const c = columns[Number(e.target.value)];
                onChange({ ...setting, [f]: e.target.value === '' || !c ? null : { name: c.name, index: c.index } });
              }}>
              <option value="">none</option>
              {columns.map((c) => <option key={c.index} value={c.index}>{c.name}</option>)}
            </select>
          </label>
        );
      })}
    </div>
  );
}
