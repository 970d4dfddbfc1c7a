/**
 * The Python the tests run: ZEPPELIN_TEST_PYTHON, else Debian's /usr/bin/python3 (where `apt-get install
 * python3-pandas` puts its packages), else the first python3 on the PATH. Tests that need a module this Python lacks
 * are skipped by name with the Debian package that brings it.
 */
import { spawnSync } from 'child_process';
import fs from 'fs';
import { testUnless } from './skips';

export const TEST_PYTHON = process.env.ZEPPELIN_TEST_PYTHON || (fs.existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');

// Debian names its packages after the import name, except where listed here.
const DEBIAN_PACKAGE: Record<string, string> = { IPython: 'python3-ipython', yaml: 'python3-yaml' };

const debianPackage = (module: string): string => DEBIAN_PACKAGE[module] ?? `python3-${module.toLowerCase()}`;

const probes = new Map<string, { executable?: string; modules: Set<string> }>();

/** Asks TEST_PYTHON (once per list) for its path and which of `modules` it can import. */
function pythonHas(modules: string[]): { executable?: string; modules: Set<string> } {
  const key = modules.join(',');
  const known = probes.get(key);
  if (known) return known;
  const code = 'import importlib.util, json, sys\n'
    + `print(json.dumps([sys.executable, [m for m in ${JSON.stringify(modules)} if importlib.util.find_spec(m)]]))`;
  const r = spawnSync(TEST_PYTHON, ['-c', code], { encoding: 'utf8', timeout: 30_000 });
  let found: { executable?: string; modules: Set<string> } = { modules: new Set() };
  if (r.status === 0) {
    const [executable, present] = JSON.parse(r.stdout) as [string, string[]];
    found = { executable, modules: new Set(present) };
  }
  probes.set(key, found);
  return found;
}

/** The absolute path of TEST_PYTHON (what `sys.executable` prints), or undefined when it does not run. */
export function pythonExecutable(): string | undefined {
  return pythonHas([]).executable;
}

/** What a test needing these modules lacks, as a skip reason and an install hint; undefined when nothing. */
export function missingPython(modules: string[] = []): { reason: string; hint: string } | undefined {
  const found = pythonHas(modules);
  if (found.executable === undefined) {
    return { reason: `${TEST_PYTHON} does not run`, hint: 'sudo apt-get install -y python3, or set ZEPPELIN_TEST_PYTHON' };
  }
  const lacking = modules.filter((m) => !found.modules.has(m));
  if (lacking.length === 0) return undefined;
  return {
    reason: `${found.executable} lacks ${lacking.join(', ')}`,
    hint: `sudo apt-get install -y ${lacking.map(debianPackage).join(' ')}, or set ZEPPELIN_TEST_PYTHON to a python3 that has them`,
  };
}

/** `test` when TEST_PYTHON runs and imports `modules`; otherwise a recorded skip. */
export function testWithPython(modules: string[] = []): ReturnType<typeof testUnless> {
  return testUnless(missingPython(modules));
}
