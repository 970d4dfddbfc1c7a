/** Click handlers for a result whose settings link clicks to a note form; none when there is no whole link. */
import { useMemo } from 'react';
import { formLinkOf, linkedValue } from './formLink';
import { rowOfMark, type CellSource, type PivotConfig } from './pivot/pivot';
import { rowOfPoint, type ScatterPoint, type ScatterSetting } from './charts/scatter';
import type { GraphConfig, TableColumn } from './types';

export interface FormLinkHandlers {
  /** The form the clicks set, for the marks' accessible names. */
  form: string;
  onMark(xLabel: string, seriesKey: string): void;
  onPoint(point: ScatterPoint, groupKey: string): void;
  onRow(valueOf: (column: string) => unknown): void;
}

export function useFormLink(graph: GraphConfig, columns: readonly TableColumn[] | null, source: CellSource | null,
  pivotConfig: PivotConfig | null, scatter: ScatterSetting | null, onFormLink: ((form: string, value: string) => void) | undefined): FormLinkHandlers | null {
  return useMemo(() => {
    const link = onFormLink ? formLinkOf(graph, columns) : null;
    if (!link || !source || !onFormLink) return null;
    const set = (row: number) => {
      const v = linkedValue(source, row, link.index);
      if (v !== null) onFormLink(link.form, v);
    };
    return {
      form: link.form,
      onMark: (x, s) => { if (pivotConfig) set(rowOfMark(source, pivotConfig, x, s)); },
      onPoint: (p, g) => { if (scatter) set(rowOfPoint(source, scatter, p, g)); },
      onRow: (valueOf) => { const v = valueOf(link.column); onFormLink(link.form, v === undefined || v === null ? '' : String(v)); },
    };
  }, [graph, columns, source, pivotConfig, scatter, onFormLink]);
}
