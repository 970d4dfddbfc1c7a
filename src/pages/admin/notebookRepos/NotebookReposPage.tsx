import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { adminNotebookRepos, selectNotebookRepos, type NotebookRepo } from '../../../../slices/adminNotebookRepos';
import { LoadState } from '../ConfirmDialog';
import '../admin.css';

function RepoEditor({ repo }: { repo: NotebookRepo }) {
  const dispatch = useAppDispatch();
  const { saving } = useAppSelector(selectNotebookRepos);
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(repo.settings.map((s) => [s.name, s.selected])));
  return (
    <form className="admin-form" aria-label={`Edit ${repo.name}`} onSubmit={(e) => {
      e.preventDefault();
      dispatch(adminNotebookRepos.saveSubmitted({ className: repo.className, settings: values }));
    }}>
      {repo.settings.map((s) => (
        <label key={s.name}>{s.name}
          {s.type === 'DROPDOWN' ? (
            <select value={values[s.name] ?? ''} onChange={(e) => setValues({ ...values, [s.name]: e.target.value })}>
              {s.value.map((o) => <option key={o.value} value={o.value}>{o.name}</option>)}
            </select>
          ) : (
            <input value={values[s.name] ?? ''} size={60} onChange={(e) => setValues({ ...values, [s.name]: e.target.value })} />
          )}
        </label>
      ))}
      <button type="submit" className="btn-primary" disabled={saving}>Save</button>
      <button type="button" onClick={() => dispatch(adminNotebookRepos.editCancelled())}>Cancel</button>
    </form>
  );
}

/** Files the server skipped when it read the notes: they stay on disk untouched until someone fixes them. */
function UnreadableNotes({ files }: { files: NonNullable<NotebookRepo['unreadableNotes']> }) {
  if (files.length === 0) return null;
  return (
    <div className="unreadable-notes">
      <h3>Note files that could not be read</h3>
      <p className="admin-muted">These files are left as they are and not listed as notes. Fix or remove them, then reload the notes.</p>
      <table className="admin-table" aria-label="Note files that could not be read">
        <thead><tr><th scope="col">File</th><th scope="col">Problem</th></tr></thead>
        <tbody>{files.map((f) => <tr key={f.file}><td>{f.file}</td><td>{f.reason}</td></tr>)}</tbody>
      </table>
    </div>
  );
}

/** A dropdown shows the chosen option's name, as in the editor. */
const shown = (s: NotebookRepo['settings'][number]): string =>
  s.type === 'DROPDOWN' ? s.value.find((o) => o.value === s.selected)?.name ?? s.selected : s.selected;

function Repo({ repo }: { repo: NotebookRepo }) {
  const dispatch = useAppDispatch();
  const { editing } = useAppSelector(selectNotebookRepos);
  const path = repo.settings.find((s) => s.type === 'INPUT');
  const chosen = repo.settings.find((s) => s.type === 'DROPDOWN')?.selected;
  const pathPending = repo.activePath !== undefined && path !== undefined && path.selected !== repo.activePath;
  // Our server lists both back ends; the one chosen for notes takes over at the next start.
  const usePending = repo.active !== undefined && chosen !== undefined && (chosen === 'true') !== repo.active;
  return (
    <section aria-label={repo.name} className="notebook-repo">
      <h2>{repo.name}{repo.active && <span className="admin-badge"> (in use)</span>}</h2>
      <p className="admin-muted">{repo.className}</p>
      {editing === repo.className ? <RepoEditor repo={repo} /> : <>
        <table className="admin-table">
          <tbody>
            {repo.settings.map((s) => <tr key={s.name}><th scope="row">{s.name}</th><td className="value">{shown(s)}</td></tr>)}
          </tbody>
        </table>
        <button type="button" onClick={() => dispatch(adminNotebookRepos.editStarted(repo.className))}>Edit</button>
      </>}
      {(repo.active ?? true) && pathPending && <p role="note">Notes are read from {repo.activePath} until the server restarts.</p>}
      {usePending && <p role="note">{chosen === 'true' ? 'Serves notes from the next server start.' : 'Serves notes until the server restarts.'}</p>}
      {repo.unreadableNotes && <UnreadableNotes files={repo.unreadableNotes} />}
    </section>
  );
}

export function NotebookReposPage() {
  const s = useAppSelector(selectNotebookRepos);
  return (
    <main className="page admin notebook-repos">
      <h1>Notebook Repository</h1>
      <p className="admin-muted">Where notes are stored. Edit a repository&apos;s settings inline.</p>
      <LoadState status={s.status} what="notebook repositories" />
      {s.status === 'loaded' && s.repos.map((r) => <Repo key={r.className} repo={r} />)}
    </main>
  );
}
