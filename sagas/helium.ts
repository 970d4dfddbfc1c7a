/**
 * Loads the enabled Helium bundles before note routes show (spec routing rule). A server without Helium, or a
 * failing bundle, ends in `bundlesLoaded([])` / `bundlesFailed` so that notes still open. The enabled packages and
 * their configuration go to the store first, so a visualisation or spell has its settings when its bundle runs.
 */
import type { SagaIterator } from 'redux-saga';
import { call, put } from 'redux-saga/effects';
import { HttpError } from './restClient';
import { helium, type EnabledPackage } from '../slices/helium';
import type { HeliumPackage } from '../protocol';
import type { SagaDeps } from './deps';
import { restCall } from './rest';

interface EnabledResult {
  pkg: HeliumPackage;
  enabled?: boolean;
}

const BUNDLED_TYPES = new Set(['VISUALIZATION', 'SPELL']);

type ConfSpec = Record<string, { type?: string; defaultValue?: unknown } | undefined>;

/** A config value as the package expects it: json fields parsed, number fields as numbers; bad input stays raw. */
function typed(type: string | undefined, v: unknown): unknown {
  if (typeof v !== 'string') return v;
  if (type === 'json') {
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }
  if (type === 'number' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return v;
}

/** Saved values over the spec's defaults, keyed as the package declares them. */
export function effectiveConfig(spec: unknown, persisted: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const s = (typeof spec === 'object' && spec !== null ? spec : {}) as ConfSpec;
  for (const [key, field] of Object.entries(s)) if (field?.defaultValue !== undefined) out[key] = typed(field.type, field.defaultValue);
  for (const [key, v] of Object.entries(persisted ?? {})) out[key] = typed(s[key]?.type, v);
  return out;
}

export function enabledPackages(list: EnabledResult[], configs: Record<string, Record<string, unknown>>): EnabledPackage[] {
  return list.filter((r) => r?.pkg && typeof r.pkg.name === 'string').map((r) => {
    const artifact = r.pkg.artifact ?? r.pkg.name;
    const magic = (r.pkg as { spell?: { magic?: unknown } }).spell?.magic;
    return {
      name: r.pkg.name, type: r.pkg.type, artifact, ...(typeof magic === 'string' ? { magic } : {}),
      config: effectiveConfig(r.pkg.config, configs[artifact]),
    };
  });
}

/** Saved configs; a server that cannot answer leaves every package on its defaults. */
export function* fetchConfigs(deps: SagaDeps): SagaIterator<Record<string, Record<string, unknown>>> {
  try {
    const configs = (yield call(restCall, deps, 'GET', '/helium/config')) as Record<string, Record<string, unknown>> | undefined;
    return configs && typeof configs === 'object' ? configs : {};
  } catch {
    return {};
  }
}

/** Re-reads the enabled packages and their configuration (after the Helium page changed them). */
export function* refreshEnabledPackages(deps: SagaDeps): SagaIterator<void> {
  try {
    const enabled = (yield call(restCall, deps, 'GET', '/helium/enabledPackage')) as EnabledResult[];
    const configs: Record<string, Record<string, unknown>> = yield call(fetchConfigs, deps);
    yield put(helium.packagesLoaded(enabledPackages(Array.isArray(enabled) ? enabled : [], configs)));
  } catch (e) {
    console.error('[helium] enabled packages failed to load:', e);
  }
}

export type BundleOutcome = { kind: 'loaded' } | { kind: 'none' } | { kind: 'failed'; message: string };

export const bundleUrl = (deps: SagaDeps, name: string): string => `${deps.rest.base}/helium/bundle/load/${encodeURIComponent(name)}`;

/**
 * Loads one enabled package's bundle into the page. The text is read first because Zeppelin answers an empty body
 * for a package without a bundle and `ERROR: <reason>` (with status 200) for one that cannot be built; only a
 * real bundle then runs, from its URL.
 */
export function* loadBundle(deps: SagaDeps, name: string): SagaIterator<BundleOutcome> {
  try {
    const source: string = yield call([deps.rest, deps.rest.text], `/helium/bundle/load/${encodeURIComponent(name)}`);
    if (!source.trim()) return { kind: 'none' };
    if (source.startsWith('ERROR:')) return { kind: 'failed', message: source.slice('ERROR:'.length).trim() };
    const registered: string[] = yield call(deps.loadBundle, name, bundleUrl(deps, name));
    return registered.length > 0 ? { kind: 'loaded' } : { kind: 'failed', message: 'The bundle registered nothing' };
  } catch (e) {
    return { kind: 'failed', message: e instanceof Error ? e.message : String(e) };
  }
}

export function* loadHeliumBundles(deps: SagaDeps): SagaIterator<void> {
  yield put(helium.bundlesLoading());
  let enabled: EnabledResult[];
  try {
    enabled = (yield call(restCall, deps, 'GET', '/helium/enabledPackage')) as EnabledResult[];
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) {
      yield put(helium.bundlesLoaded([]));
    } else {
      yield put(helium.bundlesFailed((e as Error).message));
    }
    return;
  }
  const list = Array.isArray(enabled) ? enabled : [];
  if (list.length > 0) {
    const configs: Record<string, Record<string, unknown>> = yield call(fetchConfigs, deps);
    yield put(helium.packagesLoaded(enabledPackages(list, configs)));
  }
  const loaded: string[] = [];
  for (const p of list) {
    if (!p?.pkg || !BUNDLED_TYPES.has(p.pkg.type)) continue;
    const outcome: BundleOutcome = yield call(loadBundle, deps, p.pkg.name);
    if (outcome.kind === 'loaded') loaded.push(p.pkg.name);
    else if (outcome.kind === 'failed') console.error(`[helium] bundle ${p.pkg.name}: ${outcome.message}`);
  }
  yield put(helium.bundlesLoaded(loaded));
}
