/**
 * Keeps the store in step with the server: after every (re)connect the note list and the open note are fetched
 * again (the note association is per connection, PROTOCOL 1.6); a route change opens or leaves a note.
 *
 * Notes:
 * - After a (re)connect the socket saga sends these itself, before anything queued while offline (sagas/outbox.ts),
 *   so they are put as direct sends rather than through the outbox.
 */
import type { SagaIterator } from 'redux-saga';
import { put, select, takeEvery } from 'redux-saga/effects';
import { notes } from '../slices/notes';
import { route } from '../slices/route';
import { sentDirectly, wsOut, type WsSendAction } from '../slices/wsActions';
import type { RootState } from '../slices/rootReducer';
import type { Attachment } from './outbox';

function* fetchForRoute(force: boolean, send?: (a: WsSendAction) => void, after?: Attachment): SagaIterator<void> {
  const request = function* (a: WsSendAction): SagaIterator<void> {
    if (!send) {
      yield put(a);
      return;
    }
    const direct = sentDirectly(a);
    yield put(direct);
    send(direct);
  };
  const s: RootState = yield select();
  const m = s.route.match;
  if (m.page === 'note') {
    // A revision route shows NOTE_REVISION's note instead (sagas/revisions.ts).
    if (m.revisionId !== undefined) return;
    // The replay of held sends already opened it, or found it gone (and told the user).
    if (after && (after.attached === m.noteId || after.unreachable.has(m.noteId))) return;
    if (force || (s.notes.openNoteId !== m.noteId && s.notes.loadingNoteId !== m.noteId)) {
      yield* request(wsOut.GET_NOTE({ id: m.noteId }));
    }
    return;
  }
  if (s.notes.openNoteId) yield put(notes.noteClosed());
  if (m.page === 'home') yield* request(wsOut.GET_HOME_NOTE({}));
}

/** First thing on a new connection: the note list. */
export function* fetchListAfterOpen(send: (a: WsSendAction) => void): SagaIterator<void> {
  const list = sentDirectly(wsOut.LIST_NOTES({}));
  yield put(list);
  send(list);
}

/** After the held sends: what the route shows, unless the replay already attached the connection to it. */
export function* fetchRouteAfterOpen(send: (a: WsSendAction) => void, after: Attachment): SagaIterator<void> {
  yield* fetchForRoute(true, send, after);
}

function* onRouteChanged(): SagaIterator<void> {
  const s: RootState = yield select();
  // Before the first open, the connect handler will fetch what the route needs.
  if (s.connection.status !== 'connected') return;
  yield* fetchForRoute(false);
}

export function* resyncSaga(): SagaIterator<void> {
  yield takeEvery(route.changed.type, onRouteChanged);
}
