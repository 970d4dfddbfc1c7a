/**
 * Which note store the embedded server uses, from `zeppelin.notebook.storage` (Zeppelin's class names; a
 * comma-separated list names the primary store first). Git is the default, as in Zeppelin.
 */
import type { ZeppelinConfig } from '../config';
import { errorMessage } from '../util/errors';
import { GitNoteRepo } from './gitNoteRepo';
import { DEFAULT_WRITE_DELAY_MS, NoteRepo } from './noteRepo';

export const GIT_REPO_CLASS = 'org.apache.zeppelin.notebook.repo.GitNotebookRepo';
export const VFS_REPO_CLASS = 'org.apache.zeppelin.notebook.repo.VFSNotebookRepo';
const PLAIN_CLASSES = new Set([VFS_REPO_CLASS, 'org.apache.zeppelin.notebook.repo.LocalFolderNotebookRepo', 'zeppelin.notebook.repo.LocalFolderNotebookRepo']);

/** The longest `zeppelin.notebook.write.delay.ms` taken (tests set it high to see that every reader writes first). */
const MAX_WRITE_DELAY_MS = 60_000;

export type StorageKind = 'git' | 'plain';

export function storageKind(config: ZeppelinConfig): StorageKind {
  const primary = config.getString('zeppelin.notebook.storage', GIT_REPO_CLASS).split(',')[0].trim();
  if (primary === '' || primary === GIT_REPO_CLASS || primary.endsWith('.GitNotebookRepo')) return 'git';
  if (!PLAIN_CLASSES.has(primary)) console.warn(`[storage] unknown zeppelin.notebook.storage ${primary}; using the plain folder store`);
  return 'plain';
}

/**
 * Creates and initialises the store. A git store that cannot start (no `git` on PATH, an unwritable .git) falls
 * back to the plain folder, so the server still serves notes, without revisions.
 */
export async function openNoteRepo(config: ZeppelinConfig): Promise<NoteRepo> {
  const root = config.getString('zeppelin.notebook.dir');
  // Capped: a confirmed edit is in the journal either way, but the file itself should not lag by more than that.
  const delay = Math.min(Math.max(config.getInt('zeppelin.notebook.write.delay.ms', DEFAULT_WRITE_DELAY_MS), 0), MAX_WRITE_DELAY_MS);
  if (storageKind(config) === 'git') {
    const repo = new GitNoteRepo(root, delay);
    try {
      await repo.init();
      return repo;
    } catch (e) {
      console.warn(`[storage] git revisions unavailable (${errorMessage(e)}); using the plain folder store`);
    }
  }
  const plain = new NoteRepo(root, delay);
  await plain.init();
  return plain;
}
