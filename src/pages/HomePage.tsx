import { useDeferredValue, useEffect, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { flattenNotes } from '../../slices/domain/noteTree';
import { home, selectHome } from '../../slices/home';
import { noteDialogs } from '../../slices/noteDialogs';
import { selectHomeNote, selectNoteListLoaded, selectNoteTree } from '../../slices/notes';
import { wsOut } from '../../slices/wsActions';
import { FolderRow, NoteRow } from './home/TreeRows';
import { filteredNotes, isFolderOpen, visibleRows } from './home/visibleRows';
import { NotePage } from './NotePage';
import { Icon } from '../components/Icon';

function NoteList() {
  const dispatch = useAppDispatch();
  const tree = useAppSelector(selectNoteTree);
  const loaded = useAppSelector(selectNoteListLoaded);
  const { filter, shown, expanded } = useAppSelector(selectHome);
  // Typing stays responsive with a big notebook: the list follows the filter at a lower priority.
  const deferredFilter = useDeferredValue(filter);
  const searchable = useMemo(() => flattenNotes(tree).map((node) => ({ node, lower: node.path.toLowerCase() })), [tree]);
  const view = useMemo(() => (deferredFilter.trim()
    ? { kind: 'filtered' as const, ...filteredNotes(searchable, deferredFilter, shown) }
    : { kind: 'tree' as const, ...visibleRows(tree, expanded, shown) }), [deferredFilter, searchable, tree, expanded, shown]);

  useEffect(() => {
    dispatch(home.listOpened({ windowHeight: window.innerHeight }));
  }, [dispatch]);

  return (
    <section aria-labelledby="notebook-heading" className="home-notes">
      <h2 id="notebook-heading">Notebook</h2>
      <div className="home-actions">
        <button type="button" onClick={() => dispatch(noteDialogs.importOpened())}>Import note</button>
        <button type="button" onClick={() => dispatch(noteDialogs.createOpened())}>Create new note</button>
        <button type="button" aria-label="Reload notes from storage" title="Reload notes from storage"
          onClick={() => dispatch(wsOut.RELOAD_NOTES_FROM_REPO({}))}><Icon name="reload" /></button>
      </div>
      <input type="text" placeholder="Filter" aria-label="Filter" value={filter} onChange={(e) => dispatch(home.filterChanged(e.target.value))} />
      {!loaded ? <p role="status">Loading notes…</p> : (
        <ul className="note-tree" aria-label="Notes">
          {view.kind === 'filtered'
            ? view.rows.map((n) => <NoteRow key={n.id} note={n} depth={0} showPath />)
            : view.rows.map(({ node, depth }) => node.kind === 'folder'
              ? <FolderRow key={`f:${node.id}`} folder={node} depth={depth} open={isFolderOpen(node, expanded)} />
              : <NoteRow key={node.id} note={node} depth={depth} />)}
        </ul>
      )}
      {loaded && view.kind === 'filtered' && view.rows.length === 0 && <p>No note matches '{deferredFilter.trim()}'.</p>}
      {view.more && <button type="button" className="btn-link" onClick={() => dispatch(home.moreRequested())}>Show more notes</button>}
    </section>
  );
}

export function HomePage() {
  const homeNote = useAppSelector(selectHomeNote);
  // A server with a custom home note (zeppelin.notebook.homescreen) shows that note instead of the list.
  if (homeNote.noteId) return <NotePage match={{ page: 'note', noteId: homeNote.noteId }} />;
  return (
    <main className="page home">
      <h1>Welcome to Zeppelin!</h1>
      <p>A web-based notebook for interactive data analytics.</p>
      <NoteList />
    </main>
  );
}
