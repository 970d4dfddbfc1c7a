/** A column's menu: sort, hide, group, move, and its aggregation in the footer. */
import { FOOTER_AGGREGATIONS, type AdvancedColumnType, type FooterAggregation } from './columnTypes';
import type { GridViewState } from './gridState';
import type { TableOptionValue } from './tableOptions';

export function ColumnMenu({ name, view, options, type, canLeft, canRight, onChange, onClose }: {
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
