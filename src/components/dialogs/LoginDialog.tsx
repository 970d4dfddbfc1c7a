import { useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { loginSubmitted } from '../../../slices/session';
import { ui } from '../../../slices/ui';
import { FormDialog } from './FormDialog';

/** The login modal: "User Name", "Password", "Login"; `info` is the server's text after a forced logout. */
export function LoginDialog({ info, error, pending }: { info: string | null; error?: string; pending?: boolean }) {
  const dispatch = useAppDispatch();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  return (
    <FormDialog title="Login" verb="Login" disabled={pending || !userName.trim() || !password}
      onSubmit={() => dispatch(loginSubmitted(userName.trim(), password))}
      onCancel={() => dispatch(ui.dialogClosed())}>
      {info && <p className="dialog-text">{info}</p>}
      <label>User Name
        <input type="text" autoComplete="username" value={userName} autoFocus onChange={(e) => setUserName(e.target.value)} />
      </label>
      <label>Password
        <input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      {error && <p className="error" role="alert">{error}</p>}
    </FormDialog>
  );
}
