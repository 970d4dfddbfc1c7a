import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { noteDialogs, selectNoteDialog } from '../../../slices/noteDialogs';
import { Modal } from '../Modal';
import { ImportNoteDialog } from './ImportNoteDialog';
import { CloneNoteDialog, CreateNoteDialog } from './NoteNameDialogs';
import { RenameFolderDialog, RenameNoteDialog } from './RenameDialogs';

/** Whichever note or folder dialog is open; keyed so that reopening starts from fresh field values. */
export function NoteDialogs() {
  const d = useAppSelector(selectNoteDialog);
  const dispatch = useAppDispatch();
  if (!d) return null;
  switch (d.kind) {
    case 'create':
      return <CreateNoteDialog key={`create:${d.folder}`} folder={d.folder} pending={d.pending} />;
    case 'clone':
      return <CloneNoteDialog key={`clone:${d.noteId}`} noteId={d.noteId} sourcePath={d.sourcePath} pending={d.pending} />;
    case 'renameNote':
      return <RenameNoteDialog key={`rn:${d.noteId}`} noteId={d.noteId} path={d.path} />;
    case 'renameFolder':
      return <RenameFolderDialog key={`rf:${d.folderId}`} folderId={d.folderId} />;
    case 'import':
      return <ImportNoteDialog step={d.step} error={d.error} detail={d.detail} pending={d.pending} />;
    case 'confirm': {
      const cancel = () => dispatch(noteDialogs.closed());
      return (
        <Modal title={d.title} onClose={cancel} footer={<>
          <button type="button" onClick={cancel}>Cancel</button>
          <button type="button" className="btn-primary" onClick={() => dispatch(noteDialogs.confirmed(d.action))}>{d.confirmLabel}</button>
        </>}>
          <p className="dialog-text">{d.message}</p>
        </Modal>
      );
    }
  }
}
