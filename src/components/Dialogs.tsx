import { useAppDispatch, useAppSelector } from '../app/hooks';
import { navigateHash } from '../app/hashLocation';
import { selectSession } from '../../slices/session';
import { selectDialog, ui } from '../../slices/ui';
import { Modal } from './Modal';

/** The server-driven dialogs: 'Insufficient privileges' (AUTH_INFO), 'Details' (ERROR_INFO), and login. */
export function Dialogs() {
  const dialog = useAppSelector(selectDialog);
  const session = useAppSelector(selectSession);
  const dispatch = useAppDispatch();
  if (!dialog) return null;
  const close = () => dispatch(ui.dialogClosed());
  if (dialog.kind === 'details') {
    return (
      <Modal title="Details" onClose={close} footer={<button type="button" onClick={close}>Close</button>}>
        <pre className="dialog-text">{dialog.info}</pre>
      </Modal>
    );
  }
  if (dialog.kind === 'insufficientPrivileges') {
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
  return (
    <Modal title="Login" onClose={close} footer={<button type="button" onClick={close}>Close</button>}>
      {dialog.info && <p className="dialog-text">{dialog.info}</p>}
      <p>Signing in from this page is not available yet.</p>
    </Modal>
  );
}
