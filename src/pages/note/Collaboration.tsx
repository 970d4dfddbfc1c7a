/** What collaborative mode shows: the users watching the note, and who is typing in a paragraph. */
import { useAppSelector } from '../../app/hooks';
import { Icon } from '../../components/Icon';
import type { ParagraphId } from '../../../protocol';
import { selectIsRevision } from '../../../slices/noteSelectors';

/** Toolbar list of the note's watchers, present while the room has two or more connections. */
export function Watchers() {
  const { status, users } = useAppSelector((s) => s.notes.collaborative);
  if (!status) return null;
  return (
    <span className="note-collaborators" role="group" aria-label="Users watching this note" title="Collaborative mode: edits are shared as you type">
      <Icon name="eye" />
      <ul>{users.map((u) => <li key={u}>{u}</li>)}</ul>
    </span>
  );
}

/** "alice is editing", from the author our server puts on relayed patches; absent against a Zeppelin server. */
export function EditingBadge({ id }: { id: ParagraphId }) {
  // Someone typing in the live note is not typing in the revision on screen.
  const user = useAppSelector((s) => (selectIsRevision(s) ? undefined : s.collab.editing[id]));
  if (!user) return null;
  return <span className="paragraph-editing" role="status">{`${user} is editing`}</span>;
}
