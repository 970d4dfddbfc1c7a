/**
 * The page-side Helium registry: the global `window.zeppelinHelium` that plugin bundles call to register the
 * visualisations and spells they provide (documented in helium-packages/README.md).
 *
 * Notes:
 * - Registrations hold functions, so they live here and not in Redux; the store only learns package names
 *   (helium/bundlesLoaded, admin bundle loads). Listeners let views re-render when a bundle registers late.
 * - Re-registering a name replaces the earlier entry: enabling another version of a package reloads its bundle.
 */

export interface HeliumTable {
  columns: string[];
  rows: string[][];
}

export type HeliumConfig = Record<string, unknown>;

/** What a visualisation gets besides the table: its per-result settings, saved with the paragraph like a chart's. */
export interface VisualizationContext {
  /** `config.results[i].graph.setting[<package name>]`, `{}` until the package saves something. */
  setting: Record<string, unknown>;
  /** Saves the settings into the paragraph config (a commit); the view then renders again with them. */
  saveSetting(next: Record<string, unknown>): void;
  /** The result's height in pixels (the graph height the resize handle drags). */
  height: number;
}

export interface VisualizationPlugin {
  name: string;
  label: string;
  icon?: string;
  render(container: HTMLElement, table: HeliumTable, config: HeliumConfig, context?: VisualizationContext): void | (() => void);
}

export interface SpellResult {
  type: 'TEXT' | 'HTML' | 'TABLE';
  data: string;
}

export interface SpellPlugin {
  name: string;
  magic: string;
  interpret(text: string, config: HeliumConfig): SpellResult[] | Promise<SpellResult[]>;
}

export interface HeliumApi {
  readonly apiVersion: 1;
  registerVisualization(v: VisualizationPlugin): void;
  registerSpell(s: SpellPlugin): void;
  visualizations(): VisualizationPlugin[];
  spells(): SpellPlugin[];
}

export const HELIUM_API_VERSION = 1;

function validName(v: unknown): v is string {
  return typeof v === 'string' && v.trim() !== '';
}

export interface HeliumRegistry extends HeliumApi {
  /** The spell for a paragraph text's magic (`%wordcount ...`), if one is registered. */
  spellFor(text: string): SpellPlugin | undefined;
  subscribe(listener: () => void): () => void;
  /** Grows with every registration; views use it as the snapshot to re-render on. */
  version(): number;
  clear(): void;
}

export function createHeliumRegistry(): HeliumRegistry {
  const visualizations = new Map<string, VisualizationPlugin>();
  const spells = new Map<string, SpellPlugin>();
  const listeners = new Set<() => void>();
  let version = 0;
  // One list per change, so that views can use it as a stable snapshot.
  let vizList: readonly VisualizationPlugin[] = [];
  const changed = (): void => {
    version += 1;
    vizList = [...visualizations.values()];
    listeners.forEach((l) => l());
  };
  return {
    apiVersion: HELIUM_API_VERSION,
    registerVisualization(v) {
      if (!v || !validName(v.name) || !validName(v.label) || typeof v.render !== 'function') {
        throw new TypeError('registerVisualization needs {name, label, render(container, table, config)}');
      }
      visualizations.set(v.name, v);
      changed();
    },
    registerSpell(s) {
      if (!s || !validName(s.name) || !validName(s.magic) || !s.magic.startsWith('%') || typeof s.interpret !== 'function') {
        throw new TypeError('registerSpell needs {name, magic: "%x", interpret(text, config)}');
      }
      spells.set(s.magic, s);
      changed();
    },
    visualizations: () => vizList as VisualizationPlugin[],
    spells: () => [...spells.values()],
    spellFor(text) {
      const magic = /^\s*(%\S+)/.exec(text)?.[1];
      return magic === undefined ? undefined : spells.get(magic);
    },
    version: () => version,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear() {
      visualizations.clear();
      spells.clear();
      changed();
    },
  };
}

/**
 * Makes `window.zeppelinHelium` available before any bundle runs; idempotent. The registry is the page's one
 * (SagaDeps.helium), made where the store is composed.
 */
export function installHeliumGlobal(registry: HeliumRegistry, target: { zeppelinHelium?: HeliumApi } = globalThis as { zeppelinHelium?: HeliumApi }): HeliumApi {
  target.zeppelinHelium ??= registry;
  return target.zeppelinHelium;
}
