/** The navbar's "Notebook" menu: create a note, filter, and the note list 10 at a time ("Load more" adds 10). */
import { useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { flattenNotes } from '../../../slices/domain/noteTree';
import { selectNoteTree } from '../../../slices/notes';
import { noteDialogs } from '../../../slices/noteDialogs';

export const NOTE_MENU_STEP = 10;

export function NoteMenu({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const tree = useAppSelector(selectNoteTree);
  const [filter, setFilter] = useState('');
  const [shown, setShown] = useState(NOTE_MENU_STEP);
  const notes = useMemo(() => flattenNotes(tree, filter).filter((n) => !n.isTrash), [tree, filter]);
  return (
    <div className="note-menu" role="menu" aria-label="Notebook">
      <button type="button" role="menuitem" onClick={() => { onClose(); dispatch(noteDialogs.createOpened()); }}>Create new note</button>
      <input type="text" placeholder="Filter" aria-label="Filter notes" value={filter}
        onChange={(e) => { setFilter(e.target.value); setShown(NOTE_MENU_STEP); }} />
      <ul>
        {notes.slice(0, shown).map((n) => (
          <li key={n.id}><a role="menuitem" href={`#/notebook/${n.id}`} onClick={onClose} title={n.path}>{n.path.replace(/^\//, '')}</a></li>
        ))}
      </ul>
      {notes.length > shown && <button type="button" className="btn-link" onClick={() => setShown((v) => v + NOTE_MENU_STEP)}>Load more</button>}
    </div>
  );
}
