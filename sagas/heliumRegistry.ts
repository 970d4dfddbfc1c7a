/**
 * The page-side Helium registry: what the enabled packages' bundles provide, in Zeppelin's form. A bundle is a
 * script that pushes `{id, name, icon, type, class}` onto `window._heliumBundles` (the loader hands those entries
 * here); a SPELL's class is instantiated once (`new b.class()`, keyed by its magic), a VISUALIZATION's class is kept
 * and instantiated per result by the view (`new b.class(targetEl, config)`).
 *
 * Notes:
 * - Entries hold classes and instances, so they live here and not in Redux; the store only learns package names
 *   (helium/bundlesLoaded, admin bundle loads). Listeners let views re-render when a bundle registers late.
 * - Registering a package again replaces the earlier entry: enabling another version of a package reloads its bundle.
 * - The page hooks are what Zeppelin's page gives every visualization (a jQuery wrapper of the target element, the
 *   settings template compiler, scopes and templates); the loader sets them with the page environment.
 */

/** One entry of `window._heliumBundles`. */
export interface HeliumBundleEntry {
  id: string;
  name: string;
  icon?: string;
  type: string;
  class: unknown;
}

export interface VisualizationBundle {
  /** The npm module name: the result's `graph.mode` and the key of its `graph.setting`. */
  id: string;
  name: string;
  icon?: string;
  class: new (targetEl: unknown, config: Record<string, unknown>) => unknown;
}

/** A spell instance (Zeppelin's SpellBase): `interpret` answers a SpellResult. */
export interface SpellInstance {
  interpret(text: string, config: Record<string, unknown>): unknown;
  getMagic?(): string;
  magic?: string;
}

export interface SpellBundle {
  id: string;
  name: string;
  magic: string;
  spell: SpellInstance;
}

export interface ZeppelinPageHooks {
  /** The target element as the jQuery object Zeppelin's visualizations expect. */
  wrap(el: HTMLElement): unknown;
  compile(nodes: unknown): (scope: never) => unknown;
  createNewScope(): unknown;
  templateRequest(url: string): Promise<string>;
}

export interface HeliumRegistry {
  /** Takes the entries a bundle pushed; an entry that is not a usable visualization or spell is reported and skipped. */
  register(entries: readonly HeliumBundleEntry[]): string[];
  visualizations(): readonly VisualizationBundle[];
  spells(): readonly SpellBundle[];
  /** The spell for a paragraph text's magic (`%echo ...`), if one is registered. */
  spellFor(text: string): SpellBundle | undefined;
  /** Every registered spell by its magic, as Zeppelin's SpellResult expects its known display magics. */
  spellsByMagic(): Record<string, SpellInstance>;
  setPage(hooks: ZeppelinPageHooks): void;
  page(): ZeppelinPageHooks | undefined;
  subscribe(listener: () => void): () => void;
  /** Grows with every registration; views use it as the snapshot to re-render on. */
  version(): number;
  clear(): void;
}

const isClass = (c: unknown): c is new (...args: unknown[]) => unknown => typeof c === 'function';

/** The magic at the start of a paragraph text (`%flowchart`), if any. */
export const magicOf = (text: string): string | undefined => /^\s*(%\S+)/.exec(text)?.[1];

export function createHeliumRegistry(): HeliumRegistry {
  const visualizations = new Map<string, VisualizationBundle>();
  const spells = new Map<string, SpellBundle>();
  const listeners = new Set<() => void>();
  let hooks: ZeppelinPageHooks | undefined;
  let version = 0;
  // One list per change, so that views can use it as a stable snapshot.
  let vizList: readonly VisualizationBundle[] = [];
  const changed = (): void => {
    version += 1;
    vizList = [...visualizations.values()];
    listeners.forEach((l) => l());
  };
  const registerOne = (b: HeliumBundleEntry): string => {
    if (!b || typeof b.name !== 'string' || !isClass(b.class)) throw new TypeError('a Helium bundle entry needs {id, name, type, class}');
    const id = typeof b.id === 'string' && b.id !== '' ? b.id : b.name;
    if (b.type === 'SPELL') {
      const spell = new b.class() as SpellInstance;
      const magic = typeof spell.getMagic === 'function' ? spell.getMagic() : spell.magic;
      if (typeof magic !== 'string' || !magic.startsWith('%') || typeof spell.interpret !== 'function') {
        throw new TypeError(`spell ${b.name} has no magic or interpret()`);
      }
      for (const [m, s] of spells) if (s.name === b.name) spells.delete(m);
      spells.set(magic, { id, name: b.name, magic, spell });
    } else if (b.type === 'VISUALIZATION') {
      visualizations.set(b.name, { id, name: b.name, icon: b.icon, class: b.class as VisualizationBundle['class'] });
    } else {
      throw new TypeError(`bundle ${b.name} has type ${String(b.type)}, not VISUALIZATION or SPELL`);
    }
    return b.name;
  };
  return {
    register(entries) {
      const names: string[] = [];
      for (const e of entries) {
        try {
          names.push(registerOne(e));
        } catch (err) {
          console.error('[helium]', err instanceof Error ? err.message : err);
        }
      }
      if (names.length > 0) changed();
      return names;
    },
    visualizations: () => vizList,
    spells: () => [...spells.values()],
    spellFor(text) {
      const magic = magicOf(text);
      return magic === undefined ? undefined : spells.get(magic);
    },
    spellsByMagic: () => Object.fromEntries([...spells].map(([m, s]) => [m, s.spell])),
    setPage(h) {
      hooks = h;
    },
    page: () => hooks,
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
