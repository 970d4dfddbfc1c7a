/**
 * REST calls from sagas. Every HTTP error is dispatched as `httpResponseError` and then rethrown; a 405 also ends
 * the session (Zeppelin answers 405 when its login session is gone), as both stock UIs do.
 */
import type { SagaIterator } from 'redux-saga';
import { call, put, select } from 'redux-saga/effects';
import { HttpError, httpResponseError } from './restClient';
import { session } from '../slices/session';
import type { RootState } from '../slices/rootReducer';
import type { SagaDeps } from './deps';

export const currentRef = (s: RootState): string => (s.route.search ? `${s.route.path}?${s.route.search}` : s.route.path);

export function* restCall<T>(deps: SagaDeps, method: string, path: string, body?: unknown): SagaIterator<T> {
  try {
    const result: T = yield call([deps.rest, deps.rest.request], method, path, body);
    return result;
  } catch (e) {
    if (e instanceof HttpError) {
      yield put(httpResponseError({ method, path, status: e.status, message: e.message }));
      if (e.status === 405) {
        const ref: string = yield select(currentRef);
        yield put(session.forcedLogout({ info: '', ref }));
      }
    }
    throw e;
  }
}
