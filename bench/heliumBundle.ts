/**
 * Time to bundle a Helium package on enable: `npx tsx bench/heliumBundle.ts` (prints one JSON object).
 *
 * For each of Zeppelin's published packages installed here (devDependencies), the enable path
 * (HeliumBundles.get with a rebuild: find the package, bundle it with our framework modules, write the cache) against
 * a bare esbuild run of the very same entry with the same options in the same run, so the ratio is what enabling
 * adds to bundling itself. Also the second enable of the same npm version, which is served from the cache. Median of
 * a few rounds. Goal: the enable path within 2x of the bare run (finding the package and writing the cache are fixed costs that
 * weigh most on the smallest packages), the cached enable within 0.2x of it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import { HeliumBundles } from '../server/helium/bundles';
import { FRAMEWORK_DIR, mainModule } from '../server/helium/bundler';
import type { HeliumPackage } from '../protocol';

const PACKAGES: [string, string, string][] = [
  ['zeppelin-bubblechart', '0.0.4', 'VISUALIZATION'],
  ['zeppelin-highcharts-columnrange', '0.0.4', 'VISUALIZATION'],
  ['zeppelin-echo-spell', '1.0.7', 'SPELL'],
  ['zeppelin-flowchart-spell', '0.0.2', 'SPELL'],
];
const ROUNDS = 9;
const GOAL_ENABLE = 2;
const GOAL_CACHED = 0.2;

const round = (n: number): number => Math.round(n * 100) / 100;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function bare(dir: string): Promise<void> {
  await build({
    stdin: { contents: `import c from ${JSON.stringify(mainModule(dir))};\nwindow._heliumBundles.push({ class: c });`, resolveDir: dir, loader: 'js' },
    bundle: true, write: false, format: 'iife', platform: 'browser', target: 'es2019', minify: true, legalComments: 'none', logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"', global: 'window' },
    alias: Object.fromEntries(['zeppelin-vis', 'zeppelin-tabledata', 'zeppelin-spell'].map((m) => [m, join(FRAMEWORK_DIR, m)])),
  });
}

async function main(): Promise<void> {
  const cache = mkdtempSync(join(tmpdir(), 'helium-bench-'));
  const bundles = new HeliumBundles(cache);
  const results = [];
  try {
    for (const [name, version, type] of PACKAGES) {
      const dir = dirname(require.resolve(`${name}/package.json`));
      const req = { pkg: { name, type, artifact: `${name}@${version}` } as HeliumPackage, baseDir: cache };
      await bare(dir);
      const enable: number[] = [];
      const baseline: number[] = [];
      const cached: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        rmSync(join(cache, 'bundles'), { recursive: true, force: true });
        // Alternating which runs first, so that neither always finds esbuild and the file cache warmer.
        if (i % 2 === 0) baseline.push(await time(() => bare(dir)));
        enable.push(await time(() => bundles.get(req, true)));
        cached.push(await time(() => bundles.get(req, true)));
        if (i % 2 === 1) baseline.push(await time(() => bare(dir)));
      }
      const [e, b, c] = [median(enable), median(baseline), median(cached)];
      results.push({
        package: `${name}@${version}`, bytes: (await bundles.get(req)).length, enableMs: round(e), cachedEnableMs: round(c), baselineMs: round(b),
        ratio: round(e / b), cachedRatio: round(c / b), withinGoal: e / b <= GOAL_ENABLE && c / b <= GOAL_CACHED,
      });
    }
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
  console.log(JSON.stringify({
    bench: 'heliumBundle', rounds: ROUNDS, goal: { ratio: GOAL_ENABLE, cachedRatio: GOAL_CACHED },
    packages: results, withinGoal: results.every((r) => r.withinGoal),
  }, null, 2));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
