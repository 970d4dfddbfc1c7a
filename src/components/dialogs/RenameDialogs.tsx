/** Renaming notes and folders: a blank name is refused; a folder renamed onto an existing one is merged after a warning. */
import { useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { folderIds, normalizeFolderId } from '../../app/noteNames';
import { selectNoteList } from '../../../slices/notes';
import { noteDialogs } from '../../../slices/noteDialogs';
import { wsOut } from '../../../slices/wsActions';
import { FormDialog } from './FormDialog';

export const BLANK_NAME_TEXT = 'The name must not be blank.';

export function RenameNoteDialog({ noteId, path }: { noteId: string; path: string }) {
  const dispatch = useAppDispatch();
  const oldName = path.replace(/^\/+/, '');
  const [name, setName] = useState(oldName);
  const trimmed = name.trim();
  const submit = () => {
    if (trimmed === oldName) dispatch(noteDialogs.closed());
    else dispatch(wsOut.NOTE_RENAME({ id: noteId, name: trimmed, relative: false }));
  };
  return (
    <FormDialog title="Rename note" verb="Rename" onSubmit={submit} onCancel={() => dispatch(noteDialogs.closed())} disabled={!trimmed}>
      <label>New name
        <input type="text" value={name} autoFocus onChange={(e) => setName(e.target.value)} />
      </label>
      {!trimmed && <p className="error" role="alert">{BLANK_NAME_TEXT}</p>}
    </FormDialog>
  );
}

export function RenameFolderDialog({ folderId }: { folderId: string }) {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectNoteList);
  const existing = useMemo(() => folderIds(list), [list]);
  const [name, setName] = useState(folderId);
  const target = normalizeFolderId(name);
  const merges = target !== folderId && existing.has(target);
  const submit = () => {
    if (target === folderId) dispatch(noteDialogs.closed());
    else dispatch(wsOut.FOLDER_RENAME({ id: folderId, name: target }));
  };
  return (
    <FormDialog title="Rename folder" verb="Rename" onSubmit={submit} onCancel={() => dispatch(noteDialogs.closed())} disabled={!target}>
      <label>New name
        <input type="text" value={name} autoFocus onChange={(e) => setName(e.target.value)} />
      </label>
      {!target && <p className="error" role="alert">{BLANK_NAME_TEXT}</p>}
      {merges && <p className="warning" role="alert">Folder {target} already exists. Its notes and the notes of {folderId} will be merged.</p>}
    </FormDialog>
  );
}
