/** The visualisation modes, their Zeppelin names and the button labels users know. */
import type { ChartMode } from './types';

export const MODE_LABELS: Record<ChartMode, string> = {
  table: 'Table',
  multiBarChart: 'Bar Chart',
  pieChart: 'Pie Chart',
  stackedAreaChart: 'Area Chart',
  lineChart: 'Line Chart',
  scatterChart: 'Scatter Chart',
  network: 'Network',
};

const TABLE_MODES: readonly ChartMode[] = ['table', 'multiBarChart', 'pieChart', 'stackedAreaChart', 'lineChart', 'scatterChart'];
const NETWORK_MODES: readonly ChartMode[] = ['network', 'table'];

/** Network is offered only for network results. */
export function modesFor(resultType: string): readonly ChartMode[] {
  return resultType === 'NETWORK' ? NETWORK_MODES : TABLE_MODES;
}

/** The mode to show: the saved one when it applies to this result, else the result's natural mode. */
export function effectiveMode(resultType: string, saved: unknown): ChartMode {
  const modes = modesFor(resultType);
  if (resultType === 'NETWORK') return saved === 'table' ? 'table' : 'network';
  return typeof saved === 'string' && (modes as readonly string[]).includes(saved) ? (saved as ChartMode) : 'table';
}

/** Whether a saved mode name is one of ours (anything else names a Helium visualisation package). */
export function isBuiltInMode(mode: string): boolean {
  return Object.prototype.hasOwnProperty.call(MODE_LABELS, mode);
}
