/**
 * The `git` command line, run only inside the notebook folder this server manages. The repository is always named
 * explicitly (--git-dir/--work-tree): a notebook folder that sits inside another checkout must never fall through
 * to that outer repository.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';

export class GitError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'GitError';
  }
}

/**
 * The caller's GIT_* variables (set inside hooks, or by a developer's shell) could redirect the index or the
 * repository, and a prompt would hang the server; neither is wanted here.
 */
function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v;
  env.GIT_TERMINAL_PROMPT = '0';
  env.LC_ALL = 'C';
  return env;
}

/** Settings a user's global config may hold that would make an unattended commit fail or wait. */
const SAFE_CONFIG = ['-c', 'commit.gpgsign=false', '-c', 'core.quotepath=false', '-c', 'core.autocrlf=false'];

export interface GitResult {
  stdout: string;
  stderr: string;
}

/** Runs git on the repository at `root`; `input` goes to its standard input (e.g. a commit message of any size). */
export function runGit(root: string, args: string[], input?: string): Promise<GitResult> {
  const full = [...SAFE_CONFIG, `--git-dir=${join(root, '.git')}`, `--work-tree=${root}`, ...args];
  return new Promise((resolve, reject) => {
    const child = execFile('git', full, { cwd: root, env: gitEnv(), maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' }, (err, stdout, stderr) => {
      if (err) {
        const code = typeof err.code === 'number' ? err.code : null;
        reject(new GitError(`git ${args[0]} failed: ${(stderr || err.message).trim()}`, code, stderr));
        return;
      }
      resolve({ stdout, stderr });
    });
    // A git that exits before reading everything closes the pipe; its exit status tells what went wrong.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input ?? '');
  });
}

/**
 * A new repository's files come from this folder instead of git's default templates (sample hooks and the like):
 * its `config` carries the committer identity (gitStore.ts DEFAULT_IDENTITY), so no `git config` runs are needed.
 */
export const REPO_TEMPLATE = join(__dirname, 'repoTemplate');

/** `git init` needs no repository yet, so it runs without --git-dir. */
export function initRepo(root: string): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    execFile('git', [...SAFE_CONFIG, 'init', '--quiet', `--template=${REPO_TEMPLATE}`, root], { cwd: root, env: gitEnv(), encoding: 'utf8' }, (err, stdout, stderr) => {
      if (err) reject(new GitError(`git init failed: ${(stderr || err.message).trim()}`, typeof err.code === 'number' ? err.code : null, stderr));
      else resolve({ stdout, stderr });
    });
  });
}
