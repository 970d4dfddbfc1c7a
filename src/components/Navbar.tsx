import { useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { navigateHash } from '../app/hashLocation';
import { selectSession, session } from '../../slices/session';
import { selectServerVersion } from '../../slices/server';
import { ui } from '../../slices/ui';
import { ConnectionIndicator } from './ConnectionIndicator';
import { NoteMenu } from './navbar/NoteMenu';
import { Preferences } from './navbar/Preferences';

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
  const [menuOpen, setMenuOpen] = useState(false);
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    if (term.trim()) navigateHash(`/search/${encodeURIComponent(term.trim())}`);
  };
  return (
    <header className="navbar">
      <a className="brand" href="#/">Zeppelin</a>
      <nav aria-label="Main">
        <span className="note-menu-anchor">
          {/* A link like Zeppelin's own toggle, so users and tests find the "Notebook" link they know. */}
          <a href="#/" aria-label="Notebook" aria-haspopup="menu" aria-expanded={menuOpen}
            onClick={(e) => { e.preventDefault(); setMenuOpen((v) => !v); }}>Notebook ▾</a>
          {menuOpen && <NoteMenu onClose={() => setMenuOpen(false)} />}
        </span>
        <a href="#/jobmanager" aria-label="Job">Job</a>
        {ADMIN_LINKS.map(([label, path]) => <a key={path} href={`#${path}`}>{label}</a>)}
      </nav>
      <form role="search" onSubmit={onSearch} className="nav-search">
        <input type="search" placeholder="Search your notes" aria-label="Search your notes" value={term} onChange={(e) => setTerm(e.target.value)} />
      </form>
      <div className="nav-right">
        <ConnectionIndicator />
        <Preferences />
        <button type="button" className="btn-link" onClick={() => dispatch(ui.actionLogDownloadRequested())}>Download action log</button>
        <button type="button" className="btn-link version" onClick={() => dispatch(ui.dialogOpened({
          kind: 'message', title: 'About Zeppelin', info: `Zeppelin ${version ?? '(version unknown)'}`,
        }))}><span className="sr-only">About Zeppelin</span>{version && <span aria-hidden="true">{version}</span>}</button>
        {s.loginState === 'loggedIn' && <>
          <span className="user">{s.screenUsername}</span>
          <button type="button" className="btn-link" onClick={() => dispatch(session.logoutRequested())}>Logout</button>
        </>}
        {s.loginState === 'loggedOut' && (
          <button type="button" className="btn-link" onClick={() => dispatch(ui.dialogOpened({ kind: 'login', info: null }))}>Login</button>
        )}
      </div>
    </header>
  );
}
