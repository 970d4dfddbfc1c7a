/**
 * Per-chart settings as Zeppelin saves them under `graph.setting[mode]`, read with their defaults, and the layout
 * numbers that follow from them.
 */
import { CHART_DATE_FORMAT } from '../../../slices/domain/dates';
import type { ChartMode, GraphConfig } from '../types';

export type XLabelStatus = 'default' | 'rotate' | 'hide';
export type AreaStyle = 'stack' | 'stream' | 'expand';

export interface ChartSetting {
  rotate?: { degree?: string };
  xLabelStatus?: XLabelStatus;
  stacked?: boolean;
  style?: AreaStyle;
  lineWithFocus?: boolean;
  forceY?: boolean;
  isDateFormat?: boolean;
  dateFormat?: string;
  [key: string]: unknown;
}

export const DEFAULT_DEGREE = '-45';
export const BOTTOM_MARGIN = 50;
export const BOTTOM_MARGIN_ROTATED = 140;
export const Y_LABEL_DISTANCE = 50;
export const TRANSITION_MS = 300;
/** Above this many points in the first series, animation costs more than it shows. */
export const TRANSITION_POINT_LIMIT = 150;
export { CHART_DATE_FORMAT };

export function chartSetting(graph: GraphConfig | undefined, mode: ChartMode): ChartSetting {
  const s = graph?.setting?.[mode];
  return s && typeof s === 'object' ? (s as ChartSetting) : {};
}

/** An empty or missing degree reads as the default. */
export function normalizeDegree(degree: string | undefined): string {
  return degree === undefined || degree.trim() === '' ? DEFAULT_DEGREE : degree;
}

export function xLabelStatus(s: ChartSetting): XLabelStatus {
  return s.xLabelStatus === 'rotate' || s.xLabelStatus === 'hide' ? s.xLabelStatus : 'default';
}

export function rotationDegree(s: ChartSetting): number {
  const d = Number(normalizeDegree(s.rotate?.degree));
  return Number.isFinite(d) ? d : Number(DEFAULT_DEGREE);
}

export function bottomMargin(s: ChartSetting): number {
  return xLabelStatus(s) === 'rotate' ? BOTTOM_MARGIN_ROTATED : BOTTOM_MARGIN;
}

export function transitionMs(firstSeriesLength: number): number {
  return firstSeriesLength > TRANSITION_POINT_LIMIT ? 0 : TRANSITION_MS;
}

export function dateFormat(s: ChartSetting): string {
  return s.dateFormat && s.dateFormat.trim() ? s.dateFormat : CHART_DATE_FORMAT;
}

/** Returns a graph config with `patch` merged into `setting[mode]`; everything else is kept as it was. */
export function withChartSetting(graph: GraphConfig, mode: ChartMode, patch: Partial<ChartSetting>): GraphConfig {
  const setting = { ...(graph.setting ?? {}) };
  setting[mode] = { ...chartSetting(graph, mode), ...patch };
  return { ...graph, setting };
}
