/** The confirmations of the note and folder actions, with Zeppelin's wording, each carrying the op it confirms. */
import { noteDialogs } from '../../../slices/noteDialogs';
import { wsOut } from '../../../slices/wsActions';

const IRREVERSIBLE = 'This cannot be undone. Are you sure?';

export const confirmMoveNoteToTrash = (id: string) => noteDialogs.confirmOpened({
  title: 'Move this note to trash?', message: 'This note will be moved to trash.', confirmLabel: 'Move to trash',
  action: wsOut.MOVE_NOTE_TO_TRASH({ id }),
});

export const confirmMoveFolderToTrash = (id: string) => noteDialogs.confirmOpened({
  title: 'Move this folder to trash?', message: 'Folder will be moved to trash.', confirmLabel: 'Move to trash',
  action: wsOut.MOVE_FOLDER_TO_TRASH({ id }),
});

export const confirmClearOutput = (id: string) => noteDialogs.confirmOpened({
  title: 'Clear all output?', message: 'Do you want to clear all output?', confirmLabel: 'Clear',
  action: wsOut.PARAGRAPH_CLEAR_ALL_OUTPUT({ id }),
});

export const confirmRestoreNote = (id: string) => noteDialogs.confirmOpened({
  title: 'Restore this note?', message: 'The note will be moved back to where it was before it was trashed.', confirmLabel: 'Restore',
  action: wsOut.RESTORE_NOTE({ id }),
});

export const confirmRestoreFolder = (id: string) => noteDialogs.confirmOpened({
  title: 'Restore this folder?', message: 'The folder will be moved back to where it was before it was trashed.', confirmLabel: 'Restore',
  action: wsOut.RESTORE_FOLDER({ id }),
});

export const confirmRemoveNote = (id: string) => noteDialogs.confirmOpened({
  title: 'WARNING! This note will be removed permanently', message: IRREVERSIBLE, confirmLabel: 'Remove',
  action: wsOut.DEL_NOTE({ id }),
});

export const confirmRemoveFolder = (id: string) => noteDialogs.confirmOpened({
  title: 'WARNING! This folder will be removed permanently', message: IRREVERSIBLE, confirmLabel: 'Remove',
  action: wsOut.REMOVE_FOLDER({ id }),
});

export const confirmRestoreAll = () => noteDialogs.confirmOpened({
  title: 'Are you sure want to restore all notes in the trash?',
  message: 'Folders and notes in the trash will be merged into their original position.', confirmLabel: 'Restore all',
  action: wsOut.RESTORE_ALL({}),
});

export const confirmEmptyTrash = () => noteDialogs.confirmOpened({
  title: 'WARNING! Notes under trash will be removed permanently', message: IRREVERSIBLE, confirmLabel: 'Empty trash',
  action: wsOut.EMPTY_TRASH({}),
});
