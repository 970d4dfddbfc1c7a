/** Revision operations shared by the websocket handlers and the REST routes (PROTOCOL 2.4, 3.3). */
import type { NoteEntry } from '../notes/notebook';
import type { Services } from '../services';
import { errorMessage, redactPaths, ZeppelinError } from '../util/errors';
import type { NoteAtRevision, RevisionInfo } from './types';

export const CHECKPOINT_FAILED =
  "Couldn't checkpoint note revision: possibly no changes found or storage doesn't support versioning. Please check the logs for more details.";

/** The pseudo revision the comparator uses for the note as it is now. */
export const HEAD = 'Head';

/** Revision support as clients see it: a versioned store, unless versioned mode is switched off. */
export const revisionSupported = (s: Services): boolean =>
  s.notebook.revisions !== undefined && s.config.getBool('zeppelin.notebook.versioned.mode.enable', true);

/** Undefined for a store without versioning, which clients must tell apart from "no revisions yet". */
export async function listRevisions(s: Services, noteId: string): Promise<RevisionInfo[] | undefined> {
  s.notebook.mustGet(noteId);
  return s.notebook.revisions?.history(noteId);
}

/** Undefined when nothing changed since the last checkpoint or the store keeps no revisions. */
export async function checkpoint(s: Services, noteId: string, message: string): Promise<RevisionInfo | undefined> {
  s.notebook.mustGet(noteId);
  try {
    return await s.notebook.revisions?.checkpoint(noteId, message);
  } catch (e) {
    // git's own text names files by absolute path; clients see them relative to the notebook folder.
    throw e instanceof ZeppelinError ? e : new ZeppelinError(`Could not checkpoint the note: ${redactPaths(errorMessage(e), [s.config.getString('zeppelin.notebook.dir')])}`, 'INTERNAL_SERVER_ERROR');
  }
}

export async function noteAtRevision(s: Services, noteId: string, revisionId: string): Promise<NoteAtRevision | undefined> {
  const entry = s.notebook.mustGet(noteId);
  if (revisionId === HEAD) return { note: entry.note, path: entry.path };
  return s.notebook.revisions?.noteAt(noteId, revisionId);
}

const isBusy = (s: Services, entry: NoteEntry): boolean =>
  s.engine.runsSequentially(entry.id) || entry.note.paragraphs.some((p) => p.status === 'PENDING' || p.status === 'RUNNING');

/**
 * Makes an older revision the note's content. Refused while the note runs: the runs would go on writing results
 * into paragraphs that are no longer the note's.
 */
export async function restoreRevision(s: Services, noteId: string, revisionId: string): Promise<NoteEntry> {
  const entry = s.notebook.mustGet(noteId);
  const fail = (cause: string): ZeppelinError => new ZeppelinError(cause, 'BAD_REQUEST', `Fail to set given note revision, cause: ${cause}`);
  const store = s.notebook.revisions;
  if (!store) throw fail("the notebook storage doesn't support versioning");
  if (isBusy(s, entry)) throw fail('the note is running');
  let found: NoteAtRevision | undefined;
  try {
    found = await store.noteAt(noteId, revisionId);
  } catch (e) {
    throw fail(errorMessage(e));
  }
  if (!found) throw new ZeppelinError(`No revision ${revisionId} of note ${noteId}`, 'NOT_FOUND', `Fail to set given note revision, cause: no revision ${revisionId} of note ${noteId}`);
  return s.notebook.replaceContent(noteId, found.note);
}
