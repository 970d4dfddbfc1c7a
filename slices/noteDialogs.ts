/**
 * The note and folder dialogs (create, clone, rename, import, confirmations). At most one is open.
 *
 * Notes:
 * - Outbound `ws/send/*` actions pass through here: sending NOTE_RENAME closes the rename dialog, sending NEW_NOTE
 *   marks the create dialog as waiting, and the server's NEW_NOTE / IMPORT_NOTE reply closes it. One user action is
 *   then one dispatched action.
 * - An ERROR_INFO or AUTH_INFO while waiting ends the wait; the dialog stays so the user can correct the name.
 * - A confirmation carries the action to dispatch when confirmed, so it is plain data in the log.
 */
import { createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import { wsIn, wsOut } from './wsActions';

export type ImportStep = 1 | 2;

export type NoteDialog =
  | { kind: 'create'; folder: string | null; pending: boolean }
  | { kind: 'clone'; noteId: string; sourcePath: string; pending: boolean }
  | { kind: 'renameNote'; noteId: string; path: string }
  | { kind: 'renameFolder'; folderId: string }
  | { kind: 'import'; step: ImportStep; error: string | null; pending: boolean; detail?: string }
  | { kind: 'confirm'; title: string; message: string; confirmLabel: string; action: UnknownAction };

export interface NoteDialogsState {
  dialog: NoteDialog | null;
}

export interface ImportSource {
  /** The user's "Import As" name; overrides the one in the file when not blank. */
  name: string;
}

const initialState: NoteDialogsState = { dialog: null };

function endWait(state: NoteDialogsState): void {
  const d = state.dialog;
  if (d && (d.kind === 'create' || d.kind === 'clone' || d.kind === 'import')) d.pending = false;
}

export const noteDialogsSlice = createSlice({
  name: 'noteDialogs',
  initialState,
  reducers: {
    createOpened(state, action: PayloadAction<{ folder?: string | null } | undefined>) {
      state.dialog = { kind: 'create', folder: action.payload?.folder ?? null, pending: false };
    },
    cloneOpened(state, action: PayloadAction<{ noteId: string; sourcePath: string }>) {
      state.dialog = { kind: 'clone', ...action.payload, pending: false };
    },
    renameNoteOpened(state, action: PayloadAction<{ noteId: string; path: string }>) {
      state.dialog = { kind: 'renameNote', ...action.payload };
    },
    renameFolderOpened(state, action: PayloadAction<{ folderId: string }>) {
      state.dialog = { kind: 'renameFolder', folderId: action.payload.folderId };
    },
    importOpened(state) {
      state.dialog = { kind: 'import', step: 1, error: null, pending: false };
    },
    confirmOpened(state, action: PayloadAction<{ title: string; message: string; confirmLabel: string; action: UnknownAction }>) {
      state.dialog = { kind: 'confirm', ...action.payload };
    },
    /** Handled by the noteActions saga, which dispatches the carried action. */
    confirmed(state, _action: PayloadAction<UnknownAction>) {
      state.dialog = null;
    },
    closed(state) {
      state.dialog = null;
    },
    /** The clone dialog's submit; the saga opens the source note first when needed (CLONE_NOTE clones the open note). */
    cloneRequested(state, _action: PayloadAction<{ noteId: string; name: string }>) {
      if (state.dialog?.kind === 'clone') state.dialog.pending = true;
    },
    /** Step change asked for; the saga shows it after the spec's transition delay. */
    importStepRequested(_state, _action: PayloadAction<ImportStep>) {},
    importStepShown(state, action: PayloadAction<ImportStep>) {
      if (state.dialog?.kind === 'import') state.dialog = { ...state.dialog, step: action.payload, error: null };
    },
    importFileChosen(state, _action: PayloadAction<ImportSource & { fileName: string; size: number; text: string }>) {
      if (state.dialog?.kind === 'import') state.dialog.error = null;
    },
    importUrlSubmitted(state, _action: PayloadAction<ImportSource & { url: string }>) {
      if (state.dialog?.kind === 'import') {
        state.dialog.error = null;
        state.dialog.pending = true;
      }
    },
    importFailed(state, action: PayloadAction<string>) {
      if (state.dialog?.kind === 'import') state.dialog = { ...state.dialog, error: action.payload, pending: false, detail: undefined };
    },
    /** A chosen file was refused: Zeppelin's short text, and what was wrong with this file. */
    importFileRefused(state, action: PayloadAction<{ error: string; detail: string }>) {
      if (state.dialog?.kind === 'import') state.dialog = { ...state.dialog, ...action.payload, pending: false };
    },
  },
  extraReducers: (b) =>
    b
      .addCase(wsOut.NEW_NOTE, (state) => {
        if (state.dialog?.kind === 'create') state.dialog.pending = true;
      })
      .addCase(wsOut.IMPORT_NOTE, (state) => {
        if (state.dialog?.kind === 'import') state.dialog.pending = true;
      })
      .addCase(wsOut.NOTE_RENAME, (state) => {
        if (state.dialog?.kind === 'renameNote') state.dialog = null;
      })
      .addCase(wsOut.FOLDER_RENAME, (state) => {
        if (state.dialog?.kind === 'renameFolder') state.dialog = null;
      })
      .addCase(wsIn.NEW_NOTE, (state) => {
        if (state.dialog?.kind === 'create' || state.dialog?.kind === 'clone') state.dialog = null;
      })
      .addCase(wsIn.IMPORT_NOTE, (state) => {
        if (state.dialog?.kind === 'import') state.dialog = null;
      })
      // Spec: the import dialog resets when the note list arrives after an import.
      .addCase(wsIn.NOTES_INFO, (state) => {
        if (state.dialog?.kind === 'import' && state.dialog.pending) state.dialog = null;
      })
      // A refused import says why in the dialog (Zeppelin's answer, e.g. "Fail to import note: ...").
      .addCase(wsIn.ERROR_INFO, (state, action) => {
        const d = state.dialog;
        if (d?.kind === 'import' && d.pending && action.payload.info) d.error = action.payload.info;
        endWait(state);
      })
      .addCase(wsIn.AUTH_INFO, endWait),
  selectors: {
    selectNoteDialog: (s) => s.dialog,
  },
});

export const noteDialogs = noteDialogsSlice.actions;
export const { selectNoteDialog } = noteDialogsSlice.selectors;
