/**
 * One column header: sorts on click, opens the column menu (button, or Alt+↓ on the header), holds the column's
 * filter box, and is where columns are dragged to reorder and resized.
 */
import type { KeyboardEvent } from 'react';
import { Icon } from '../../components/Icon';
import { ColumnMenu } from './ColumnMenu';
import { columnType } from './columnTypes';
import { FilterInput } from './FilterInput';
import { cellStyle } from './gridLayout';
import type { GridViewState } from './gridState';
import type { TableOptionValue } from './tableOptions';
import type { ColumnDrag } from './useColumnDrag';
import type { GridHeader } from './useGridTable';

export function GridHeaderCell({ header, view, options, types, menuOpen, setMenuFor, change, setFilter, drag }: {
  header: GridHeader;
  view: GridViewState;
  options: TableOptionValue;
  types: Record<string, unknown> | undefined;
  menuOpen: boolean;
  setMenuFor(name: string | null): void;
  change(next: GridViewState): void;
  setFilter(name: string, term: string): void;
  drag: ColumnDrag;
}) {
  const name = header.column.id;
  const sortAt = view.sort.findIndex((s) => s.id === name);
  const sortDir = sortAt < 0 ? 'none' : view.sort[sortAt].desc ? 'descending' : 'ascending';
  const idx = view.order.indexOf(name);
  const onHeaderKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' && e.altKey) {
      e.preventDefault();
      setMenuFor(name);
    }
  };
  return (
    <th role="columnheader" aria-sort={sortDir} style={cellStyle(header.getSize())}
      draggable onDragStart={() => drag.onDragStart(name)} onDragOver={(e) => e.preventDefault()} onDrop={(e) => drag.onDrop(e, name)}>
      <div className="grid-header">
        <button type="button" className="btn-link grid-sort" onKeyDown={onHeaderKey}
          onClick={header.column.getToggleSortingHandler()}>
          {name}{sortDir === 'ascending' ? ' ▲' : sortDir === 'descending' ? ' ▼' : ''}
        </button>
        {view.grouping.includes(name) && <span className="grid-grouped" title="grouped"><Icon name="grouped" size={12} /></span>}
        <button type="button" className="btn-link grid-menu-button" aria-haspopup="menu" aria-expanded={menuOpen}
          aria-label={`Column options: ${name}`} onClick={() => setMenuFor(menuOpen ? null : name)}>⋮</button>
      </div>
      {options.useFilter && <FilterInput name={name} value={view.filters[name] ?? ''} onCommit={(t) => setFilter(name, t)} />}
      {menuOpen && (
        <ColumnMenu name={name} view={view} options={options} type={columnType(types, name)}
          canLeft={idx > 0} canRight={idx < view.order.length - 1}
          onChange={(next) => { change(next); setMenuFor(null); }} onClose={() => setMenuFor(null)} />
      )}
      <div className="grid-resizer" aria-hidden onMouseDown={header.getResizeHandler()} onTouchStart={header.getResizeHandler()} />
    </th>
  );
}
