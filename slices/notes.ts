/**
 * Notes: the flat note list from NOTES_INFO (the folder tree is derived by a selector), the metadata of notes the
 * user has opened, and each note's paragraph order. Paragraph bodies live in the paragraphs slice.
 *
 * Notes:
 * - PARAGRAPH_ADDED / MOVED / REMOVED and NOTE_UPDATED carry no note id: they refer to the note this connection has
 *   open, which is `openNoteId` (set by the NOTE reply).
 * - Outbound `ws/send/*` actions pass through the reducers too, so a request can mark what it is waiting for
 *   (e.g. GET_HOME_NOTE) without a separate local action.
 * - The revision view stores its NOTE_REVISION here like a NOTE, so every note-page view and guard works on it
 *   unchanged. The connection stays in the live note's room meanwhile, so from the NOTE_REVISION request until
 *   the next GET_NOTE (or leaving the page) the note's live frames are ignored and only the answer to the current
 *   request is stored; the way back to the live note fetches it afresh.
 */
import { createSelector, createSlice } from '@reduxjs/toolkit';
import { wsIn, wsOut } from './wsActions';
import type { FormInput, FormParams, Note, NoteBase, NoteConfig, NoteId, NoteInfo, NoteRuntimeInfo, ParagraphId } from '../protocol';
import { buildNoteTree } from './domain/noteTree';

export type NoteMeta = NoteBase;

/** The revision the note page shows or waits for, while live frames for its note are ignored. */
export interface RevisionRef {
  noteId: NoteId;
  revisionId: string;
}

/** Whether a NOTE_REVISION answers the request the revision view is waiting for. */
export const answersRevision = (shown: RevisionRef | null, noteId: NoteId, revisionId: string): boolean =>
  !!shown && shown.noteId === noteId && shown.revisionId === revisionId;

export interface NotesState {
  list: NoteInfo[];
  listLoaded: boolean;
  byId: Record<NoteId, NoteMeta>;
  paragraphIds: Record<NoteId, ParagraphId[]>;
  openNoteId: NoteId | null;
  /** The note id asked for with GET_NOTE and not yet answered. */
  loadingNoteId: NoteId | null;
  home: { pending: boolean; noteId: NoteId | null; resolved: boolean };
  collaborative: { status: boolean; users: string[] };
  /** Set when the server confirms a NEW_NOTE / IMPORT_NOTE / clone; the shell navigates to it. */
  lastCreatedNoteId: NoteId | null;
  revision: RevisionRef | null;
  /**
   * The note the page just left. The connection stays in its room until another note is opened, so its NOTE
   * broadcasts (a rename, a move to the trash) still arrive: they must neither reopen it nor pass for the answer to
   * GET_HOME_NOTE.
   */
  closedNoteId: NoteId | null;
}

const initialState: NotesState = {
  list: [], listLoaded: false, byId: {}, paragraphIds: {}, openNoteId: null, loadingNoteId: null,
  home: { pending: false, noteId: null, resolved: false }, collaborative: { status: false, users: [] },
  lastCreatedNoteId: null, revision: null, closedNoteId: null,
};

function storeNote(state: NotesState, note: Note): void {
  const { paragraphs, ...meta } = note;
  // Only one note is open per connection, so the previous one's paragraph order is dropped with its bodies.
  if (state.openNoteId && state.openNoteId !== note.id) delete state.paragraphIds[state.openNoteId];
  state.byId[note.id] = meta;
  state.paragraphIds[note.id] = (paragraphs ?? []).map((p) => p.id);
  state.openNoteId = note.id;
}

/** The open note's order, which live frames may change; none while a revision is shown in its place. */
function openIds(state: NotesState): ParagraphId[] | null {
  if (state.revision) return null;
  return state.openNoteId ? state.paragraphIds[state.openNoteId] ?? null : null;
}

/** The open note's metadata for a live frame to update; none while a revision is shown in its place. */
function liveMeta(state: NotesState): NoteMeta | undefined {
  return !state.revision && state.openNoteId ? state.byId[state.openNoteId] : undefined;
}

/** Forgets which note is shown (its metadata stays for the list); its late NOTE broadcasts do not reopen it. */
function closeOpenNote(state: NotesState): void {
  state.closedNoteId = state.openNoteId ?? state.closedNoteId;
  if (state.openNoteId) delete state.paragraphIds[state.openNoteId];
  state.openNoteId = null;
  state.revision = null;
}

/**
 * PROTOCOL 1.8's text for a refused READER check. The server sends it for a note opened without rights, and when
 * read access to the open note is taken away; either way the note must no longer be shown.
 */
const deniesReading = (info: string | undefined): boolean => (info ?? '').startsWith('Insufficient privileges to READER note.');

function clampIndex(index: number, length: number): number {
  return Math.max(0, Math.min(Math.trunc(index), length));
}

export const notesSlice = createSlice({
  name: 'notes',
  initialState,
  reducers: {
    /** The note page was left: forget which note is open (its metadata stays for the list). */
    noteClosed(state) {
      closeOpenNote(state);
      state.loadingNoteId = null;
    },
    createdNoteOpened(state) {
      state.lastCreatedNoteId = null;
    },
  },
  extraReducers: (b) =>
    b
      .addCase(wsIn.NOTES_INFO, (state, a) => {
        state.list = a.payload.notes;
        state.listLoaded = true;
      })
      .addCase(wsOut.GET_NOTE, (state, a) => {
        state.loadingNoteId = a.payload.id;
        state.revision = null;
        state.closedNoteId = null;
      })
      .addCase(wsOut.NOTE_REVISION, (state, a) => {
        state.revision = { noteId: a.payload.noteId, revisionId: a.payload.revisionId };
      })
      .addCase(wsOut.GET_HOME_NOTE, (state) => {
        state.home.pending = true;
      })
      .addCase(wsIn.NOTE, (state, a) => {
        const note = a.payload.note;
        if (note && note.id === state.closedNoteId) return;
        if (state.home.pending) {
          state.home = { pending: false, noteId: note?.id ?? null, resolved: true };
        }
        if (!note) return;
        if (state.loadingNoteId === note.id) state.loadingNoteId = null;
        // A reload or a restore broadcast of the note whose revision is on screen.
        if (state.revision?.noteId === note.id) return;
        state.revision = null;
        storeNote(state, note);
      })
      .addCase(wsIn.NOTE_REVISION, (state, a) => {
        const { note, noteId, revisionId } = a.payload;
        if (note && answersRevision(state.revision, noteId, revisionId)) storeNote(state, { ...note, id: noteId });
      })
      .addCase(wsIn.NEW_NOTE, (state, a) => {
        state.revision = null;
        storeNote(state, a.payload.note);
        state.lastCreatedNoteId = a.payload.note.id;
      })
      .addCase(wsIn.IMPORT_NOTE, (state, a) => {
        state.lastCreatedNoteId = a.payload.note.id;
      })
      .addCase(wsIn.NOTE_UPDATED, (state, a) => {
        const meta = liveMeta(state);
        if (!meta) return;
        if (a.payload.name !== undefined) meta.name = a.payload.name;
        if (a.payload.config) meta.config = a.payload.config as NoteConfig;
        if (a.payload.info) meta.info = a.payload.info as NoteRuntimeInfo;
      })
      .addCase(wsIn.NOTE_RUNNING_STATUS, (state, a) => {
        const meta = liveMeta(state);
        if (meta) meta.info = { ...meta.info, isRunning: a.payload.status };
      })
      .addCase(wsIn.SAVE_NOTE_FORMS, (state, a) => {
        const meta = liveMeta(state);
        if (!meta) return;
        meta.noteForms = a.payload.formsData.forms as Record<string, FormInput>;
        meta.noteParams = a.payload.formsData.params as FormParams;
      })
      .addCase(wsIn.PARAGRAPH_ADDED, (state, a) => {
        const ids = openIds(state);
        if (!ids || ids.includes(a.payload.paragraph.id)) return;
        ids.splice(clampIndex(a.payload.index, ids.length), 0, a.payload.paragraph.id);
      })
      .addCase(wsIn.PARAGRAPH_MOVED, (state, a) => {
        const ids = openIds(state);
        if (!ids) return;
        const from = ids.indexOf(a.payload.id);
        if (from < 0) return;
        ids.splice(from, 1);
        ids.splice(clampIndex(a.payload.index, ids.length), 0, a.payload.id);
      })
      .addCase(wsIn.PARAGRAPH_REMOVED, (state, a) => {
        const ids = openIds(state);
        if (!ids) return;
        const at = ids.indexOf(a.payload.id);
        if (at >= 0) ids.splice(at, 1);
      })
      .addCase(wsIn.AUTH_INFO, (state, a) => {
        if (deniesReading(a.payload.info)) closeOpenNote(state);
      })
      .addCase(wsIn.COLLABORATIVE_MODE_STATUS, (state, a) => {
        state.collaborative = { status: a.payload.status, users: a.payload.users ?? [] };
      }),
  selectors: {
    selectNoteList: (s) => s.list,
    selectNoteListLoaded: (s) => s.listLoaded,
    selectOpenNoteId: (s) => s.openNoteId,
    selectHomeNote: (s) => s.home,
  },
});

export const notes = notesSlice.actions;
export const { selectNoteList, selectNoteListLoaded, selectOpenNoteId, selectHomeNote } = notesSlice.selectors;

const EMPTY_IDS: ParagraphId[] = [];
export const selectOpenNoteParagraphIds = (s: { notes: NotesState }): ParagraphId[] =>
  (s.notes.openNoteId ? s.notes.paragraphIds[s.notes.openNoteId] : undefined) ?? EMPTY_IDS;

/** The folder tree of the home page, rebuilt only when NOTES_INFO changes. */
export const selectNoteTree = createSelector([(s: { notes: NotesState }) => s.notes.list], buildNoteTree);

