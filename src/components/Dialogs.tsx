import { useAppDispatch, useAppSelector } from '../app/hooks';
import { navigateHash } from '../app/hashLocation';
import { selectSession } from '../../slices/session';
import { selectDialog, ui, type Dialog } from '../../slices/ui';
import { ActionLogDialog } from './dialogs/ActionLogDialog';
import { LoginDialog } from './dialogs/LoginDialog';
import { NoteDialogs } from './dialogs/NoteDialogs';
import { Modal } from './Modal';

/** The server-driven dialogs: 'Insufficient privileges' (AUTH_INFO), 'Details' (ERROR_INFO), login, messages. */
function ServerDialog({ dialog }: { dialog: Dialog }) {
  const session = useAppSelector(selectSession);
  const dispatch = useAppDispatch();
  const close = () => dispatch(ui.dialogClosed());
  switch (dialog.kind) {
    case 'details':
      return (
        <Modal title="Details" onClose={close} footer={<button type="button" onClick={close}>Close</button>}>
          <pre className="dialog-text">{dialog.info}</pre>
        </Modal>
      );
    case 'message':
      return (
        <Modal title={dialog.title} onClose={close} footer={<button type="button" onClick={close}>Close</button>}>
          <p className="dialog-text">{dialog.info}</p>
        </Modal>
      );
    case 'insufficientPrivileges': {
      const noRoles = session.roles.length === 0;
      return (
        <Modal title="Insufficient privileges" onClose={close} footer={noRoles
          ? <button type="button" onClick={close}>Close</button>
          : <>
              <button type="button" onClick={() => { close(); navigateHash('/'); }}>Cancel</button>
              <button type="button" onClick={() => dispatch(ui.dialogOpened({ kind: 'login', info: null }))}>Login</button>
            </>}>
          <pre className="dialog-text">{dialog.info}</pre>
        </Modal>
      );
    }
    case 'login':
      return <LoginDialog info={dialog.info} error={dialog.error} pending={dialog.pending} />;
    case 'actionLog':
      return <ActionLogDialog stats={dialog.stats} />;
  }
}

/** Note dialogs below, server dialogs above them: an ERROR_INFO about a create shows over the create dialog. */
export function Dialogs() {
  const dialog = useAppSelector(selectDialog);
  return (
    <>
      <NoteDialogs />
      {dialog && <ServerDialog dialog={dialog} />}
    </>
  );
}
