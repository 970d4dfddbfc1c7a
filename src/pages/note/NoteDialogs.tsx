import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Modal } from '../../components/Modal';
import { notePage, type NoteDialog } from '../../../slices/notePage';
import { formatBytes, LAST_PARAGRAPH_MESSAGE, NO_PERMISSION_MESSAGE, OWNERS_EMPTY_MESSAGE, RESTART_ERROR_TITLE } from '../../../slices/domain/noteModel';

interface Spec {
  title: string;
  body: React.ReactNode;
  confirm?: string;
  cancel?: string;
}

function spec(d: NoteDialog): Spec {
  switch (d.kind) {
    case 'runAll': return { title: 'Run all paragraphs', body: 'Run all paragraphs?', confirm: 'Run', cancel: 'Cancel' };
    case 'clearAll': return { title: 'Clear output', body: 'Do you want to clear all output?', confirm: 'Clear', cancel: 'Cancel' };
    case 'trash': return { title: 'Move this note to trash', body: 'This note will be moved to trash.', confirm: 'Move', cancel: 'Cancel' };
    case 'delete': return { title: 'Remove this note permanently', body: 'This note will be removed permanently. This cannot be undone.', confirm: 'Remove', cancel: 'Cancel' };
    case 'removeParagraph': return { title: 'Remove', body: 'Do you want to delete this paragraph?', confirm: 'Remove', cancel: 'Cancel' };
    case 'lastParagraph': return { title: 'Remove', body: LAST_PARAGRAPH_MESSAGE, cancel: 'OK' };
    case 'clone': return { title: 'Clone note', body: null, confirm: 'Clone', cancel: 'Cancel' };
    case 'exportLarge': return {
      title: 'Export this note (zpln)',
      body: `This note is ${formatBytes(d.size)}, larger than the server's maximum websocket message size (${formatBytes(d.limit)}): it may not import back. Export anyway?`,
      confirm: 'Export', cancel: 'Cancel',
    };
    case 'leave': return { title: 'Unsaved changes', body: 'Changes that you have made will not be saved.', confirm: 'Leave', cancel: 'Stay' };
    case 'ownersEmpty': return { title: 'Note permissions', body: OWNERS_EMPTY_MESSAGE, confirm: 'Set', cancel: 'Cancel' };
    case 'noPermission': return { title: 'No permission', body: NO_PERMISSION_MESSAGE, cancel: 'OK' };
    case 'permissionDenied': return { title: 'Insufficient privileges', body: d.info, confirm: 'Login', cancel: 'Cancel' };
    case 'restartError': return { title: RESTART_ERROR_TITLE, body: d.info, cancel: 'OK' };
    case 'discard': return { title: 'Discard changes', body: 'Changes will be discarded.', confirm: 'OK', cancel: 'Cancel' };
  }
}

/** The note page's confirmations and error dialogs; what a confirmation does is the saga's business. */
export function NoteDialogs() {
  const dispatch = useAppDispatch();
  const d = useAppSelector((s) => s.notePage.dialog);
  const [input, setInput] = useState<string | null>(null);
  if (!d) return null;
  const s = spec(d);
  const cancel = () => {
    setInput(null);
    dispatch(notePage.dialogCancelled(d));
  };
  const confirm = () => {
    dispatch(notePage.dialogConfirmed({ dialog: d, input: d.kind === 'clone' ? input ?? d.name : undefined }));
    setInput(null);
  };
  return (
    <Modal title={s.title} onClose={cancel} footer={<>
      {s.cancel && <button type="button" onClick={cancel}>{s.cancel}</button>}
      {s.confirm && <button type="button" className="primary" onClick={confirm}>{s.confirm}</button>}
    </>}>
      {d.kind === 'clone' ? (
        <label className="form-field"><span>Note name</span>
          <input aria-label="Note name" autoFocus value={input ?? d.name} onChange={(e) => setInput(e.target.value)}
            onKeyDown={(e) => { if (e.key === 'Enter') confirm(); }} />
        </label>
      ) : <p className="dialog-text">{s.body}</p>}
    </Modal>
  );
}
