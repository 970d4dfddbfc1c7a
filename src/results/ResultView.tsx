/**
 * One paragraph result shown as a table, a chart or a network. TABLE and NETWORK results are drawn here; any other
 * type is left to the caller (null). Every change of mode or setting goes out through `onConfigChange` as a whole
 * result config; everything this view does not touch is passed through as it was saved.
 */
import { useMemo, type ReactNode } from 'react';
import { isRunningStatus, type ParagraphStatus } from '../../protocol/model';
import { effectiveMode, isBuiltInMode } from './modes';
import { HeliumVisualization, heliumTable, type HeliumMode } from './HeliumVisualization';
import type { ZeppelinPageHooks } from '../../sagas/heliumRegistry';
import { TableView, type TableSetting } from './table/TableView';
import { normalizePivot, type PivotConfig } from './pivot/pivot';
import { usePivot } from './pivot/usePivot';
import { ColumnSelector } from './pivot/ColumnSelector';
import type { PivotChartMode } from './charts/PivotChart';
import { chartSetting, withChartSetting, type ChartSetting } from './charts/chartSettings';
import { ChartSettingsPanel } from './charts/ChartSettingsPanel';
import { normalizeScatter, scatterData, type ScatterSetting } from './charts/scatter';
import { ScatterSettingsPanel } from './charts/ScatterSettingsPanel';
import { NetworkView, PivotChart, ScatterView } from './lazyViews';
import { ResultToolbar } from './ResultToolbar';
import { usePendingConfig } from './usePendingConfig';
import { useLoadedResult } from './useLoadedResult';
import { useFormLink } from './useFormLink';
import { FormLinkSettings } from './FormLinkSettings';
import { DEFAULT_GRAPH_HEIGHT, type ChartMode, type GraphConfig, type ResultConfig } from './types';
import { useSameWhileEqual } from './useSameWhileEqual';
import './results.css';

export interface ResultViewProps {
  paragraphId: string;
  index: number;
  result: { type: string; data: string };
  config: ResultConfig | undefined;
  status?: ParagraphStatus;
  dateFinished?: string;
  title?: string;
  /** Enabled Helium visualisations, in the Helium page's order; offered for table results after the built-in modes. */
  heliumModes?: readonly HeliumMode[];
  /** The page environment Helium visualizations are given (set once the first bundle has loaded). */
  heliumHooks?: ZeppelinPageHooks;
  /** The note's forms by name, offered by "Link clicks to a form". */
  noteForms?: readonly string[];
  /** A click on a linked table or chart: set the note form to the value. */
  onFormLink?(form: string, value: string): void;
  onConfigChange(next: ResultConfig): void;
}

const NO_FORMS: readonly string[] = [];

/** A height under 50 (a collapsed resize) reads as the default. */
export function graphHeight(graph: GraphConfig): number {
  const h = Number(graph.height);
  return Number.isFinite(h) && h >= 50 ? h : DEFAULT_GRAPH_HEIGHT;
}

const NO_HELIUM: readonly HeliumMode[] = [];

export function ResultView({ paragraphId, index, result, config: savedConfig, status, dateFinished, title, heliumModes = NO_HELIUM, heliumHooks, noteForms = NO_FORMS, onFormLink, onConfigChange }: ResultViewProps) {
  const [config, commit] = usePendingConfig(savedConfig, onConfigChange);
  const { loaded, partial } = useLoadedResult(result, isRunningStatus(status));
  const graph: GraphConfig = useMemo(() => config?.graph ?? {}, [config]);
  const offeredHelium = result.type === 'TABLE' ? heliumModes : NO_HELIUM;
  const heliumMode = offeredHelium.find((h) => h.name === graph.mode);
  // A saved mode that is neither built in nor an enabled package (disabled since) falls back to the table.
  const missingHelium = !heliumMode && result.type === 'TABLE' && typeof graph.mode === 'string' && graph.mode !== '' && !isBuiltInMode(graph.mode) ? graph.mode : null;
  const mode = effectiveMode(result.type, graph.mode);
  const shownMode = heliumMode ? heliumMode.name : mode;
  const columns = loaded && loaded.kind !== 'error' ? loaded.columns : null;
  const source = loaded && loaded.kind !== 'error' ? loaded.source : null;
  const normalized = useMemo(() => (columns ? normalizePivot(graph, columns) : null), [graph, columns]);
  // Kept while its content is the same (a mode change comes back from the server as a new config): else the table
  // is pivoted and the chart drawn again for nothing.
  const pivotConfig = useSameWhileEqual(normalized, JSON.stringify(normalized));
  const isPivotMode = mode === 'multiBarChart' || mode === 'pieChart' || mode === 'stackedAreaChart' || mode === 'lineChart';
  const remote = loaded?.kind === 'table' ? loaded.remote : undefined;
  const pivoted = usePivot(isPivotMode ? source : null, pivotConfig, remote);
  const savedScatter = (graph.setting?.scatterChart ?? graph.scatter) as ScatterSetting | undefined;
  const scatterSetting = useMemo(() => (columns ? normalizeScatter(savedScatter, columns) : null), [savedScatter, columns]);
  const scattered = useMemo(
    () => (mode === 'scatterChart' && source && scatterSetting ? scatterData(source, scatterSetting) : null),
    [mode, source, scatterSetting],
  );

  const link = useFormLink(graph, columns, source, pivotConfig, scatterSetting, onFormLink);
  // Row arrays for a plugin are made only when one is shown: for a large table they cost a long task.
  const heliumData = useMemo(() => (heliumMode && loaded?.kind === 'table' ? heliumTable(loaded.columns, loaded.table.rows, loaded.table.comment) : null), [heliumMode, loaded]);

  if (!loaded) return null;
  if (loaded.kind === 'error') return <p role="alert" className="result-message">{loaded.message}</p>;

  const height = graphHeight(graph);
  const optionOpen = graph.optionOpen === true;
  const tableSetting = (graph.setting?.table ?? {}) as TableSetting;
  const setPivot = (p: PivotConfig) => commit({ ...graph, keys: p.keys, groups: p.groups, values: p.values });
  const setSetting = (m: ChartMode, patch: Partial<ChartSetting>) => commit(withChartSetting(graph, m, patch));

  let body: ReactNode = null;
  // Charts and plugins wait for every row: drawn from the first rows they would show something else for a moment.
  if (partial && (heliumMode || mode !== 'table')) {
    body = null;
  } else if (heliumMode && heliumData) {
    body = (
      <HeliumVisualization resultKey={`${paragraphId}_${index}`} mode={heliumMode} hooks={heliumHooks} table={heliumData}
        height={height} optionOpen={optionOpen} setting={savedConfig?.graph?.setting?.[heliumMode.name] as Record<string, unknown> | undefined}
        onSettingChange={(next) => commit({ ...graph, setting: { ...(graph.setting ?? {}), [heliumMode.name]: next } })} />
    );
  } else if (mode === 'table') {
    body = (
      <TableView source={loaded.source} columns={loaded.columns} setting={tableSetting} optionOpen={optionOpen} height={height}
        title={title} dateFinished={dateFinished} resultType={result.type} onRow={link?.onRow} remote={remote}
        onChange={(next) => commit({ ...graph, setting: { ...(graph.setting ?? {}), table: next } })} />
    );
  } else if (mode === 'network' && loaded.kind === 'network') {
    body = <NetworkView data={loaded.network} height={height} />;
  } else if (isPivotMode && pivoted && pivotConfig) {
    body = (
      <>
        {optionOpen && (
          <div className="result-settings" role="region" aria-label="Chart settings">
            <ColumnSelector columns={loaded.columns} config={pivotConfig} onChange={setPivot} />
            <ChartSettingsPanel key={mode} mode={mode} setting={chartSetting(graph, mode)} onChange={(p) => setSetting(mode, p)} />
          </div>
        )}
        <PivotChart mode={mode as PivotChartMode} pivot={pivoted} setting={chartSetting(graph, mode)} height={height} link={link} />
      </>
    );
  } else if (mode === 'scatterChart' && scattered && scatterSetting) {
    body = (
      <>
        {optionOpen && (
          <div className="result-settings" role="region" aria-label="Chart settings">
            <ScatterSettingsPanel columns={loaded.columns} setting={scatterSetting} sizeAllowed={scattered.sizeAllowed}
              onChange={(s) => commit(withChartSetting(graph, 'scatterChart', { ...s }))} />
          </div>
        )}
        <ScatterView data={scattered} setting={scatterSetting} height={height} link={link} />
      </>
    );
  }

  return (
    <div className="result-view" data-paragraph={paragraphId} data-result-index={index} data-status={status} data-mode={shownMode}>
      <ResultToolbar resultType={result.type} heliumModes={offeredHelium} shownMode={shownMode} showSettings={mode !== 'network'}
        optionOpen={optionOpen} onModeChange={(m) => commit({ ...graph, mode: m })} onSettingsToggle={() => commit({ ...graph, optionOpen: !optionOpen })} />
      {missingHelium && <p role="note" className="result-message">Visualization {missingHelium} is not enabled; showing the table.</p>}
      {optionOpen && !heliumMode && columns && mode !== 'network' && onFormLink && (
        <FormLinkSettings key={`${paragraphId}_${index}`} columns={columns} forms={noteForms} graph={graph} onChange={commit} />
      )}
      {partial && <p role="status" className="result-partial">Reading all rows; the first {loaded.kind === 'table' ? loaded.table.rowCount : 0} are shown.</p>}
      {body}
      {loaded.kind === 'table' && loaded.table.comment && <p className="table-comment">{loaded.table.comment}</p>}
    </div>
  );
}
