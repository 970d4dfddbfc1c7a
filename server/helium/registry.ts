/**
 * The local Helium registry: `<conf>/helium/` holds one JSON descriptor per package version (PROTOCOL 4.8 plus a
 * `bundle` path, relative to the descriptor, for VISUALIZATION and SPELL packages). There is no npm and no network:
 * a package is whatever an operator (or the first start, from the repository's helium-packages/) put there.
 *
 * Notes:
 * - Descriptors are re-read on every listing, so a package dropped into the folder shows up without a restart.
 * - A bundle or app path must stay inside the registry folder; descriptors pointing elsewhere are skipped.
 */
import { cpSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { HeliumPackage } from '../../protocol';

export const REGISTRY_DIR = 'helium';
export const SHIPPED_PACKAGES = resolve(__dirname, '..', '..', 'helium-packages');
export const PACKAGE_TYPES: ReadonlyArray<HeliumPackage['type']> = ['VISUALIZATION', 'SPELL', 'INTERPRETER', 'APPLICATION', 'NOTEBOOK_REPO'];

export interface RegisteredPackage {
  pkg: HeliumPackage;
  /** Absolute path of the bundle's script, when the package has one. */
  bundleFile?: string;
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
    if (name.startsWith('.')) continue;
    const full = join(dir, name);
    const st = statSync(full);
    if (st.isDirectory()) out.push(...descriptorFiles(full, depth - 1));
    else if (name.endsWith('.json')) out.push(full);
  }
  return out;
}

const isType = (t: unknown): t is HeliumPackage['type'] => typeof t === 'string' && (PACKAGE_TYPES as readonly string[]).includes(t);

function parseDescriptor(file: string, root: string): RegisteredPackage | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    console.warn(`[helium] skipping ${file}: ${(e as Error).message}`);
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null) return undefined;
  const d = raw as Record<string, unknown>;
  if (typeof d.name !== 'string' || d.name === '' || !isType(d.type)) return undefined;
  const { bundle, app, ...rest } = d;
  const pkg = { ...rest, artifact: typeof d.artifact === 'string' && d.artifact !== '' ? d.artifact : d.name } as unknown as HeliumPackage;
  const out: RegisteredPackage = { pkg };
  for (const [field, path] of [['bundle', bundle], ['app', app]] as const) {
    if (typeof path !== 'string') continue;
    const full = resolve(dirname(file), path);
    const rel = relative(root, full);
    if (rel.startsWith('..') || rel.startsWith(sep) || !existsSync(full)) {
      console.warn(`[helium] skipping ${file}: ${field} ${path} is missing or outside the registry`);
      return undefined;
    }
    if (field === 'bundle') out.bundleFile = full;
    else out.appFile = full;
  }
  return out;
}

export class HeliumRegistry {
  readonly root: string;

  constructor(confDir: string) {
    this.root = resolve(confDir, REGISTRY_DIR);
  }

  /** Every package version, grouped by package name. */
  all(): Map<string, RegisteredPackage[]> {
    const byName = new Map<string, RegisteredPackage[]>();
    for (const file of descriptorFiles(this.root, 2)) {
      const p = parseDescriptor(file, this.root);
      if (!p) continue;
      const list = byName.get(p.pkg.name) ?? [];
      if (!list.some((q) => q.pkg.artifact === p.pkg.artifact)) list.push(p);
      byName.set(p.pkg.name, list);
    }
    return byName;
  }

  find(name: string, artifact?: string): RegisteredPackage | undefined {
    const versions = this.all().get(name) ?? [];
    return artifact === undefined ? latest(versions) : versions.find((v) => v.pkg.artifact === artifact);
  }
}

/** The version with the newest `published`, or the last listed when none has a date. */
export function latest(versions: RegisteredPackage[]): RegisteredPackage | undefined {
  const stamp = (p: RegisteredPackage): number => (p.pkg.published ? Date.parse(p.pkg.published) || 0 : 0);
  return versions.reduce<RegisteredPackage | undefined>((best, v) => (!best || stamp(v) >= stamp(best) ? v : best), undefined);
}
