/**
 * Drag-and-drop pivot editor: columns are dragged from "All fields" into Keys, Groups or Values; each value has an
 * aggregation picker. Every zone also takes a column from a select, so the editor works without a mouse.
 */
import { useState, type DragEvent } from 'react';
import { AGGRS, type Aggr, type ColumnRef, type TableColumn } from '../types';
import type { PivotConfig } from './pivot';

export type PivotZone = 'keys' | 'groups' | 'values';
const ZONES: readonly { zone: PivotZone; label: string }[] = [
  { zone: 'keys', label: 'Keys' },
  { zone: 'groups', label: 'Groups' },
  { zone: 'values', label: 'Values' },
];

const DRAG_TYPE = 'application/x-zeppelin-column';

/** Adds a column to a zone; keys and groups take a column once, values may repeat it with another aggregation. */
export function addToZone(config: PivotConfig, zone: PivotZone, column: TableColumn): PivotConfig {
  const ref: ColumnRef = zone === 'values' ? { name: column.name, index: column.index, aggr: 'sum' } : { name: column.name, index: column.index, aggr: 'sum' };
  const list = config[zone];
  if (zone !== 'values' && list.some((c) => c.index === column.index && c.name === column.name)) return config;
  return { ...config, [zone]: [...list, ref] };
}

export function removeFromZone(config: PivotConfig, zone: PivotZone, at: number): PivotConfig {
  return { ...config, [zone]: config[zone].filter((_, i) => i !== at) };
}

export function setAggregation(config: PivotConfig, at: number, aggr: Aggr): PivotConfig {
  return { ...config, values: config.values.map((v, i) => (i === at ? { ...v, aggr } : v)) };
}

export function ColumnSelector({ columns, config, onChange }: { columns: readonly TableColumn[]; config: PivotConfig; onChange(next: PivotConfig): void }) {
  const [over, setOver] = useState<PivotZone | null>(null);
  const drop = (zone: PivotZone) => (e: DragEvent) => {
    e.preventDefault();
    setOver(null);
    const index = Number(e.dataTransfer.getData(DRAG_TYPE) || e.dataTransfer.getData('text/plain'));
    const column = columns[index];
    if (column) onChange(addToZone(config, zone, column));
  };
  return (
    <div className="pivot-selector">
      <div className="pivot-fields" role="list" aria-label="All fields">
        {columns.map((c) => (
          <span role="listitem" key={c.index} className="pivot-chip" draggable data-column={c.name}
            onDragStart={(e) => { e.dataTransfer.setData(DRAG_TYPE, String(c.index)); e.dataTransfer.setData('text/plain', String(c.index)); e.dataTransfer.effectAllowed = 'copy'; }}>
            {c.name}
          </span>
        ))}
      </div>
      {ZONES.map(({ zone, label }) => (
        <div key={zone} className={`pivot-zone${over === zone ? ' pivot-zone-over' : ''}`} role="group" aria-label={label} data-zone={zone}
          onDragOver={(e) => { e.preventDefault(); e.dataTransfer.dropEffect = 'copy'; setOver(zone); }}
          onDragLeave={() => setOver(null)} onDrop={drop(zone)}>
          <span className="pivot-zone-title">{label}</span>
          {config[zone].map((c, i) => (
            <span key={`${c.index}:${i}`} className="pivot-chip pivot-chip-set">
              {c.name}
              {zone === 'values' && (
                <select aria-label={`Aggregation of ${c.name}`} value={c.aggr ?? 'sum'} onChange={(e) => onChange(setAggregation(config, i, e.target.value as Aggr))}>
                  {AGGRS.map((a) => <option key={a} value={a}>{a}</option>)}
                </select>
              )}
              <button type="button" className="btn-link" aria-label={`Remove ${c.name} from ${label}`} onClick={() => onChange(removeFromZone(config, zone, i))}>×</button>
            </span>
          ))}
          <select aria-label={`Add column to ${label}`} value="" onChange={(e) => { const col = columns[Number(e.target.value)]; if (col) onChange(addToZone(config, zone, col)); }}>
            <option value="">+</option>
            {columns.map((c) => <option key={c.index} value={c.index}>{c.name}</option>)}
          </select>
        </div>
      ))}
    </div>
  );
}
