/**
 * Shapes shared by the result views. Saved configs keep Zeppelin's field names so that a note written by Zeppelin
 * reads back here and is written back unchanged when the user touches nothing.
 */
import type { GraphConfig, ResultConfig } from '../../protocol/model';

export type { GraphConfig, ResultConfig };

export type Aggr = 'sum' | 'count' | 'avg' | 'min' | 'max';
export const AGGRS: readonly Aggr[] = ['sum', 'count', 'avg', 'min', 'max'];

/** Zeppelin's mode names; they are what saved notes hold. */
export type ChartMode = 'table' | 'multiBarChart' | 'pieChart' | 'stackedAreaChart' | 'lineChart' | 'scatterChart' | 'network';

export type Cell = string | number;

export interface TableColumn {
  name: string;
  index: number;
  aggr: Aggr;
}

export interface ParsedTable {
  columns: TableColumn[];
  rows: Cell[][];
  comment: string;
}

/** A column reference as pivot and scatter settings save it. */
export interface ColumnRef {
  name: string;
  index: number;
  aggr?: Aggr;
}

export const DEFAULT_GRAPH_HEIGHT = 300;
