/**
 * "Link clicks to a form": a result's saved choice of a column and a note form (`graph.linkToForm`, our extension;
 * Zeppelin keeps unknown keys of a paragraph's config as they are). Clicking a bar, slice, point or table row sets
 * the note form to that row's value in the column.
 */
import type { CellSource } from './pivot/pivot';
import type { GraphConfig, TableColumn } from './types';

export interface FormLink {
  column: string;
  form: string;
}

/** The saved link when it is whole and its column is in this result; null otherwise. */
export function formLinkOf(graph: GraphConfig, columns: readonly TableColumn[] | null): (FormLink & { index: number }) | null {
  const l = graph.linkToForm as Partial<FormLink> | undefined;
  if (!l || typeof l.column !== 'string' || typeof l.form !== 'string' || !l.form) return null;
  const c = columns?.find((x) => x.name === l.column);
  return c ? { column: l.column, form: l.form, index: c.index } : null;
}

/** The linked column's value in row `row` as text (a form value), or null for no row. */
export function linkedValue(src: CellSource, row: number, column: number): string | null {
  if (row < 0) return null;
  const v = src.cell(row, column);
  return v === undefined ? '' : String(v);
}
