/**
 * Small shell reactions to server ops: toast expiry, note downloads, opening a note the server just created; and the
 * support action log (download, what it keeps, its limits).
 */
import type { SagaIterator } from 'redux-saga';
import { call, fork, put, select, takeEvery } from 'redux-saga/effects';
import { notes } from '../slices/notes';
import { TOAST_TIMEOUT_MS, ui, type ActionLogStats, type Toast } from '../slices/ui';
import { wsIn } from '../slices/wsActions';
import type { RootState } from '../slices/rootReducer';
import type { SagaDeps } from './deps';
import { notePage } from '../slices/notePage';

const TOAST_ACTIONS = [ui.toastShown.type, wsIn.NOTICE.type, wsIn.INTERPRETER_INSTALL_STARTED.type, wsIn.INTERPRETER_INSTALL_RESULT.type];

function* expire(deps: SagaDeps, id: number, timeoutMs: number): SagaIterator<void> {
  yield call(deps.sleep, timeoutMs);
  yield put(ui.toastDismissed(id));
}

function* watchToasts(deps: SagaDeps): SagaIterator<void> {
  const timed = new Set<number>();
  yield takeEvery(TOAST_ACTIONS, function* onToast(): SagaIterator<void> {
    const toasts: Toast[] = yield select((s: RootState) => s.ui.toasts);
    for (const t of toasts) {
      if (!timed.has(t.id)) {
        timed.add(t.id);
        yield fork(expire, deps, t.id, t.timeoutMs ?? TOAST_TIMEOUT_MS);
      }
    }
  });
}

function* onConverted(deps: SagaDeps, action: ReturnType<typeof wsIn.CONVERTED_NOTE_NBFORMAT>): SagaIterator<void> {
  const name = (action.payload.noteName || 'note').replace(/[\\/:*?"<>|]/g, '_');
  yield call(deps.download, `${name}.ipynb`, action.payload.nbformat, 'application/x-ipynb+json');
}

function* onNewNote(deps: SagaDeps, action: ReturnType<typeof wsIn.NEW_NOTE>): SagaIterator<void> {
  yield put(notes.createdNoteOpened());
  yield call(deps.navigate, `/notebook/${action.payload.note.id}`);
  // A new note is opened to be typed in: its first paragraph's editor takes the focus once it is drawn.
  const first = action.payload.note.paragraphs?.[0];
  if (first) yield put(notePage.focusRequested({ id: first.id, at: 'end' }));
}

/** File name for a saved action log, e.g. `zeppelin-action-log-2026-11-22T03-40-00.json`. */
export const actionLogFileName = (now: number): string =>
  `zeppelin-action-log-${new Date(now).toISOString().replace(/:/g, '-').replace(/\.\d+Z$/, '')}.json`;

function* onActionLogDownload(deps: SagaDeps): SagaIterator<void> {
  if (!deps.actionLog) return;
  const text: string = yield call([deps.actionLog, deps.actionLog.exportText]);
  yield call(deps.download, actionLogFileName(deps.now()), text, 'application/json');
}

function* showActionLogStats(deps: SagaDeps): SagaIterator<void> {
  const stats: ActionLogStats | null = deps.actionLog ? yield call([deps.actionLog, deps.actionLog.stats]) : null;
  yield put(ui.dialogOpened({ kind: 'actionLog', stats }));
}

function* onActionLogLimits(deps: SagaDeps, action: ReturnType<typeof ui.actionLogLimitsChosen>): SagaIterator<void> {
  if (deps.actionLog) yield call([deps.actionLog, deps.actionLog.setLimits], action.payload);
  const dialog: RootState['ui']['dialog'] = yield select((s: RootState) => s.ui.dialog);
  if (dialog?.kind === 'actionLog') yield* showActionLogStats(deps);
}

export function* shellSaga(deps: SagaDeps): SagaIterator<void> {
  yield takeEvery(ui.actionLogDownloadRequested.type, onActionLogDownload, deps);
  yield takeEvery(ui.actionLogSettingsRequested.type, showActionLogStats, deps);
  yield takeEvery(ui.actionLogLimitsChosen.type, onActionLogLimits, deps);
  yield fork(watchToasts, deps);
  yield takeEvery(wsIn.CONVERTED_NOTE_NBFORMAT.type, onConverted, deps);
  yield takeEvery(wsIn.NEW_NOTE.type, onNewNote, deps);
}

