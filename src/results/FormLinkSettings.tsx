/** The "Link clicks to a form" settings of a table or chart: which column's value a click puts into which note form. */
import { useState } from 'react';
import type { FormLink } from './formLink';
import type { GraphConfig, TableColumn } from './types';

export function FormLinkSettings({ columns, forms, graph, onChange }: {
  columns: readonly TableColumn[];
  /** The note's forms, by name. */
  forms: readonly string[];
  graph: GraphConfig;
  onChange(next: GraphConfig): void;
}) {
  const saved = graph.linkToForm as Partial<FormLink> | undefined;
  const [column, setColumn] = useState(saved?.column ?? columns[0]?.name ?? '');
  const form = saved?.form ?? '';
  const save = (c: string, f: string) => {
    const { linkToForm: _old, ...rest } = graph;
    onChange(f ? { ...rest, linkToForm: { column: c, form: f } } : rest);
  };
  return (
    <div role="group" aria-label="Link clicks to a form" className="form-link-settings">
      <span className="form-link-title" aria-hidden="true">Link clicks to a form:</span>
      <label>Column{' '}
        <select aria-label="Linked column" value={column} onChange={(e) => { setColumn(e.target.value); if (form) save(e.target.value, form); }}>
          {columns.map((c) => <option key={c.index} value={c.name}>{c.name}</option>)}
        </select>
      </label>
      <label>Note form{' '}
        <select aria-label="Linked note form" value={form} disabled={forms.length === 0 && !form} onChange={(e) => save(column, e.target.value)}>
          <option value="">{forms.length ? 'none' : 'no note forms in this note'}</option>
          {form && !forms.includes(form) && <option value={form}>{form}</option>}
          {forms.map((f) => <option key={f} value={f}>{f}</option>)}
        </select>
      </label>
    </div>
  );
}
