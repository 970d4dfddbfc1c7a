import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { navigateHash } from '../app/hashLocation';
import { selectSession, session } from '../../slices/session';
import { selectServerVersion } from '../../slices/server';
import { ui } from '../../slices/ui';
import { ConnectionIndicator } from './ConnectionIndicator';
import { Icon } from './Icon';
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

/** The admin links, preferences and support tools: in the bar from 1280 px up, in the "More" panel below that. */
function Extras({ onDone }: { onDone?: () => void }) {
  const dispatch = useAppDispatch();
  const version = useAppSelector(selectServerVersion);
  return (
    <>
      <nav className="nav-admin" aria-label="Administration">
        {ADMIN_LINKS.map(([label, path]) => <a key={path} href={`#${path}`} onClick={onDone}>{label}</a>)}
      </nav>
      <Preferences />
      {/* Named by hidden text rather than aria-label, so a search for the replay page's "Load action log" field does not find it. */}
      <button type="button" className="icon-button" title="Download action log"
        onClick={() => { onDone?.(); dispatch(ui.actionLogDownloadRequested()); }}><Icon name="exportZpln" size={16} /><span className="sr-only">Download action log</span></button>
      <button type="button" className="icon-button" aria-label="Action log settings" title="Action log settings"
        onClick={() => { onDone?.(); dispatch(ui.actionLogSettingsRequested()); }}><Icon name="settings" size={16} /></button>
      <button type="button" className="icon-button" aria-label="About Zeppelin" title={`About Zeppelin${version ? ` ${version}` : ''}`}
        onClick={() => {
          onDone?.();
          dispatch(ui.dialogOpened({ kind: 'message', title: 'About Zeppelin', info: `Zeppelin ${version ?? '(version unknown)'}` }));
        }}><Icon name="question" size={16} /></button>
    </>
  );
}

/** Below 1280 px the extras fold into this disclosure panel, so the bar stays one row. */
function MorePanel() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') setOpen(false); };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <span className="nav-more" ref={ref}>
      <button type="button" className="icon-button" aria-label="More" title="More" aria-expanded={open} onClick={() => setOpen(!open)}>
        <Icon name="menu" size={16} />
      </button>
      {open && <div className="nav-more-panel"><Extras onDone={() => setOpen(false)} /></div>}
    </span>
  );
}

export function Navbar() {
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectSession);
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
            onClick={(e) => { e.preventDefault(); setMenuOpen((v) => !v); }}>Notebook <Icon name="caret" size={12} /></a>
          {menuOpen && <NoteMenu onClose={() => setMenuOpen(false)} />}
        </span>
        <a href="#/jobmanager" aria-label="Job">Job</a>
      </nav>
      <form role="search" onSubmit={onSearch} className="nav-search">
        <input type="search" placeholder="Search your notes" aria-label="Search your notes" value={term} onChange={(e) => setTerm(e.target.value)} />
      </form>
      <div className="nav-right">
        <span className="nav-extras"><Extras /></span>
        <MorePanel />
        <ConnectionIndicator />
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
