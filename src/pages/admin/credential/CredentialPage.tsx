import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import {
  adminCredentials, credentialAddSubmitted, credentialUpdateSubmitted, CREDENTIAL_TEXT, selectCredentials, type CredentialRow,
} from '../../../../slices/adminCredentials';
import { ui } from '../../../../slices/ui';
import { ConfirmDialog, LoadState } from '../ConfirmDialog';
import '../admin.css';

const MASK = '**********';

function AddForm() {
  const dispatch = useAppDispatch();
  const { saving } = useAppSelector(selectCredentials);
  const [entity, setEntity] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  return (
    <form className="admin-form" aria-label="Add new credential" onSubmit={(e) => {
      e.preventDefault();
      dispatch(credentialAddSubmitted(entity, username, password));
    }}>
      <label>Entity<input value={entity} placeholder="[Interpreter Group].[Interpreter Name]" onChange={(e) => setEntity(e.target.value)} /></label>
      <label>Username<input value={username} autoComplete="off" onChange={(e) => setUsername(e.target.value)} /></label>
      <label>Password<input type="password" value={password} autoComplete="new-password" onChange={(e) => setPassword(e.target.value)} /></label>
      <button type="submit" className="btn-primary" disabled={saving}>Save</button>
      <button type="button" onClick={() => dispatch(adminCredentials.addToggled())}>Cancel</button>
    </form>
  );
}

function EditRow({ row }: { row: CredentialRow }) {
  const dispatch = useAppDispatch();
  const { saving } = useAppSelector(selectCredentials);
  const [username, setUsername] = useState(row.username);
  const [password, setPassword] = useState('');
  return (
    <tr aria-label={row.entity}>
      <td>
        {/* The entity is the key: typing into it is refused with the spec's message instead of silently ignored. */}
        <input aria-label="Entity" value={row.entity} readOnly
          onKeyDown={(e) => { if (e.key.length === 1 || e.key === 'Backspace' || e.key === 'Delete') dispatch(ui.toastShown({ text: CREDENTIAL_TEXT.entityLocked, level: 'warning' })); }} />
      </td>
      <td><input aria-label="Username" value={username} onChange={(e) => setUsername(e.target.value)} /></td>
      <td><input aria-label="Password" type="password" value={password} placeholder="new password" autoComplete="new-password" onChange={(e) => setPassword(e.target.value)} /></td>
      <td className="admin-actions">
        <button type="button" className="btn-primary" disabled={saving} onClick={() => dispatch(credentialUpdateSubmitted(row.entity, username, password))}>Save</button>
        <button type="button" onClick={() => dispatch(adminCredentials.editCancelled())}>Cancel</button>
      </td>
    </tr>
  );
}

function ViewRow({ row }: { row: CredentialRow }) {
  const dispatch = useAppDispatch();
  return (
    <tr aria-label={row.entity}>
      <td>{row.entity}</td>
      <td>{row.username}</td>
      <td aria-label="Password (hidden)">{MASK}</td>
      <td className="admin-actions">
        <button type="button" title="Edit" aria-label={`Edit ${row.entity}`} onClick={() => dispatch(adminCredentials.editStarted(row.entity))}>Edit</button>
        <button type="button" title="Delete" aria-label={`Delete ${row.entity}`} onClick={() => dispatch(adminCredentials.deleteRequested(row.entity))}>Delete</button>
      </td>
    </tr>
  );
}

export function CredentialPage() {
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectCredentials);
  return (
    <main className="page admin credential">
      <h1>Credentials</h1>
      <p className="admin-muted">Add credentials for the data sources your interpreters use. Passwords are stored encrypted and never shown.</p>
      {!s.addOpen && <button type="button" onClick={() => dispatch(adminCredentials.addToggled())}>Add</button>}
      {s.addOpen && <AddForm />}
      <LoadState status={s.status} what="credentials" />
      {s.status === 'loaded' && (s.items.length === 0 ? <p>No credentials yet.</p> : (
        <table className="admin-table" aria-label="Credentials">
          <thead><tr><th>Entity</th><th>Username</th><th>Password</th><th>Actions</th></tr></thead>
          <tbody>
            {s.items.map((row) => (s.editing === row.entity ? <EditRow key={row.entity} row={row} /> : <ViewRow key={row.entity} row={row} />))}
          </tbody>
        </table>
      ))}
      {s.confirmDelete !== null && (
        <ConfirmDialog title="Delete credential" text={CREDENTIAL_TEXT.confirmDelete} verb="Delete"
          onConfirm={() => dispatch(adminCredentials.deleteConfirmed(s.confirmDelete ?? ''))} onCancel={() => dispatch(adminCredentials.deleteCancelled())} />
      )}
    </main>
  );
}
