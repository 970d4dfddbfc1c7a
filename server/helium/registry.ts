/**
 * The Helium registries (PROTOCOL 4.8): Zeppelin's `zeppelin.helium.registry` setting lists them, comma-separated;
 * each is a local folder of package descriptors (relative paths from the conf folder) or the http(s) URL of a
 * `helium.json` (onlineRegistry.ts). Without the setting the registry is `<conf>/helium/`, seeded on the first start
 * from the repository's helium-packages/.
 *
 * Notes:
 * - Descriptors are re-read on every listing, so a package dropped into a folder shows up without a restart.
 * - An `app` path (APPLICATION packages) must stay inside its registry folder; descriptors pointing elsewhere are
 *   skipped. A local `artifact` is resolved from the registry folder (see artifact.ts).
 */
import { cpSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { HeliumPackage } from '../../protocol';
import { toPackage } from './descriptor';
import { OnlineRegistry } from './onlineRegistry';

export const REGISTRY_DIR = 'helium';
export const REGISTRY_SETTING = 'zeppelin.helium.registry';
export const SHIPPED_PACKAGES = resolve(__dirname, '..', '..', 'helium-packages');

export interface RegisteredPackage {
  pkg: HeliumPackage;
  /** The registry it came from (its folder or URL), as Zeppelin names it in search results. */
  registry: string;
  /** Where a relative local artifact is resolved from. */
  baseDir: string;
  /** Absolute path of an APPLICATION's server-side module (descriptor field `app`). */
  appFile?: string;
}

/** Copies the shipped packages into a conf dir that has no registry yet; an existing registry is left alone. */
export function seedRegistry(confDir: string, shipped: string = SHIPPED_PACKAGES): void {
  const target = join(confDir, REGISTRY_DIR);
  if (existsSync(target) || !existsSync(shipped)) return;
  cpSync(shipped, target, { recursive: true, filter: (src) => !src.endsWith('.md') });
}

function descriptorFiles(dir: string, depth: number): string[] {
  if (depth < 0 || !existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (name.startsWith('.') || name === 'node_modules' || name === 'package.json' || name === 'package-lock.json') continue;
    const full = join(dir, name);
    const st = statSync(full);
    if (st.isDirectory()) out.push(...descriptorFiles(full, depth - 1));
    else if (name.endsWith('.json')) out.push(full);
  }
  return out;
}

function parseDescriptor(file: string, root: string): RegisteredPackage | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    console.warn(`[helium] skipping ${file}: ${(e as Error).message}`);
    return undefined;
  }
  const pkg = toPackage(raw);
  if (!pkg) return undefined;
  const out: RegisteredPackage = { pkg, registry: root, baseDir: root };
  const app = (raw as { app?: unknown }).app;
  if (typeof app === 'string') {
    const full = resolve(dirname(file), app);
    const rel = relative(root, full);
    if (rel.startsWith('..') || rel.startsWith(sep) || !existsSync(full)) {
      console.warn(`[helium] skipping ${file}: app ${app} is missing or outside the registry`);
      return undefined;
    }
    out.appFile = full;
  }
  return out;
}

function localPackages(root: string): RegisteredPackage[] {
  return descriptorFiles(root, 2).flatMap((f) => parseDescriptor(f, root) ?? []);
}

type Source = { kind: 'local'; dir: string } | { kind: 'online'; registry: OnlineRegistry };

export function registrySources(confDir: string, setting: string | undefined, cacheDir: string): Source[] {
  const entries = (setting ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (entries.length === 0) return [{ kind: 'local', dir: resolve(confDir, REGISTRY_DIR) }];
  return entries.map((e) => (/^https?:\/\//i.test(e)
    ? { kind: 'online', registry: new OnlineRegistry(e, cacheDir) }
    : { kind: 'local', dir: isAbsolute(e) ? e : resolve(confDir, e) }));
}

export class HeliumRegistry {
  /** The Helium folder: the first local registry, where caches live. */
  readonly root: string;
  private readonly sources: Source[];

  constructor(confDir: string, setting?: string) {
    this.root = resolve(confDir, REGISTRY_DIR);
    this.sources = registrySources(confDir, setting, join(this.root, '.cache', 'registries'));
  }

  /** Every package version, grouped by package name; the first registry naming an artifact wins. */
  async all(): Promise<Map<string, RegisteredPackage[]>> {
    const lists = await Promise.all(this.sources.map(async (s) => (s.kind === 'local'
      ? localPackages(s.dir)
      : (await s.registry.packages()).map((pkg) => ({ pkg, registry: s.registry.url, baseDir: this.root })))));
    const byName = new Map<string, RegisteredPackage[]>();
    for (const p of lists.flat()) {
      const list = byName.get(p.pkg.name) ?? [];
      if (!list.some((q) => q.pkg.artifact === p.pkg.artifact)) list.push(p);
      byName.set(p.pkg.name, list);
    }
    return byName;
  }

  async find(name: string, artifact?: string): Promise<RegisteredPackage | undefined> {
    const versions = (await this.all()).get(name) ?? [];
    return artifact === undefined ? latest(versions) : versions.find((v) => v.pkg.artifact === artifact);
  }
}

/** The version with the newest `published`, or the last listed when none has a date. */
export function latest(versions: RegisteredPackage[]): RegisteredPackage | undefined {
  const stamp = (p: RegisteredPackage): number => (p.pkg.published ? Date.parse(p.pkg.published) || 0 : 0);
  return versions.reduce<RegisteredPackage | undefined>((best, v) => (!best || stamp(v) >= stamp(best) ? v : best), undefined);
}
