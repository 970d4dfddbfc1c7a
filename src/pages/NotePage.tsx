import type { RouteMatch } from '../../slices/domain/routing';
import { NoteView } from './note/NoteView';

/** The note page; everything lives under ./note. */
export function NotePage({ match }: { match: Extract<RouteMatch, { page: 'note' }> }) {
  return <NoteView match={match} />;
}
