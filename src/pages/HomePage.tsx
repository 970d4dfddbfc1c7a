import { useMemo, useState } from 'react';
import { useAppSelector } from '../app/hooks';
import { selectNoteListLoaded, selectNoteTree } from '../../slices/notes';
import type { TreeNode } from '../app/noteTree';
import { flattenNotes } from '../app/noteTree';

function Tree({ nodes }: { nodes: readonly TreeNode[] }) {
  return (
    <ul className="note-tree">
      {nodes.map((n) =>
        n.kind === 'folder' ? (
          <li key={`f:${n.id}`} className="folder">
            <details open={!n.isTrash}>
              <summary>{n.name}</summary>
              <Tree nodes={n.children} />
            </details>
          </li>
        ) : (
          <li key={n.id} className="note"><a href={`#/notebook/${n.id}`}>{n.name}</a></li>
        ),
      )}
    </ul>
  );
}

export function HomePage() {
  const tree = useAppSelector(selectNoteTree);
  const loaded = useAppSelector(selectNoteListLoaded);
  const [filter, setFilter] = useState('');
  const filtered = useMemo(() => (filter.trim() ? flattenNotes(tree, filter) : null), [tree, filter]);
  return (
    <main className="page home">
      <h1>Welcome to Zeppelin!</h1>
      <p>A web-based notebook for interactive data analytics.</p>
      <section aria-labelledby="notebook-heading">
        <h2 id="notebook-heading">Notebook</h2>
        <input type="text" placeholder="Filter" aria-label="Filter" value={filter} onChange={(e) => setFilter(e.target.value)} />
        {!loaded ? <p>Loading notes…</p> : filtered ? (
          <ul className="note-tree">{filtered.map((n) => <li key={n.id} className="note"><a href={`#/notebook/${n.id}`}>{n.path}</a></li>)}</ul>
        ) : <Tree nodes={tree} />}
      </section>
    </main>
  );
}
