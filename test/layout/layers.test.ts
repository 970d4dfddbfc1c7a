/** @jest-environment node */
/**
 * The layers hold: the lint step's dependency rules reject an import that runs back up (probed in a scratch tree
 * with the project's own rules), and the README's layer picture is the one the code draws today.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = join(__dirname, '..', '..');
const depcruise = join(root, 'node_modules', '.bin', 'depcruise');

/** Runs the project's rules over a scratch tree holding `files`; returns the exit status and the report. */
function cruise(files: Record<string, string>): { status: number | null; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'zeppelin-test-layers-'));
  try {
    writeFileSync(join(dir, 'tsconfig.json'), '{"compilerOptions":{"module":"ESNext","moduleResolution":"bundler"}}');
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
    const top = [...new Set(Object.keys(files).map((f) => f.split('/')[0]))];
    const { FORCE_COLOR: _forced, ...env } = process.env;
    const r = spawnSync(depcruise, ['--config', join(root, '.dependency-cruiser.cjs'), ...top], { cwd: dir, encoding: 'utf8', env: { ...env, NO_COLOR: '1' } });
    // Colour codes, should a terminal setting still force them, are not part of the report's text.
    return { status: r.status, out: stripVTControlCharacters(`${r.stdout}${r.stderr}`) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const upward: [from: string, to: string, probe: string, line: string, target: string, rule: string][] = [
  ['slices/', 'src/pages/', 'slices/probe.ts', "import '../src/pages/view';", 'src/pages/view.ts', 'slices-below-effects'],
  ['slices/', 'sagas/', 'slices/probe2.ts', "import '../sagas/effect';", 'sagas/effect.ts', 'slices-below-effects'],
  ['sagas/', 'src/', 'sagas/probe.ts', "import '../src/app/store';", 'src/app/store.ts', 'sagas-below-views'],
  ['server/', 'src/', 'server/probe.ts', "import '../src/pages/view';", 'src/pages/view.ts', 'server-on-protocol'],
  ['server/', 'slices/', 'server/probe2.ts', "import '../slices/notes';", 'slices/notes.ts', 'server-on-protocol'],
  ['protocol/', 'slices/', 'protocol/probe.ts', "import '../slices/notes';", 'slices/notes.ts', 'protocol-is-the-floor'],
  ['src/', 'server/', 'src/probe.ts', "import '../server/app';", 'server/app.ts', 'src-not-server'],
];

describe('imports that run up the layers', () => {
  // One scratch tree holds every probe: depcruise reports each violation on its own line, and one run of it
  // instead of seven keeps this file from being the suite's slowest.
  let report: { status: number | null; out: string };
  beforeAll(() => {
    const files: Record<string, string> = {};
    for (const [, , probe, line, target] of upward) {
      files[probe] = `${line}\nexport {};\n`;
      files[target] = 'export const x = 1;\n';
    }
    report = cruise(files);
  });

  test.each(upward)('an import from %s into %s is rejected', (_from, _to, probe, _line, target, rule) => {
    expect(report.status).not.toBe(0);
    expect(report.out).toContain(`${rule}: ${probe} → ${target}`);
  });
});

test('imports that go down the layers pass', () => {
  const r = cruise({
    'protocol/ops.ts': 'export const op = 1;\n',
    'slices/notes.ts': "import { op } from '../protocol/ops';\nexport const n = op;\n",
    'sagas/notes.ts': "import { n } from '../slices/notes';\nexport const s = n;\n",
    'src/page.ts': "import { s } from '../sagas/notes';\nimport { op } from '../protocol/ops';\nexport const p = s + op;\n",
    'server/app.ts': "import { op } from '../protocol/ops';\nexport const a = op;\n",
  });
  expect(r.out).toContain('no dependency violations');
  expect(r.status).toBe(0);
});

test("the README's layer picture is the one the code draws", () => {
  const picture = spawnSync(process.execPath, [join(root, 'scripts', 'layers.js')], { encoding: 'utf8' }).stdout.trim();
  expect(picture).toContain('flowchart BT');
  expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain(picture);
});
