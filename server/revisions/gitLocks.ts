/**
 * Lock files git leaves behind when it is killed in the middle of a command (kill -9, a crash, a power cut). A
 * stale `.git/index.lock` makes every later commit fail for good, so before each git command of the store the
 * locks are checked: removed when no running git process works in the notebook folder, reported when one does.
 *
 * Notes:
 * - Running git processes are found through /proc (a process named git whose working directory or command line
 *   is inside the folder). Where there is no /proc, a lock counts as stale once it is a minute old.
 * - This store runs its own git commands one at a time, so none of them is running while the check runs.
 */
import { existsSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ZeppelinError } from '../util/errors';

const TOP_LEVEL_LOCKS = ['index.lock', 'HEAD.lock', 'ORIG_HEAD.lock', 'config.lock', 'packed-refs.lock', 'shallow.lock'];
const NO_PROC_STALE_MS = 60_000;

function refLocks(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return refLocks(full);
    return e.isFile() && e.name.endsWith('.lock') ? [full] : [];
  });
}

/** The lock files present in the repository's git folder. */
function locksIn(gitDir: string): string[] {
  return [...TOP_LEVEL_LOCKS.map((name) => join(gitDir, name)).filter((f) => existsSync(f)), ...refLocks(join(gitDir, 'refs'))];
}

const inside = (path: string, root: string): boolean => path === root || path.startsWith(`${root}/`);

function readOr(read: () => string): string {
  try {
    return read();
  } catch {
    return ''; // the process ended, or belongs to someone we may not inspect
  }
}

/** The ids of the git processes running in `root`; undefined where processes cannot be inspected. */
function gitRunningIn(root: string): string[] | undefined {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  return pids.flatMap((pid) => {
    if (!readOr(() => readFileSync(`/proc/${pid}/comm`, 'utf8')).trim().startsWith('git')) return [];
    // A zombie (state Z) or dead (X) process has ended: it holds no lock, whoever has yet to reap it.
    const state = /\)\s+(\S)/.exec(readOr(() => readFileSync(`/proc/${pid}/stat`, 'utf8')))?.[1];
    if (state === 'Z' || state === 'X') return [];
    const cwd = readOr(() => readlinkSync(`/proc/${pid}/cwd`));
    const args = readOr(() => readFileSync(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    return (cwd !== '' && inside(cwd, root)) || args.some((a) => a.includes(root)) ? [pid] : [];
  });
}

/**
 * Removes the stale locks of the repository at `root`. Throws a CONFLICT naming the lock when a running git
 * process may hold it (that git's own command will release it).
 */
export function clearStaleLocks(root: string): void {
  const gitDir = join(root, '.git');
  const locks = locksIn(gitDir);
  if (locks.length === 0) return;
  const running = gitRunningIn(root);
  const stale = running === undefined ? locks.filter((f) => Date.now() - statSync(f).mtimeMs > NO_PROC_STALE_MS) : running.length > 0 ? [] : locks;
  if (stale.length < locks.length) {
    const held = relative(root, locks.find((f) => !stale.includes(f)) ?? locks[0]);
    // The process id only: a command line can carry what the caller may not read (a remote's credentials).
    const by = running?.length ? ` by git process ${running.join(', ')}` : '';
    throw new ZeppelinError(`Another git process is working in the notebook folder (${held} is held${by}); try again when it has finished`, 'CONFLICT');
  }
  for (const f of stale) rmSync(f, { force: true });
  console.warn(`[revisions] removed stale git lock${stale.length === 1 ? '' : 's'} left by an interrupted git command: ${stale.map((f) => relative(root, f)).join(', ')}`);
}
