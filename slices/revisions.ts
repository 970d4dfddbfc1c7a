/**
 * Version control on the note page: the open note's revision history, the commit dialog, the revision being
 * viewed (read-only) and the revisions comparator's choices and the notes it compares.
 *
 * Notes:
 * - A CHECKPOINT_NOTE is answered by LIST_REVISION_HISTORY on success and by ERROR_INFO otherwise; while a commit
 *   is in flight the next of either settles it.
 * - Comparator replies are kept only when they answer the current choice of their position, so a late reply for
 *   an earlier choice cannot show the wrong revision.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { wsIn, wsOut } from './wsActions';
import type { Note, Revision } from '../protocol';

export type ComparePosition = 'first' | 'second';

/** The pseudo revision the comparator offers first: the note as it is now. */
export const HEAD_REVISION_ID = 'Head';

export const REVISION_PROBLEM = 'There is a problem with this Revision';

export interface CommitState {
  open: boolean;
  status: 'idle' | 'sending' | 'failed';
  /** The message of the commit in flight, for the toast that reports it. */
  message: string;
  error: string | null;
}

export interface RevisionViewState {
  noteId: string;
  revisionId: string;
  status: 'loading' | 'shown' | 'failed';
}

export interface ComparedNote {
  revisionId: string;
  /** Absent when the server had no such revision. */
  note?: Note;
}

export interface ComparatorState {
  open: boolean;
  chosen: Record<ComparePosition, string>;
  loaded: Partial<Record<ComparePosition, ComparedNote>>;
  /** The paragraph whose diff is shown. */
  selected: string | null;
}

export interface RevisionsState {
  /** Whose history `history` is. */
  noteId: string | null;
  /** Newest first; null until the server answers, or when its storage does not version notes. */
  history: Revision[] | null;
  commit: CommitState;
  view: RevisionViewState | null;
  setConfirmOpen: boolean;
  setPending: boolean;
  comparator: ComparatorState;
}

const closedComparator: ComparatorState = { open: false, chosen: { first: '', second: '' }, loaded: {}, selected: null };

const initialState: RevisionsState = {
  noteId: null, history: null, commit: { open: false, status: 'idle', message: '', error: null }, view: null,
  setConfirmOpen: false, setPending: false, comparator: closedComparator,
};

export const revisionsSlice = createSlice({
  name: 'revisions',
  initialState,
  reducers: {
    commitDialogOpened(state) {
      state.commit = { open: true, status: 'idle', message: '', error: null };
    },
    commitDialogClosed(state) {
      state.commit = { open: false, status: 'idle', message: '', error: null };
    },
    /** The user asked to commit with this message; the saga refuses a blank one. */
    commitRequested(state, a: PayloadAction<{ message: string }>) {
      state.commit.error = null;
      state.commit.message = a.payload.message;
    },
    commitRefused(state, a: PayloadAction<string>) {
      state.commit.status = 'failed';
      state.commit.error = a.payload;
    },
    /** A revision picked in the toolbar's list: the saga navigates there (Head is the live note). */
    revisionChosen(_state, _a: PayloadAction<{ noteId: string; revisionId: string }>) {},
    setConfirmOpened(state) {
      state.setConfirmOpen = true;
    },
    setConfirmClosed(state) {
      state.setConfirmOpen = false;
    },
    setConfirmed(state, _a: PayloadAction<{ noteId: string; revisionId: string }>) {
      state.setConfirmOpen = false;
      state.setPending = true;
    },
    setSettled(state) {
      state.setPending = false;
    },
    /** The page shows a revision (NOTE_REVISION sent), or the live note again (null). */
    viewStarted(state, a: PayloadAction<RevisionViewState | null>) {
      state.view = a.payload;
      state.setConfirmOpen = false;
    },
    viewFailed(state, a: PayloadAction<{ noteId: string; revisionId: string }>) {
      state.view = { ...a.payload, status: 'failed' };
    },
    comparatorToggled(state) {
      state.comparator = state.comparator.open ? closedComparator : { ...closedComparator, open: true };
    },
    compareChosen(state, a: PayloadAction<{ position: ComparePosition; revisionId: string }>) {
      state.comparator.chosen[a.payload.position] = a.payload.revisionId;
      state.comparator.selected = null;
    },
    compareParagraphSelected(state, a: PayloadAction<string | null>) {
      state.comparator.selected = a.payload;
    },
  },
  extraReducers: (b) =>
    b
      .addCase(wsOut.LIST_REVISION_HISTORY, (state, a) => {
        if (state.noteId !== a.payload.noteId) {
          state.noteId = a.payload.noteId;
          state.history = null;
        }
      })
      .addCase(wsOut.CHECKPOINT_NOTE, (state, a) => {
        state.commit.status = 'sending';
        state.commit.message = a.payload.commitMessage;
        state.noteId = a.payload.noteId;
      })
      .addCase(wsIn.LIST_REVISION_HISTORY, (state, a) => {
        state.history = a.payload.revisionList ?? null;
        if (state.commit.status === 'sending') state.commit = { open: false, status: 'idle', message: state.commit.message, error: null };
      })
      .addCase(wsIn.ERROR_INFO, (state, a) => {
        if (state.commit.status === 'sending') {
          state.commit.status = 'failed';
          state.commit.error = a.payload.info ?? 'Commit failed';
        }
      })
      .addCase(wsIn.NOTE_REVISION, (state, a) => {
        const v = state.view;
        if (!v || v.noteId !== a.payload.noteId || v.revisionId !== a.payload.revisionId) return;
        v.status = a.payload.note ? 'shown' : 'failed';
      })
      .addCase(wsIn.NOTE_REVISION_FOR_COMPARE, (state, a) => {
        const position = a.payload.position;
        if (position !== 'first' && position !== 'second') return;
        const c = state.comparator;
        if (c.chosen[position] !== a.payload.revisionId) return;
        c.loaded[position] = a.payload.note ? { revisionId: a.payload.revisionId, note: a.payload.note } : { revisionId: a.payload.revisionId };
      })
      .addCase(wsOut.GET_NOTE, (state, a) => {
        // Another note: its history, comparator and dialogs start afresh.
        if (state.noteId !== a.payload.id) {
          state.noteId = a.payload.id;
          state.history = null;
          state.comparator = closedComparator;
        }
        state.commit = { open: false, status: 'idle', message: '', error: null };
        state.setConfirmOpen = false;
      })
      .addCase(wsIn.SET_NOTE_REVISION, (state) => {
        state.setPending = false;
      }),
});

export const revisions = revisionsSlice.actions;

type WithRevisions = { revisions: RevisionsState };
const NO_REVISIONS: Revision[] = [];
export const selectRevisionHistory = (s: WithRevisions): Revision[] => s.revisions.history ?? NO_REVISIONS;
