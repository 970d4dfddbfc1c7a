/** @jest-environment node */
/**
 * `npm start` rebuilds the UI only when its sources changed: freshness is a content hash of the build's inputs,
 * stamped by the production build, not file times (webpack leaves unchanged output alone, so a touched source
 * used to make every later start rebuild).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const script = join(__dirname, '..', '..', 'scripts', 'ui-inputs.js');

/** Reads `m.<expr>` of scripts/ui-inputs.js (a function is called with `args`) in a fresh node, as start.js does. */
function call(expr: 'uiIsFresh' | 'uiInputsHash' | 'STAMP', ...args: string[]): unknown {
  const value = `require(${JSON.stringify(script)}).${expr}`;
  const code = `const v = ${value}; console.log(JSON.stringify(typeof v === 'function' ? v(...${JSON.stringify(args)}) : v))`;
  const r = spawnSync(process.execPath, ['-e', code], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

let root: string;
let dist: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'zeppelin-ui-inputs-'));
  dist = join(root, 'dist');
  mkdirSync(join(root, 'src'), { recursive: true });
  mkdirSync(dist);
  writeFileSync(join(root, 'src', 'index.tsx'), 'export const a = 1;\n');
  writeFileSync(join(root, 'package-lock.json'), '{}\n');
  writeFileSync(join(dist, 'index.html'), '<html></html>');
  writeFileSync(join(dist, call('STAMP') as string), `${call('uiInputsHash', root) as string}\n`);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test('a build stamped with the current inputs is fresh, even when a source is newer than the output', () => {
  const later = new Date(Date.now() + 60_000);
  utimesSync(join(root, 'src', 'index.tsx'), later, later);
  expect(call('uiIsFresh', dist, root)).toBe(true);
});

test('a changed, added or removed source makes it stale', () => {
  writeFileSync(join(root, 'src', 'index.tsx'), 'export const a = 2;\n');
  expect(call('uiIsFresh', dist, root)).toBe(false);
  writeFileSync(join(root, 'src', 'index.tsx'), 'export const a = 1;\n');
  expect(call('uiIsFresh', dist, root)).toBe(true);
  writeFileSync(join(root, 'src', 'more.ts'), '');
  expect(call('uiIsFresh', dist, root)).toBe(false);
  rmSync(join(root, 'src', 'more.ts'));
  expect(call('uiIsFresh', dist, root)).toBe(true);
  writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3}\n');
  expect(call('uiIsFresh', dist, root)).toBe(false);
});

test('no stamp (a build by another tool, or none) is stale', () => {
  const stamp = join(dist, call('STAMP') as string);
  expect(readFileSync(stamp, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
  rmSync(stamp);
  expect(call('uiIsFresh', dist, root)).toBe(false);
});
