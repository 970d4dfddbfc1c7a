/**
 * A result drawn by a Helium visualisation bundle. The bundle owns the container's DOM; React only provides the
 * element and calls the bundle again when the table, the package config or the result's settings change.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { HeliumConfig, HeliumTable, VisualizationPlugin } from '../../sagas/heliumRegistry';
import type { Cell, TableColumn } from './types';

export interface HeliumMode {
  name: string;
  label: string;
  icon?: string;
  plugin: VisualizationPlugin;
  config: HeliumConfig;
}

export function heliumTable(columns: TableColumn[], rows: Cell[][]): HeliumTable {
  return { columns: columns.map((c) => c.name), rows: rows.map((r) => r.map((v) => (v === undefined || v === null ? '' : String(v)))) };
}

const EMPTY: Record<string, unknown> = {};

/** Settings saved but not yet seen back in the paragraph config, by `<paragraphId>:<result index>`. */
const unsettled = new Map<string, Record<string, unknown>>();

export function HeliumVisualization({ resultKey, mode, columns, rows, setting, height, onSettingChange }: {
  resultKey: string; mode: HeliumMode; columns: TableColumn[]; rows: Cell[][]; setting: Record<string, unknown> | undefined; height: number;
  onSettingChange(next: Record<string, unknown>): void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const table = useMemo(() => heliumTable(columns, rows), [columns, rows]);
  // The latest callback, read at call time: a new closure every render must not redraw the bundle.
  const save = useRef(onSettingChange);
  save.current = onSettingChange;
  // The last setting saved for this result wins until the paragraph's config shows exactly it: an echo of an
  // earlier save arriving in between must not bring back the older choice (and the next change built on it). It is
  // kept outside the component because a paragraph update may mount the view again.
  const [, redraw] = useState(0);
  const saved = setting ?? EMPTY;
  const local = unsettled.get(resultKey);
  if (local !== undefined && JSON.stringify(local) === JSON.stringify(saved)) unsettled.delete(resultKey);
  const shown = unsettled.get(resultKey) ?? saved;
  const key = useRef(resultKey);
  key.current = resultKey;
  const saveSetting = useRef((next: Record<string, unknown>) => {
    unsettled.set(key.current, next);
    redraw((n) => n + 1);
    save.current(next);
  }).current;

  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    let cleanup: void | (() => void);
    try {
      cleanup = mode.plugin.render(el, table, mode.config, { setting: shown, saveSetting, height });
      setError(null);
    } catch (e) {
      setError(`${mode.label} could not draw this result: ${e instanceof Error ? e.message : String(e)}`);
    }
    return () => {
      try {
        if (typeof cleanup === 'function') cleanup();
      } catch {
        // A failing cleanup must not keep the next drawing from happening.
      }
    };
  }, [mode, table, shown, height, saveSetting]);

  return (
    <>
      {error && <p role="alert" className="result-message">{error}</p>}
      <div ref={ref} className={`helium-visualization helium-${mode.name}`} data-helium={mode.name} style={{ minHeight: Math.min(height, 120) }} />
    </>
  );
}
