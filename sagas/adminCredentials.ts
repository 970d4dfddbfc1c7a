/** The credential page's REST calls (PROTOCOL 3.6) and its toasts (spec section 8). */
import type { SagaIterator } from 'redux-saga';
import { call, put, takeEvery } from 'redux-saga/effects';
import { adminCredentials, credentialAddSubmitted, credentialUpdateSubmitted, CREDENTIAL_TEXT, CREDENTIAL_TOAST_MS, type CredentialRow } from '../slices/adminCredentials';
import { ui } from '../slices/ui';
import type { SagaDeps } from './deps';
import { adminRest, failureText } from './adminAccess';

interface CredentialList {
  userCredentials?: Record<string, { username?: string }>;
}

export function* loadCredentials(deps: SagaDeps): SagaIterator<void> {
  yield put(adminCredentials.loadRequested());
  try {
    const list: CredentialList | undefined = yield call(adminRest, deps, 'GET', '/credential');
    // The server sends passwords in clear; only entity and user name are kept.
    const rows: CredentialRow[] = Object.entries(list?.userCredentials ?? {}).map(([entity, c]) => ({ entity, username: c?.username ?? '' }));
    yield put(adminCredentials.loaded(rows));
  } catch {
    yield put(adminCredentials.loadFailed());
  }
}

function* save(deps: SagaDeps, action: ReturnType<typeof credentialAddSubmitted>, kind: 'add' | 'update'): SagaIterator<void> {
  const { entity, username } = action.payload;
  const password = action.payload.password ?? '';
  const blank = kind === 'add' ? !entity.trim() || !username.trim() : !username.trim() || !password;
  if (blank) {
    yield put(ui.toastShown({ text: kind === 'add' ? CREDENTIAL_TEXT.addEmpty : CREDENTIAL_TEXT.updateEmpty, level: 'warning', timeoutMs: CREDENTIAL_TOAST_MS }));
    yield put(adminCredentials.saveFinished({ ok: false, kind }));
    return;
  }
  try {
    yield call(adminRest, deps, 'PUT', kind === 'add' ? '/credential' : '/credential/', { entity: entity.trim(), username: username.trim(), password });
    yield put(ui.toastShown({ text: CREDENTIAL_TEXT.saved, level: 'success', timeoutMs: CREDENTIAL_TOAST_MS }));
    yield put(adminCredentials.saveFinished({ ok: true, kind }));
    yield call(loadCredentials, deps);
  } catch {
    yield put(ui.toastShown({ text: kind === 'add' ? CREDENTIAL_TEXT.addFailed : CREDENTIAL_TEXT.updateFailed, level: 'danger', timeoutMs: CREDENTIAL_TOAST_MS }));
    yield put(adminCredentials.saveFinished({ ok: false, kind }));
  }
}

function* remove(deps: SagaDeps, action: ReturnType<typeof adminCredentials.deleteConfirmed>): SagaIterator<void> {
  const entity = action.payload;
  try {
    yield call(adminRest, deps, 'DELETE', `/credential/${encodeURIComponent(entity)}`);
    yield put(adminCredentials.removed(entity));
  } catch (e) {
    yield put(ui.toastShown({ text: failureText(e, 'Could not delete the credential'), level: 'danger', timeoutMs: CREDENTIAL_TOAST_MS }));
  }
}

export function* adminCredentialsSaga(deps: SagaDeps): SagaIterator<void> {
  yield takeEvery(credentialAddSubmitted.type, (a: ReturnType<typeof credentialAddSubmitted>) => save(deps, a, 'add'));
  yield takeEvery(credentialUpdateSubmitted.type, (a: ReturnType<typeof credentialUpdateSubmitted>) => save(deps, a, 'update'));
  yield takeEvery(adminCredentials.deleteConfirmed.type, remove, deps);
}
