/**
 * Revisions kept in a git repository that is the notebook folder itself (Zeppelin's GitNotebookRepo model):
 * saving a note only writes its file; a checkpoint commits that file. A note is found in history by its id
 * (`*_<id>.zpln` anywhere in the tree), so its revisions survive renames and moves between folders.
 *
 * All git commands of one store run one after another: git takes a lock on the index, and two checkpoints
 * running at once would fail or mix their files into one commit.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseFileName, parseNoteFile, ZPLN_EXT } from '../storage/zpln';
import { GitError, initRepo, runGit } from './git';
import { clearStaleLocks } from './gitLocks';
import type { NoteAtRevision, RevisionInfo, RevisionStore } from './types';

/** Used only when the repository has no identity of its own, so commits work on a machine without one. */
export const DEFAULT_IDENTITY = { name: 'Zeppelin', email: 'zeppelin@localhost' };

const LOG_FORMAT = '--format=%H%x1f%ct%x1f%s';
const REVISION_ID = /^[0-9a-f]{4,40}$/i;

/** Wildmatch special characters in an id read from a hand-made file name must not widen the pattern. */
const escapeGlob = (s: string): string => s.replace(/[*?[\]\\]/g, (c) => `\\${c}`);

export const notePathspec = (noteId: string): string => `:(glob)**/*_${escapeGlob(noteId)}${ZPLN_EXT}`;

function parseLog(stdout: string): RevisionInfo[] {
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [id, time, ...message] = line.split('\x1f');
      return { id, message: message.join('\x1f'), time: Number(time) };
    });
}

export class GitRevisionStore implements RevisionStore {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(readonly root: string) {}

  /** Runs `job` after the store's earlier git commands, once locks that killed git commands left are gone. */
  private serial<T>(command: () => Promise<T>): Promise<T> {
    const job = (): Promise<T> => {
      if (existsSync(join(this.root, '.git'))) clearStaleLocks(this.root);
      return command();
    };
    const next = this.tail.then(job, job);
    this.tail = next.catch(() => undefined);
    return next;
  }

  /**
   * Makes the folder a repository (when it is not one yet) with a committer identity of its own. A new repository
   * gets it from its template (git.ts); an existing one is read with one git command and completed if need be. This
   * runs at every server start, and the tests start hundreds of servers, so each git process saved here counts.
   */
  init(): Promise<void> {
    return this.serial(async () => {
      if (!existsSync(join(this.root, '.git'))) {
        await initRepo(this.root);
        return;
      }
      let present = '';
      try {
        present = (await runGit(this.root, ['config', '--local', '--get-regexp', '^user\\.(name|email)$'])).stdout;
      } catch (e) {
        // Exit code 1 means "none set"; anything else is a real failure.
        if (!(e instanceof GitError) || e.code !== 1) throw e;
      }
      const keys = new Set(present.split('\n').map((line) => line.split(' ')[0]));
      for (const [key, value] of [['user.name', DEFAULT_IDENTITY.name], ['user.email', DEFAULT_IDENTITY.email]]) {
        if (!keys.has(key)) await runGit(this.root, ['config', '--local', key, value]);
      }
    });
  }

  checkpoint(noteId: string, message: string): Promise<RevisionInfo | undefined> {
    return this.serial(async () => {
      const spec = notePathspec(noteId);
      const status = await runGit(this.root, ['status', '--porcelain', '--untracked-files=all', '--', spec]);
      if (status.stdout.trim() === '') return undefined;
      // -A also stages the removal of the old file when the note moved, so the commit records the move.
      await runGit(this.root, ['add', '-A', '--', spec]);
      // Naming the paths commits only this note, whatever else someone staged by hand.
      // The message goes through standard input: as an argument, a long one exceeds the system's limit (E2BIG).
      await runGit(this.root, ['commit', '--quiet', '--no-verify', '--allow-empty-message', '-F', '-', '--', spec], message);
      const head = parseLog((await runGit(this.root, ['log', '-1', LOG_FORMAT])).stdout);
      return head[0];
    });
  }

  history(noteId: string): Promise<RevisionInfo[]> {
    return this.serial(async () => {
      if (!(await this.hasCommits())) return [];
      return parseLog((await runGit(this.root, ['log', LOG_FORMAT, '--', notePathspec(noteId)])).stdout);
    });
  }

  noteAt(noteId: string, revisionId: string): Promise<NoteAtRevision | undefined> {
    return this.serial(async () => {
      // Anything but a hex id could be read by git as an option or a ref expression.
      if (!REVISION_ID.test(revisionId)) return undefined;
      let listing: string;
      try {
        listing = (await runGit(this.root, ['ls-tree', '-r', '-z', '--name-only', `${revisionId}^{commit}`])).stdout;
      } catch (e) {
        if (e instanceof GitError) return undefined;
        throw e;
      }
      const file = listing.split('\0').find((name) => parseFileName(name)?.id === noteId);
      if (file === undefined) return undefined;
      const content = await runGit(this.root, ['cat-file', 'blob', `${revisionId}:${file}`]);
      const note = parseNoteFile(content.stdout);
      note.id = noteId;
      return { note, path: parseFileName(file)?.path ?? `/${file}` };
    });
  }

  private async hasCommits(): Promise<boolean> {
    try {
      await runGit(this.root, ['rev-parse', '--verify', '--quiet', 'HEAD']);
      return true;
    } catch (e) {
      if (e instanceof GitError) return false;
      throw e;
    }
  }
}
