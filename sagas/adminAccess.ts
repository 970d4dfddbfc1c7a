/**
 * REST for the admin pages: a 401 shows the permission toast and, 3 s later, returns to the base page (spec
 * sections 6 and 8), unless the user has already gone elsewhere.
 */
import type { SagaIterator } from 'redux-saga';
import { call, put, select, spawn } from 'redux-saga/effects';
import { HttpError } from './restClient';
import type { RootState } from '../slices/rootReducer';
import { adminPermissionDenied, NO_PERMISSION_TEXT, PERMISSION_REDIRECT_MS } from '../slices/adminAccess';
import { ui } from '../slices/ui';
import type { SagaDeps } from './deps';
import { restCall } from './rest';

function* returnToBase(deps: SagaDeps, path: string): SagaIterator<void> {
  yield call(deps.sleep, PERMISSION_REDIRECT_MS);
  const current: string = yield select((s: RootState) => s.route.path);
  if (current === path) yield call(deps.navigate, '/');
}

export function* adminRest<T>(deps: SagaDeps, method: string, path: string, body?: unknown): SagaIterator<T> {
  try {
    const result: T = yield call(restCall, deps, method, path, body);
    return result;
  } catch (e) {
    if (e instanceof HttpError && e.status === 401) {
      const s: RootState = yield select();
      yield put(adminPermissionDenied({ page: s.route.match.page }));
      yield put(ui.toastShown({ text: NO_PERMISSION_TEXT, level: 'warning' }));
      // Detached: an attached fork would be cancelled by the rethrow below.
      yield spawn(returnToBase, deps, s.route.path);
    }
    throw e;
  }
}

/** The server's message of a failed call, or `fallback`. */
export function failureText(e: unknown, fallback: string): string {
  if (e instanceof HttpError) {
    const b = e.body;
    if (typeof b === 'object' && b !== null) {
      const m = (b as { message?: unknown; error?: unknown }).message ?? (b as { error?: unknown }).error;
      if (typeof m === 'string' && m.trim()) return m;
    }
    if (e.status !== 0 && e.message) return e.message;
  }
  return fallback;
}
