/** One row of the home list: a folder (toggles open) or a note (a link), with the actions that apply to it. */
import { Icon } from '../../components/Icon';
import { memo, type ReactNode } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { TRASH_FOLDER_ID, type FolderNode, type NoteNode } from '../../../slices/domain/noteTree';
import { home } from '../../../slices/home';
import { noteDialogs } from '../../../slices/noteDialogs';
import {
  confirmClearOutput, confirmEmptyTrash, confirmMoveFolderToTrash, confirmMoveNoteToTrash, confirmRemoveFolder,
  confirmRemoveNote, confirmRestoreAll, confirmRestoreFolder, confirmRestoreNote,
} from './confirmations';

function Action({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  return <button type="button" className="row-action" aria-label={label} title={label} onClick={onClick}><span aria-hidden="true">{icon}</span></button>;
}

export const NoteRow = memo(function NoteRowView({ note, depth, showPath }: { note: NoteNode; depth: number; showPath?: boolean }) {
  const dispatch = useAppDispatch();
  return (
    <li className="tree-row note-row" style={{ paddingLeft: depth * 18 }} data-note-id={note.id}>
      <span className="row-icon" aria-hidden="true"><Icon name="doc" /></span>
      <a href={`#/notebook/${note.id}`}>{showPath ? note.path.replace(/^\//, '') : note.name}</a>
      <span className="row-actions">
        {note.isTrash ? <>
          <Action label="Restore note" icon={<Icon name="restore" />} onClick={() => dispatch(confirmRestoreNote(note.id))} />
          <Action label="Remove note permanently" icon={<Icon name="remove" />} onClick={() => dispatch(confirmRemoveNote(note.id))} />
        </> : <>
          <Action label="Rename note" icon={<Icon name="rename" />} onClick={() => dispatch(noteDialogs.renameNoteOpened({ noteId: note.id, path: note.path }))} />
          <Action label="Clone note" icon={<Icon name="clone" />} onClick={() => dispatch(noteDialogs.cloneOpened({ noteId: note.id, sourcePath: note.path }))} />
          <Action label="Clear output" icon={<Icon name="clear" />} onClick={() => dispatch(confirmClearOutput(note.id))} />
          <Action label="Move note to trash" icon={<Icon name="trash" />} onClick={() => dispatch(confirmMoveNoteToTrash(note.id))} />
        </>}
      </span>
    </li>
  );
});

export const FolderRow = memo(function FolderRowView({ folder, depth, open }: { folder: FolderNode; depth: number; open: boolean }) {
  const dispatch = useAppDispatch();
  const isTrashRoot = folder.id === TRASH_FOLDER_ID;
  return (
    <li className="tree-row folder-row" style={{ paddingLeft: depth * 18 }} data-folder-id={folder.id}>
      <button type="button" className="folder-toggle" aria-expanded={open} onClick={() => dispatch(home.folderToggled(folder.id))}>
        <span aria-hidden="true"><Icon name={isTrashRoot ? 'trash' : open ? 'folderOpen' : 'folder'} /></span> {folder.name}
      </button>
      <span className="row-actions">
        {isTrashRoot ? <>
          <Action label="Restore all" icon={<Icon name="restore" />} onClick={() => dispatch(confirmRestoreAll())} />
          <Action label="Empty trash" icon={<Icon name="remove" />} onClick={() => dispatch(confirmEmptyTrash())} />
        </> : folder.isTrash ? <>
          <Action label="Restore folder" icon={<Icon name="restore" />} onClick={() => dispatch(confirmRestoreFolder(folder.id))} />
          <Action label="Remove folder permanently" icon={<Icon name="remove" />} onClick={() => dispatch(confirmRemoveFolder(folder.id))} />
        </> : <>
          <Action label="New note in this folder" icon={<Icon name="add" />} onClick={() => dispatch(noteDialogs.createOpened({ folder: folder.id }))} />
          <Action label="Rename folder" icon={<Icon name="rename" />} onClick={() => dispatch(noteDialogs.renameFolderOpened({ folderId: folder.id }))} />
          <Action label="Move folder to trash" icon={<Icon name="trash" />} onClick={() => dispatch(confirmMoveFolderToTrash(folder.id))} />
        </>}
      </span>
    </li>
  );
});
