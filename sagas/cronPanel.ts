/**
 * Keeps the cron panel's history and next firing current: fetched when the panel opens, and again whenever the
 * note may have run or changed schedule — NOTE_UPDATED (our server sends it after recording a scheduled run),
 * the end of a whole-note run (NOTE_RUNNING_STATUS false), and job-manager updates that name the note.
 */
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { cron, type CronInfo } from '../slices/cron';
import { notePage } from '../slices/notePage';
import { HttpError } from './restClient';
import type { RootState } from '../slices/rootReducer';
import { wsIn } from '../slices/wsActions';
import type { SagaDeps } from './deps';
import { restCall } from './rest';

const openCronNote = (s: RootState): string | null =>
  s.notePage.panel === 'cron' && s.route.match.page === 'note' ? s.route.match.noteId : null;

function* fetchInfo(deps: SagaDeps, a: ReturnType<typeof cron.refreshRequested>): SagaIterator<void> {
  const { noteId } = a.payload;
  try {
    const info: CronInfo | undefined = yield call(restCall, deps, 'GET', `/notebook/cron/${encodeURIComponent(noteId)}`);
    yield put(cron.loaded({ noteId, info: info ?? {} }));
  } catch (e) {
    yield put(cron.failed({ noteId, message: e instanceof HttpError ? e.message : String(e) }));
  }
}

function* refreshIfOpen(): SagaIterator<void> {
  const noteId: string | null = yield select(openCronNote);
  if (noteId) yield put(cron.refreshRequested({ noteId }));
}

export function* cronPanelSaga(deps: SagaDeps): SagaIterator<void> {
  yield takeLatest(cron.refreshRequested.type, fetchInfo, deps);
  yield takeEvery([notePage.panelToggled.type, wsIn.NOTE_UPDATED.type], refreshIfOpen);
  yield takeEvery(wsIn.NOTE_RUNNING_STATUS.type, function* onRunning(a: ReturnType<typeof wsIn.NOTE_RUNNING_STATUS>) {
    if (!a.payload.status) yield* refreshIfOpen();
  });
  yield takeEvery(wsIn.LIST_UPDATE_NOTE_JOBS.type, function* onJobs(a: ReturnType<typeof wsIn.LIST_UPDATE_NOTE_JOBS>) {
    const noteId: string | null = yield select(openCronNote);
    if (noteId && (a.payload.noteRunningJobs?.jobs ?? []).some((j) => j.noteId === noteId)) yield put(cron.refreshRequested({ noteId }));
  });
}
