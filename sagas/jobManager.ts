/**
 * The job manager's server side: subscribe with LIST_NOTE_JOBS while the page is shown on an open connection,
 * UNSUBSCRIBE_UPDATE_NOTE_JOBS when it is left, and run or stop a whole note over REST.
 */
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery } from 'redux-saga/effects';
import type { UnknownAction } from '@reduxjs/toolkit';
import { connection } from '../slices/connection';
import { jobManager } from '../slices/jobManager';
import { route } from '../slices/route';
import { ui } from '../slices/ui';
import { HttpError } from './restClient';
import { wsOut } from '../slices/wsActions';
import type { RootState } from '../slices/rootReducer';
import type { SagaDeps } from './deps';
import { restCall } from './rest';

/** Zeppelin's job dialogs show the server's message, or this when there is none. */
export const NO_SERVER_MESSAGE = 'SERVER ERROR';

export function serverMessage(e: unknown): string {
  if (e instanceof HttpError && typeof e.body === 'object' && e.body !== null) {
    const m = (e.body as { message?: unknown }).message;
    if (typeof m === 'string' && m.trim()) return m;
  }
  return NO_SERVER_MESSAGE;
}

function* watchSubscription(): SagaIterator<void> {
  // Whether the server has this connection in its job-manager room.
  let subscribed = false;
  yield takeEvery([route.changed.type, connection.opened.type, connection.closed.type], function* sync(action: UnknownAction): SagaIterator<void> {
    // A new or lost connection carries no subscription over.
    if (connection.opened.match(action) || connection.closed.match(action)) subscribed = false;
    const s: RootState = yield select();
    if (s.connection.status !== 'connected') return;
    const wanted = s.route.match.page === 'jobmanager';
    if (wanted && !subscribed) {
      subscribed = true;
      yield put(wsOut.LIST_NOTE_JOBS({}));
    } else if (!wanted && subscribed) {
      subscribed = false;
      yield put(wsOut.UNSUBSCRIBE_UPDATE_NOTE_JOBS({}));
    }
  });
}

function* onRun(deps: SagaDeps, action: ReturnType<typeof jobManager.runRequested>): SagaIterator<void> {
  try {
    yield call(restCall, deps, 'POST', `/notebook/job/${encodeURIComponent(action.payload.noteId)}`);
  } catch (e) {
    yield put(ui.dialogOpened({ kind: 'message', title: 'Execution Failure', info: serverMessage(e) }));
  }
}

function* onStop(deps: SagaDeps, action: ReturnType<typeof jobManager.stopRequested>): SagaIterator<void> {
  try {
    yield call(restCall, deps, 'DELETE', `/notebook/job/${encodeURIComponent(action.payload.noteId)}`);
  } catch (e) {
    yield put(ui.dialogOpened({ kind: 'message', title: 'Stop Failure', info: serverMessage(e) }));
  }
}

export function* jobManagerSaga(deps: SagaDeps): SagaIterator<void> {
  yield takeEvery(jobManager.runRequested.type, onRun, deps);
  yield takeEvery(jobManager.stopRequested.type, onStop, deps);
  yield call(watchSubscription);
}
