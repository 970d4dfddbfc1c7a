/**
 * Keeps the store in step with the server: after every (re)connect the note list and the open note are fetched
 * again (the note association is per connection, PROTOCOL 1.6); a route change opens or leaves a note.
 */
import type { SagaIterator } from 'redux-saga';
import { put, select, takeEvery } from 'redux-saga/effects';
import { connection } from '../slices/connection';
import { notes } from '../slices/notes';
import { route } from '../slices/route';
import { wsOut } from '../slices/wsActions';
import type { RootState } from '../slices/rootReducer';

function* fetchForRoute(force: boolean): SagaIterator<void> {
  const s: RootState = yield select();
  const m = s.route.match;
  if (m.page === 'note') {
    // A revision route shows NOTE_REVISION's note instead (sagas/revisions.ts).
    if (m.revisionId !== undefined) return;
    if (force || (s.notes.openNoteId !== m.noteId && s.notes.loadingNoteId !== m.noteId)) {
      yield put(wsOut.GET_NOTE({ id: m.noteId }));
    }
    return;
  }
  if (s.notes.openNoteId) yield put(notes.noteClosed());
  if (m.page === 'home') yield put(wsOut.GET_HOME_NOTE({}));
}

function* onOpened(): SagaIterator<void> {
  yield put(wsOut.LIST_NOTES({}));
  yield* fetchForRoute(true);
}

function* onRouteChanged(): SagaIterator<void> {
  const s: RootState = yield select();
  // Before the first open, the connect handler will fetch what the route needs.
  if (s.connection.status !== 'connected') return;
  yield* fetchForRoute(false);
}

export function* resyncSaga(): SagaIterator<void> {
  yield takeEvery(connection.opened.type, onOpened);
  yield takeEvery(route.changed.type, onRouteChanged);
}
