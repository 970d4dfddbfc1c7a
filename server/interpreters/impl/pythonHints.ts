/**
 * Words for a Python run that failed because a module is missing: which module, which Python lacks it, and the two
 * ways out (install it for that Python, or point `zeppelin.python` at one that has it). The default executable is
 * the first `python3` on the server's PATH, which is often not the one with pandas and matplotlib.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** How much of a run's output is kept to look for the error in (a traceback's last line is what counts). */
export const OUTPUT_TAIL_CHARS = 4096;

/** `python3` → `/usr/local/bin/python3`: the file the server starts, found on its PATH as spawn finds it. */
export function resolveExecutable(executable: string, path = process.env.PATH ?? ''): string {
  if (isAbsolute(executable) || executable.includes('/')) return executable;
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, executable), constants.X_OK);
      return join(dir, executable);
    } catch {
      // not here
    }
  }
  return executable;
}

/** The hint for a run whose output ends in "No module named 'x'", else null. */
export function missingModuleHint(output: string, executable: string): string | null {
  const all = [...output.matchAll(/(?:ModuleNotFoundError|ImportError): No module named '([^']+)'/g)];
  const last = all[all.length - 1];
  if (!last) return null;
  const module = last[1].split('.')[0];
  const exe = resolveExecutable(executable);
  return `\n${module} is not installed for the Python at ${exe} (the zeppelin.python property of the python interpreter).\n`
    + `Install it for that Python (${exe} -m pip install ${module}; on Debian: sudo apt-get install python3-${module.toLowerCase()}),\n`
    + `or set zeppelin.python on the Interpreter page to a Python that has it (on Debian /usr/bin/python3 has the python3-* packages).\n`;
}
