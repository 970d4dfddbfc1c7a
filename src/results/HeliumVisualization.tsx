/**
 * A table result drawn by a Helium VISUALIZATION package, driven as Zeppelin's result view drives it: the package's
 * class is instantiated with the target element (a jQuery object) and the result's saved settings for the package
 * (`graph.setting[<id>]`); then its transformation transforms the table and draws its settings, the visualization
 * renders and draws its own settings, and is activated. A new table, settings or height refreshes the same instance
 * (setConfig, transform, render); `emitConfig` saves the settings with the paragraph. The package owns the target
 * element's DOM and the two settings elements; React only provides them.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { VisualizationBundle, ZeppelinPageHooks } from '../../sagas/heliumRegistry';
import type { Cell, TableColumn } from './types';

export interface HeliumMode {
  /** The bundle id: `graph.mode` and the `graph.setting` key. */
  name: string;
  /** The package name, the mode button's accessible name. */
  label: string;
  icon?: string;
  bundle: VisualizationBundle;
  /** The package's Helium configuration (saved values over defaults), given to the instance as `_packageConfig`. */
  config: Record<string, unknown>;
}

export interface ZeppelinTableData {
  columns: { name: string; index: number; aggr: string }[];
  rows: string[][];
  comment: string;
}

export function heliumTable(columns: TableColumn[], rows: Cell[][], comment = ''): ZeppelinTableData {
  return {
    columns: columns.map((c, index) => ({ name: c.name, index, aggr: 'sum' })),
    rows: rows.map((r) => r.map((v) => (v === undefined || v === null ? '' : String(v)))),
    comment,
  };
}

interface Transformation {
  transform(t: unknown): unknown;
  renderSetting?(el: unknown): void;
  setConfig?(c: unknown): void;
}

interface VisInstance {
  getTransformation(): Transformation;
  render(t: unknown): void;
  renderSetting?(el: unknown): void;
  setConfig?(c: unknown): void;
  activate?(): void;
  resize?(): void;
  destroy?(): void;
}

const copy = (v: Record<string, unknown>): Record<string, unknown> => JSON.parse(JSON.stringify(v)) as Record<string, unknown>;

/** What Zeppelin's page sets on a visualization and its transformation before the first render. */
function inject(target: object, hooks: ZeppelinPageHooks, emit: (c: Record<string, unknown>) => void): void {
  Object.assign(target, { _emitter: emit, _compile: hooks.compile, _createNewScope: hooks.createNewScope, _templateRequest: hooks.templateRequest });
}

/** The settings last emitted for a result (as JSON) and not yet seen in the stored paragraph, by result key. */
const unsettled = new Map<string, string>();

/**
 * The settings to draw with: the last ones this view emitted until the stored paragraph config shows exactly them.
 * Until then whatever else arrives is an echo of something older (an earlier save, or another change of the same
 * paragraph carrying the settings as they were) and must not bring back the older choice, nor have the next change
 * built on it. Kept outside the component because a paragraph update may mount the view again.
 */
function settingToShow(resultKey: string, saved: Record<string, unknown> | undefined): string {
  const json = JSON.stringify(saved ?? {});
  const mine = unsettled.get(resultKey);
  if (mine === undefined) return json;
  if (mine === json) unsettled.delete(resultKey);
  return mine;
}

/** A DOM id from the result's key and the package id (bundles address their element by id). */
export const targetId = (resultKey: string, id: string): string => `p${resultKey}_${id}`.replace(/[^\w-]/g, '_');

export function HeliumVisualization({ resultKey, mode, hooks, table, setting, height, optionOpen, onSettingChange }: {
  resultKey: string; mode: HeliumMode; hooks: ZeppelinPageHooks | undefined; table: ZeppelinTableData;
  /** The package's settings as stored in the paragraph (not a pending local copy). */
  setting: Record<string, unknown> | undefined; height: number; optionOpen: boolean;
  onSettingChange(next: Record<string, unknown>): void;
}) {
  const chart = useRef<HTMLDivElement>(null);
  const trSetting = useRef<HTMLDivElement>(null);
  const vizSetting = useRef<HTMLDivElement>(null);
  const instance = useRef<VisInstance | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The latest callback, read at call time: a new closure every render must not rebuild the instance.
  const save = useRef(onSettingChange);
  save.current = onSettingChange;
  const [, redraw] = useState(0);
  const shown = settingToShow(resultKey, setting);
  const config = useMemo(() => JSON.parse(shown) as Record<string, unknown>, [shown]);
  const key = useRef(resultKey);
  key.current = resultKey;
  const fail = (e: unknown): void => setError(`${mode.label} could not draw this result: ${e instanceof Error ? e.message : String(e)}`);

  useEffect(() => {
    const el = chart.current;
    if (!el || !hooks) return undefined;
    el.style.height = `${height}px`;
    let vis: VisInstance;
    try {
      vis = new mode.bundle.class(hooks.wrap(el), copy(config)) as VisInstance;
      const emit = (next: Record<string, unknown>): void => {
        const json = JSON.stringify(next);
        unsettled.set(key.current, json);
        redraw((n) => n + 1);
        save.current(JSON.parse(json) as Record<string, unknown>);
      };
      inject(vis, hooks, emit);
      Object.assign(vis, { _packageConfig: mode.config });
      const tr = vis.getTransformation();
      inject(tr, hooks, emit);
      const transformed = tr.transform(table);
      tr.renderSetting?.(hooks.wrap(trSetting.current as HTMLElement));
      vis.render(transformed);
      vis.renderSetting?.(hooks.wrap(vizSetting.current as HTMLElement));
      vis.activate?.();
      instance.current = vis;
      setError(null);
    } catch (e) {
      fail(e);
      return undefined;
    }
    const onResize = (): void => vis.resize?.();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      instance.current = null;
      try {
        vis.destroy?.();
      } catch {
        // A failing destroy must not keep the next drawing from happening.
      }
      for (const r of [chart, trSetting, vizSetting]) if (r.current) r.current.textContent = '';
    };
    // Only a new package or page environment makes a new instance; data and settings changes refresh it below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode.bundle, hooks]);

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const vis = instance.current;
    const el = chart.current;
    if (!vis || !el || !hooks) return;
    el.style.height = `${height}px`;
    try {
      // One object for both, as Zeppelin's page passes: what the transformation saves, the visualization sees.
      const next = copy(config);
      const tr = vis.getTransformation();
      tr.setConfig?.(next);
      const transformed = tr.transform(table);
      tr.renderSetting?.(hooks.wrap(trSetting.current as HTMLElement));
      vis.setConfig?.(next);
      vis.render(transformed);
      vis.renderSetting?.(hooks.wrap(vizSetting.current as HTMLElement));
      vis.activate?.();
      setError(null);
    } catch (e) {
      fail(e);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [config, table, height]);

  const id = targetId(resultKey, mode.name);
  return (
    <>
      {error && <p role="alert" className="result-message">{error}</p>}
      <div className="result-settings" role="region" aria-label="Chart settings" hidden={!optionOpen}>
        <div ref={trSetting} id={`trsetting${id}`} />
        <div ref={vizSetting} id={`vizsetting${id}`} />
      </div>
      <div ref={chart} id={id} className={`helium-visualization helium-${mode.name}`} data-helium={mode.name} />
    </>
  );
}
