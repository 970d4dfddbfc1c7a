/**
 * Helium state kept in `<conf>/helium.json`: which version of each package is enabled, each artifact's saved
 * configuration, and the display order of visualisation bundles (PROTOCOL 3.9).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HeliumPackage } from '../../protocol';
import { atomicWrite } from '../storage/atomicWrite';
import { ZeppelinError } from '../util/errors';
import { HeliumBundles } from './bundles';
import { HeliumRegistry, latest, type RegisteredPackage } from './registry';

export interface HeliumSearchResult {
  registry: string;
  pkg: HeliumPackage;
  enabled: boolean;
}

export interface PackageConfig {
  confSpec: Record<string, unknown>;
  confPersisted: Record<string, unknown>;
}

interface HeliumState {
  enabled: Record<string, string>;
  packageConfig: Record<string, Record<string, unknown>>;
  bundleDisplayOrder: string[];
}

export const HELIUM_STATE_FILE = 'helium.json';
const BUNDLED_TYPES = new Set(['VISUALIZATION', 'SPELL']);

const asRecord = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

function readState(file: string): HeliumState {
  if (!existsSync(file)) return { enabled: {}, packageConfig: {}, bundleDisplayOrder: [] };
  const raw = asRecord(JSON.parse(readFileSync(file, 'utf8')));
  const enabled: Record<string, string> = {};
  for (const [k, v] of Object.entries(asRecord(raw.enabled))) if (typeof v === 'string') enabled[k] = v;
  const packageConfig: Record<string, Record<string, unknown>> = {};
  for (const [k, v] of Object.entries(asRecord(raw.packageConfig))) packageConfig[k] = asRecord(v);
  const order = Array.isArray(raw.bundleDisplayOrder) ? raw.bundleDisplayOrder.filter((x): x is string => typeof x === 'string') : [];
  return { enabled, packageConfig, bundleDisplayOrder: order };
}

export class HeliumService {
  readonly registry: HeliumRegistry;
  private readonly bundles: HeliumBundles;
  private readonly file: string;
  private state: HeliumState;
  private writes: Promise<void> = Promise.resolve();

  constructor(confDir: string, registrySetting?: string) {
    this.registry = new HeliumRegistry(confDir, registrySetting);
    this.bundles = new HeliumBundles(join(this.registry.root, '.cache'));
    this.file = join(confDir, HELIUM_STATE_FILE);
    this.state = readState(this.file);
  }

  private result(p: RegisteredPackage): HeliumSearchResult {
    return { registry: p.registry, pkg: p.pkg, enabled: this.state.enabled[p.pkg.name] === p.pkg.artifact };
  }

  async allPackages(): Promise<Record<string, HeliumSearchResult[]>> {
    const out: Record<string, HeliumSearchResult[]> = {};
    for (const [name, versions] of await this.registry.all()) out[name] = versions.map((v) => this.result(v));
    return out;
  }

  async packageVersions(name: string): Promise<HeliumSearchResult[] | undefined> {
    return (await this.registry.all()).get(name)?.map((v) => this.result(v));
  }

  /** Enabled packages; visualisations come in the saved display order. */
  async enabledPackages(): Promise<HeliumSearchResult[]> {
    const out: HeliumSearchResult[] = [];
    for (const versions of (await this.registry.all()).values()) {
      const on = versions.find((v) => this.state.enabled[v.pkg.name] === v.pkg.artifact);
      if (on) out.push(this.result(on));
    }
    const rank = (r: HeliumSearchResult): number => {
      const i = this.state.bundleDisplayOrder.indexOf(r.pkg.name);
      return i < 0 ? Number.MAX_SAFE_INTEGER : i;
    };
    return out.sort((a, b) => rank(a) - rank(b));
  }

  /** The enabled version of a package, with its bundle and app paths. */
  async enabledPackage(name: string): Promise<RegisteredPackage | undefined> {
    const artifact = this.state.enabled[name];
    return artifact === undefined ? undefined : this.registry.find(name, artifact);
  }

  /**
   * Enables `artifact` (or the newest version) of `name`; any other version of it is disabled by the same step. A
   * VISUALIZATION or SPELL is bundled first (installed from npm when needed): when that fails, nothing changes and
   * the error says why.
   */
  async enable(name: string, artifact: string | undefined): Promise<void> {
    const versions = (await this.registry.all()).get(name);
    if (!versions) throw new ZeppelinError(`Package ${name} not found`, 'NOT_FOUND');
    const chosen = artifact ? versions.find((v) => v.pkg.artifact === artifact) : latest(versions);
    if (!chosen) throw new ZeppelinError(`Package ${name} has no version ${artifact ?? ''}`, 'NOT_FOUND');
    if (BUNDLED_TYPES.has(chosen.pkg.type)) {
      try {
        await this.bundles.get(chosen, true);
      } catch (e) {
        throw new ZeppelinError(`Package ${name} could not be bundled: ${(e as Error).message}`, 'INTERNAL_SERVER_ERROR');
      }
    }
    this.state.enabled[name] = chosen.pkg.artifact ?? name;
    if (chosen.pkg.type === 'VISUALIZATION' && !this.state.bundleDisplayOrder.includes(name)) this.state.bundleDisplayOrder.push(name);
    await this.persist();
  }

  async disable(name: string): Promise<void> {
    if (this.state.enabled[name] === undefined) throw new ZeppelinError(`Package ${name} is not enabled`, 'NOT_FOUND');
    delete this.state.enabled[name];
    this.state.bundleDisplayOrder = this.state.bundleDisplayOrder.filter((n) => n !== name);
    await this.persist();
  }

  /**
   * The script of an enabled package's bundle, built when it is not cached yet; '' when the package is not enabled
   * or is not bundled; `ERROR: <reason>` when it cannot be built (Zeppelin's answer, so that notes still open).
   */
  async bundle(name: string): Promise<string> {
    const p = await this.enabledPackage(name);
    if (!p || !BUNDLED_TYPES.has(p.pkg.type)) return '';
    try {
      return await this.bundles.get(p);
    } catch (e) {
      return `ERROR: ${(e as Error).message}`;
    }
  }

  /** Config of an enabled package; for a spell the artifact is the enabled one. */
  async config(name: string, artifact?: string): Promise<PackageConfig> {
    const p = await this.enabledPackage(name);
    if (!p || (artifact !== undefined && p.pkg.artifact !== artifact)) throw new ZeppelinError(`Package ${name} is not enabled`, 'BAD_REQUEST');
    return { confSpec: asRecord(p.pkg.config), confPersisted: { ...(this.state.packageConfig[p.pkg.artifact ?? name] ?? {}) } };
  }

  /** An enabled package's effective configuration: saved values over the spec's defaults. */
  async configValues(name: string): Promise<Record<string, unknown>> {
    const p = await this.enabledPackage(name);
    if (!p) return {};
    const out: Record<string, unknown> = {};
    for (const [key, spec] of Object.entries(asRecord(p.pkg.config))) {
      const d = asRecord(spec).defaultValue;
      if (d !== undefined) out[key] = d;
    }
    return { ...out, ...(this.state.packageConfig[p.pkg.artifact ?? name] ?? {}) };
  }

  allConfig(): Record<string, Record<string, unknown>> {
    return JSON.parse(JSON.stringify(this.state.packageConfig)) as Record<string, Record<string, unknown>>;
  }

  async saveConfig(name: string, artifact: string, values: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (!(await this.registry.find(name, artifact))) throw new ZeppelinError(`Package ${name} has no version ${artifact}`, 'NOT_FOUND');
    this.state.packageConfig[artifact] = { ...values };
    await this.persist();
    return values;
  }

  visualizationOrder(): string[] {
    return [...this.state.bundleDisplayOrder];
  }

  async setVisualizationOrder(order: string[]): Promise<void> {
    this.state.bundleDisplayOrder = [...new Set(order)];
    await this.persist();
  }

  private persist(): Promise<void> {
    const snapshot = JSON.stringify(this.state, null, 2);
    const next = this.writes.then(() => atomicWrite(this.file, snapshot));
    this.writes = next.catch(() => undefined);
    return next;
  }
}
