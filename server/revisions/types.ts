/** What a versioned note store offers (PROTOCOL 2.4, 4.10). */
import type { Note } from '../../protocol';

export interface RevisionInfo {
  /** The commit id (40 hex digits). */
  id: string;
  message: string;
  /** Commit time in seconds since the epoch, as Zeppelin reports it. */
  time: number;
}

export interface NoteAtRevision {
  note: Note;
  /** The note's path as it was at that revision (it may have been renamed since). */
  path: string;
}

export interface RevisionStore {
  /** Commits the note's current file; undefined when there was nothing to commit. */
  checkpoint(noteId: string, message: string): Promise<RevisionInfo | undefined>;
  /** Newest first; empty when the note was never committed. */
  history(noteId: string): Promise<RevisionInfo[]>;
  /** The note as committed in `revisionId`; undefined when that revision does not hold it. */
  noteAt(noteId: string, revisionId: string): Promise<NoteAtRevision | undefined>;
}

/** A note repository that keeps revisions exposes them here. */
export interface Versioned {
  readonly revisions: RevisionStore;
}

export const isVersioned = (repo: object): repo is Versioned =>
  'revisions' in repo && typeof (repo as { revisions?: unknown }).revisions === 'object' && (repo as { revisions?: unknown }).revisions !== null;
