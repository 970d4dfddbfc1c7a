/**
 * Bundles a Helium VISUALIZATION or SPELL package into one browser script of Zeppelin's shape: the package's main
 * module, with everything it imports, followed by
 * `window._heliumBundles.push({id, name, icon, type, class})` where `class` is the module's default export.
 *
 * Notes:
 * - `zeppelin-vis`, `zeppelin-tabledata` and `zeppelin-spell` resolve to our implementations (helium-framework/),
 *   as Zeppelin's bundle factory resolves them to its own copies; every other import resolves from the package's
 *   folder by Node's rules, so the dependencies npm installed beside it are used.
 * - The page provides what Zeppelin's page has globally (jQuery `$`, d3 v3, `angular.equals`); bundles refer to
 *   them as globals exactly as they do in Zeppelin.
 * - esbuild writes no file; the caller caches the text.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

export const FRAMEWORK_DIR = resolve(__dirname, '..', '..', 'helium-framework');
const FRAMEWORK_MODULES = ['zeppelin-vis', 'zeppelin-tabledata', 'zeppelin-spell'];

export interface BundleInput {
  /** The npm module name (Zeppelin's bundle id). */
  id: string;
  name: string;
  icon?: string;
  type: string;
  /** The package's own folder (with its package.json). */
  dir: string;
}

/** The module a package's package.json names as `main` (Zeppelin's packages often omit the `.js`). */
export function mainModule(dir: string): string {
  let main: unknown;
  try {
    main = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { main?: unknown }).main;
  } catch (e) {
    throw new Error(`${join(dir, 'package.json')} cannot be read: ${(e as Error).message}`);
  }
  const m = typeof main === 'string' && main.trim() !== '' ? main.trim() : 'index';
  return m.startsWith('./') || m.startsWith('../') ? m : `./${m}`;
}

/** The bundle's text; throws with esbuild's messages when the package cannot be bundled. */
export async function bundlePackage(input: BundleInput): Promise<string> {
  const entry = [
    `import pkgClass from ${JSON.stringify(mainModule(input.dir))};`,
    'window._heliumBundles = window._heliumBundles || [];',
    `window._heliumBundles.push({ id: ${JSON.stringify(input.id)}, name: ${JSON.stringify(input.name)}, icon: ${JSON.stringify(input.icon ?? '')}, type: ${JSON.stringify(input.type)}, class: pkgClass });`,
  ].join('\n');
  const result = await build({
    stdin: { contents: entry, resolveDir: input.dir, sourcefile: `${input.name}-load.js`, loader: 'js' },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2019',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    alias: Object.fromEntries(FRAMEWORK_MODULES.map((m) => [m, join(FRAMEWORK_DIR, m)])),
    define: { 'process.env.NODE_ENV': '"production"', global: 'window' },
    loader: { '.css': 'empty', '.png': 'dataurl', '.svg': 'dataurl', '.woff': 'dataurl', '.woff2': 'dataurl', '.ttf': 'dataurl', '.eot': 'dataurl' },
  });
  return result.outputFiles[0].text;
}
