/**
 * Collaborative mode extras: the "is editing" name on a paragraph stays while the author's patches keep coming
 * and goes `EDITING_BADGE_MS` after the last one. One timer per paragraph, restarted by each patch.
 */
import type { SagaIterator, Task } from 'redux-saga';
import { call, cancel, fork, put, takeEvery } from 'redux-saga/effects';
import { collab } from '../slices/collab';
import { wsIn } from '../slices/wsActions';
import type { SagaDeps } from './deps';

export const EDITING_BADGE_MS = 3000;

function* expireLater(deps: SagaDeps, id: string, user: string): SagaIterator<void> {
  yield call(deps.sleep, EDITING_BADGE_MS);
  yield put(collab.editingExpired({ id, user }));
}

export function* collabSaga(deps: SagaDeps): SagaIterator<void> {
  const timers = new Map<string, Task>();
  yield takeEvery(wsIn.PATCH_PARAGRAPH.type, function* onPatch(a: ReturnType<typeof wsIn.PATCH_PARAGRAPH>) {
    const { paragraphId, user, patch, text } = a.payload;
    if (!user || patch === '' || text !== undefined) return;
    const before = timers.get(paragraphId);
    if (before) yield cancel(before);
    const task: Task = yield fork(expireLater, deps, paragraphId, user);
    timers.set(paragraphId, task);
  });
}
