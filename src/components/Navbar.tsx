import { useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { navigateHash } from '../app/hashLocation';
import { selectSession } from '../../slices/session';
import { selectServerVersion } from '../../slices/server';
import { ui } from '../../slices/ui';
import { ConnectionIndicator } from './ConnectionIndicator';

const ADMIN_LINKS: ReadonlyArray<[string, string]> = [
  ['Interpreter', '/interpreter'],
  ['Notebook Repos', '/notebookRepos'],
  ['Credential', '/credential'],
  ['Helium', '/helium'],
  ['Configuration', '/configuration'],
  ['Cluster', '/cluster'],
];

export function Navbar() {
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectSession);
  const version = useAppSelector(selectServerVersion);
  const [term, setTerm] = useState('');
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    if (term.trim()) navigateHash(`/search/${encodeURIComponent(term.trim())}`);
  };
  return (
    <header className="navbar">
      <a className="brand" href="#/">Zeppelin</a>
      <nav aria-label="Main">
        <a href="#/" aria-label="Notebook">Notebook</a>
        <a href="#/jobmanager" aria-label="Job">Job</a>
        {ADMIN_LINKS.map(([label, path]) => <a key={path} href={`#${path}`}>{label}</a>)}
      </nav>
      <form role="search" onSubmit={onSearch} className="nav-search">
        <input type="search" placeholder="Search your notes" aria-label="Search your notes" value={term} onChange={(e) => setTerm(e.target.value)} />
      </form>
      <div className="nav-right">
        <ConnectionIndicator />
        <button type="button" className="btn-link" onClick={() => dispatch(ui.actionLogDownloadRequested())}>Download action log</button>
        {s.loginState === 'loggedIn' && <span className="user">{s.screenUsername}</span>}
        {version && <span className="version" title="About Zeppelin">{version}</span>}
      </div>
    </header>
  );
}
