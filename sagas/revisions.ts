/**
 * Version control on the note page (PROTOCOL 2.4): history, commit, the read-only revision view at
 * `#/notebook/{id}/revision/{revisionId}`, restoring a revision, and the comparator's requests.
 *
 * Notes:
 * - The revision view is fed by NOTE_REVISION, not GET_NOTE (resync leaves revision routes alone), so the page
 *   coming back from a revision to the same note must ask for the live note itself. The notes and paragraphs
 *   slices ignore the live note's frames in between, so what comes back is fetched fresh.
 * - Choosing a revision in the toolbar saves the live note's unsaved drafts first; a revision reached another way
 *   (the history, a typed address) leaves them in the store, not shown, for the way back.
 */
import type { SagaIterator } from 'redux-saga';
import { call, put, select, take, takeEvery } from 'redux-saga/effects';
import { connection } from '../slices/connection';
import { notePage } from '../slices/notePage';
import { REVISION_PROBLEM, revisions, HEAD_REVISION_ID } from '../slices/revisions';
import { route } from '../slices/route';
import { ui } from '../slices/ui';
import { wsIn, wsOut } from '../slices/wsActions';
import type { RootState } from '../slices/rootReducer';
import type { SagaDeps } from './deps';

/** Shown in the commit dialog when the message is blank (the REST endpoint refuses one with a 400, too). */
export const COMMIT_MESSAGE_REQUIRED = 'Please enter a commit message.';

export const committedText = (message: string): string => `Committed: ${message}`;
export const RESTORED_TEXT = 'The note is back at the chosen revision.';

export const revisionPath = (noteId: string, revisionId: string): string =>
  revisionId === HEAD_REVISION_ID ? `/notebook/${noteId}` : `/notebook/${noteId}/revision/${revisionId}`;

function* askConfigurations(): SagaIterator<void> {
  const known: boolean = yield select((s: RootState) => 'isRevisionSupported' in s.server.configurations);
  // The flag comes with the server's configuration list (spec: revision support only when it says "true").
  if (!known) yield put(wsOut.LIST_CONFIGURATIONS({}));
}

function* showRevision(noteId: string, revisionId: string): SagaIterator<void> {
  if (revisionId.trim() === '') {
    yield put(revisions.viewFailed({ noteId, revisionId }));
    yield put(ui.toastShown({ text: REVISION_PROBLEM, level: 'danger' }));
    return;
  }
  yield put(revisions.viewStarted({ noteId, revisionId, status: 'loading' }));
  yield put(wsOut.NOTE_REVISION({ noteId, revisionId }));
  yield put(wsOut.LIST_REVISION_HISTORY({ noteId }));
  yield* askConfigurations();
}

function* syncRoute(force: boolean): SagaIterator<void> {
  const s: RootState = yield select();
  if (s.connection.status !== 'connected') return;
  const m = s.route.match;
  const view = s.revisions.view;
  if (m.page !== 'note') {
    if (view) yield put(revisions.viewStarted(null));
    return;
  }
  if (m.revisionId !== undefined) {
    if (!force && view && view.noteId === m.noteId && view.revisionId === m.revisionId) return;
    yield* showRevision(m.noteId, m.revisionId);
    return;
  }
  if (!view) return;
  yield put(revisions.viewStarted(null));
  // Resync fetches a note that is not open; the one case it skips is the revision's own note, now to be live.
  if (!force && s.notes.openNoteId === m.noteId && s.notes.loadingNoteId !== m.noteId) yield put(wsOut.GET_NOTE({ id: m.noteId }));
}

function* onNote(a: ReturnType<typeof wsIn.NOTE>): SagaIterator<void> {
  const note = a.payload.note;
  const s: RootState = yield select();
  const m = s.route.match;
  // Under a revision the live note's NOTE is not stored (slices/notes.ts).
  if (!note || m.page !== 'note' || m.noteId !== note.id || m.revisionId !== undefined) return;
  yield put(wsOut.LIST_REVISION_HISTORY({ noteId: note.id }));
  yield* askConfigurations();
}

function* onNoteRevision(a: ReturnType<typeof wsIn.NOTE_REVISION>): SagaIterator<void> {
  const view: RootState['revisions']['view'] = yield select((s: RootState) => s.revisions.view);
  if (a.payload.note || !view || view.noteId !== a.payload.noteId || view.revisionId !== a.payload.revisionId) return;
  yield put(ui.toastShown({ text: REVISION_PROBLEM, level: 'danger' }));
}

function* onCommit(a: ReturnType<typeof revisions.commitRequested>): SagaIterator<void> {
  const message = a.payload.message.trim();
  if (message === '') {
    yield put(revisions.commitRefused(COMMIT_MESSAGE_REQUIRED));
    return;
  }
  const noteId: string | null = yield select((s: RootState) => s.notes.openNoteId);
  if (!noteId) return;
  yield put(wsOut.CHECKPOINT_NOTE({ noteId, commitMessage: message }));
  const reply: ReturnType<typeof wsIn.LIST_REVISION_HISTORY | typeof wsIn.ERROR_INFO> = yield take([wsIn.LIST_REVISION_HISTORY.type, wsIn.ERROR_INFO.type]);
  if (wsIn.LIST_REVISION_HISTORY.match(reply)) yield put(ui.toastShown({ text: committedText(message), level: 'success' }));
}

function* onRevisionChosen(deps: SagaDeps, a: ReturnType<typeof revisions.revisionChosen>): SagaIterator<void> {
  const live: boolean = yield select((s: RootState) => s.route.match.page === 'note' && s.route.match.revisionId === undefined);
  if (live && a.payload.revisionId !== HEAD_REVISION_ID) yield put(notePage.draftsSaveRequested());
  yield call(deps.navigate, revisionPath(a.payload.noteId, a.payload.revisionId));
}

function* onSetConfirmed(deps: SagaDeps, a: ReturnType<typeof revisions.setConfirmed>): SagaIterator<void> {
  const { noteId, revisionId } = a.payload;
  yield put(wsOut.SET_NOTE_REVISION({ noteId, revisionId }));
  const reply: ReturnType<typeof wsIn.SET_NOTE_REVISION | typeof wsIn.ERROR_INFO | typeof wsIn.AUTH_INFO> =
    yield take([wsIn.SET_NOTE_REVISION.type, wsIn.ERROR_INFO.type, wsIn.AUTH_INFO.type]);
  yield put(revisions.setSettled());
  if (!wsIn.SET_NOTE_REVISION.match(reply) || !reply.payload.status) return;
  yield put(ui.toastShown({ text: RESTORED_TEXT, level: 'success' }));
  yield call(deps.navigate, `/notebook/${noteId}`);
}

function* onComparatorToggled(): SagaIterator<void> {
  const s: RootState = yield select();
  if (!s.revisions.comparator.open || !s.notes.openNoteId) return;
  yield put(wsOut.LIST_REVISION_HISTORY({ noteId: s.notes.openNoteId }));
}

/** Spec: the comparison runs once both revisions are chosen and differ; both sides are fetched then. */
function* onCompareChosen(): SagaIterator<void> {
  const s: RootState = yield select();
  const { first, second } = s.revisions.comparator.chosen;
  const noteId = s.notes.openNoteId;
  if (!noteId || first === '' || second === '' || first === second) return;
  yield put(wsOut.NOTE_REVISION_FOR_COMPARE({ noteId, revisionId: first, position: 'first' }));
  yield put(wsOut.NOTE_REVISION_FOR_COMPARE({ noteId, revisionId: second, position: 'second' }));
}

export function* revisionsSaga(deps: SagaDeps): SagaIterator<void> {
  yield takeEvery(route.changed.type, syncRoute, false);
  yield takeEvery(connection.opened.type, syncRoute, true);
  yield takeEvery(wsIn.NOTE.type, onNote);
  yield takeEvery(wsIn.NOTE_REVISION.type, onNoteRevision);
  yield takeEvery(revisions.commitRequested.type, onCommit);
  yield takeEvery(revisions.revisionChosen.type, onRevisionChosen, deps);
  yield takeEvery(revisions.setConfirmed.type, onSetConfirmed, deps);
  yield takeEvery(revisions.comparatorToggled.type, onComparatorToggled);
  yield takeEvery(revisions.compareChosen.type, onCompareChosen);
}
