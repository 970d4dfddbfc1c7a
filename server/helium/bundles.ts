/**
 * Builds and caches the bundles of enabled VISUALIZATION and SPELL packages under `<helium folder>/.cache/`:
 * an npm package's bundle by name and version (`bundles/<name>@<version>.js`, reused across enables), a local
 * folder's bundle by its path (built again on every enable, as the folder may have changed).
 *
 * Notes:
 * - One build per artifact at a time: concurrent requests share it.
 * - A failure is an Error whose message says what went wrong (npm's or esbuild's own lines); the REST layer answers
 *   it as Zeppelin does, `ERROR: <message>`.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { HeliumPackage } from '../../protocol';
import { parseArtifact, safeName, type Artifact } from './artifact';
import { bundlePackage } from './bundler';
import { fetchNpmPackage } from './npmFetch';

const SERVER_DIR = resolve(__dirname, '..', '..');

export interface BundleRequest {
  pkg: HeliumPackage;
  /** The folder a relative local artifact is resolved from (the registry folder of its descriptor). */
  baseDir: string;
}

function packageName(dir: string): string | undefined {
  try {
    const n = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown }).name;
    return typeof n === 'string' ? n : undefined;
  } catch {
    return undefined;
  }
}

export class HeliumBundles {
  private readonly bundleDir: string;
  private readonly npmDir: string;
  private readonly building = new Map<string, Promise<string>>();

  constructor(cacheDir: string, private readonly serverDir: string = SERVER_DIR) {
    this.bundleDir = join(cacheDir, 'bundles');
    this.npmDir = join(cacheDir, 'npm');
  }

  private cacheFile(pkg: HeliumPackage, a: Artifact): string {
    if (a.kind === 'npm') return join(this.bundleDir, `${safeName(a.name)}@${safeName(a.version)}.js`);
    const key = createHash('sha256').update(a.dir).digest('hex').slice(0, 16);
    return join(this.bundleDir, `${safeName(pkg.name)}-local-${key}.js`);
  }

  /** The bundle's text, from the cache when there is one (and `rebuild` is not asked for). */
  async get(req: BundleRequest, rebuild = false): Promise<string> {
    const artifact = parseArtifact(req.pkg.artifact ?? req.pkg.name, req.baseDir);
    const file = this.cacheFile(req.pkg, artifact);
    const reuse = !rebuild || artifact.kind === 'npm';
    if (reuse && existsSync(file)) return readFileSync(file, 'utf8');
    const running = this.building.get(file);
    if (running) return running;
    const work = this.build(req.pkg, artifact, file).finally(() => this.building.delete(file));
    this.building.set(file, work);
    return work;
  }

  private async build(pkg: HeliumPackage, a: Artifact, file: string): Promise<string> {
    let dir: string;
    if (a.kind === 'npm') {
      dir = await fetchNpmPackage(a.name, a.version, { cacheDir: this.npmDir, serverDir: this.serverDir });
    } else {
      if (!existsSync(join(a.dir, 'package.json'))) throw new Error(`${a.dir} is not a package folder (no package.json)`);
      dir = a.dir;
    }
    const id = a.kind === 'npm' ? a.name : packageName(dir) ?? pkg.name;
    const text = await bundlePackage({ id, name: pkg.name, icon: pkg.icon, type: pkg.type, dir });
    mkdirSync(this.bundleDir, { recursive: true });
    // Renamed into place so that a reader never sees half a bundle; not fsynced: a lost cache is rebuilt.
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, text, 'utf8');
    await rename(tmp, file);
    return text;
  }
}
