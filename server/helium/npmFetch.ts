/**
 * Puts an npm package (`name@version`) on disk for bundling. A copy that is already present is used as it is: one
 * installed next to the server (its node_modules, at exactly that version) or one fetched before into the cache.
 * Otherwise npm installs it into `<cache>/<name>@<version>/`, with the user's own npm configuration (registry,
 * proxy, auth from .npmrc and npm_config_* variables), never running install scripts.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { safeName } from './artifact';

const NPM_TIMEOUT_MS = 5 * 60_000;
/** Bundles resolve these to our implementations, so npm installs empty stand-ins instead (Zeppelin links its own). */
const FRAMEWORK_MODULES = ['zeppelin-vis', 'zeppelin-tabledata', 'zeppelin-spell'];
const ERROR_LINES = 15;

function versionAt(dir: string): string | undefined {
  try {
    const v = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: unknown }).version;
    return typeof v === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}

/** The package's folder among the modules the server itself resolves, when it is there at exactly `version`. */
export function presentPackage(name: string, version: string, from: string): string | undefined {
  try {
    const dir = dirname(createRequire(join(from, 'noop.js')).resolve(`${name}/package.json`));
    return versionAt(dir) === version ? dir : undefined;
  } catch {
    return undefined;
  }
}

function runNpm(args: string[], cwd: string): Promise<void> {
  return new Promise((resolveRun, reject) => {
    const child = spawn('npm', args, { cwd, env: process.env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => { stderr = (stderr + d.toString()).slice(-20_000); });
    const timer = setTimeout(() => child.kill('SIGTERM'), NPM_TIMEOUT_MS);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`npm could not be started: ${e.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolveRun();
      const lines = stderr.split('\n').filter((l) => l.trim() !== '' && !l.includes('A complete log of this run'));
      reject(new Error(`npm install failed (${signal ?? `exit code ${code}`}):\n${lines.slice(-ERROR_LINES).join('\n')}`));
    });
  });
}

export interface NpmFetchOptions {
  /** `<helium folder>/.cache/npm` */
  cacheDir: string;
  /** Where the server's own modules are resolved from (its package folder). */
  serverDir: string;
}

/** The folder of the package `name@version`, installed if it is not present yet. */
export async function fetchNpmPackage(name: string, version: string, o: NpmFetchOptions): Promise<string> {
  const present = presentPackage(name, version, o.serverDir);
  if (present) return present;
  const target = join(o.cacheDir, `${safeName(name)}@${safeName(version)}`);
  const installed = join(target, 'node_modules', name);
  if (versionAt(installed) === version) return installed;
  // Installed beside the final place and moved there when complete, so a failed or interrupted install leaves
  // nothing that looks usable.
  const work = `${target}.partial-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const overrides: Record<string, string> = {};
  for (const m of FRAMEWORK_MODULES) {
    mkdirSync(join(work, 'framework', m), { recursive: true });
    writeFileSync(join(work, 'framework', m, 'package.json'), JSON.stringify({ name: m, version: '0.0.0', private: true }));
    overrides[m] = `file:./framework/${m}`;
  }
  writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'helium-package-install', private: true, dependencies: { [name]: version }, overrides }, null, 2));
  try {
    await runNpm(['install', '--ignore-scripts', '--omit=dev', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error'], work);
    if (versionAt(join(work, 'node_modules', name)) !== version) throw new Error(`npm did not install ${name}@${version}`);
    rmSync(target, { recursive: true, force: true });
    renameSync(work, target);
  } finally {
    if (existsSync(work)) rmSync(work, { recursive: true, force: true });
  }
  return installed;
}
