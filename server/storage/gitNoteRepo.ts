/**
 * The plain folder store plus git revisions (Zeppelin's GitNotebookRepo): the notebook folder is a git
 * repository, saves only write files, and a checkpoint commits one note's file.
 */
import { GitRevisionStore } from '../revisions/gitStore';
import type { NoteAtRevision, RevisionInfo, RevisionStore, Versioned } from '../revisions/types';
import { NoteRepo } from './noteRepo';

export class GitNoteRepo extends NoteRepo implements Versioned {
  private readonly git: GitRevisionStore;
  readonly revisions: RevisionStore;

  constructor(root: string, writeDelayMs?: number) {
    super(root, writeDelayMs);
    this.git = new GitRevisionStore(root);
    this.revisions = {
      // A checkpoint must see every save made before it, so queued writes land first.
      checkpoint: async (noteId: string, message: string): Promise<RevisionInfo | undefined> => {
        await this.idle();
        return this.git.checkpoint(noteId, message);
      },
      history: (noteId: string): Promise<RevisionInfo[]> => this.git.history(noteId),
      noteAt: (noteId: string, revisionId: string): Promise<NoteAtRevision | undefined> => this.git.noteAt(noteId, revisionId),
    };
  }

  override async init(): Promise<void> {
    await super.init();
    await this.git.init();
  }
}
