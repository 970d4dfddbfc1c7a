/** The search page: each visit of `#/search/{term}` asks the server afresh (notes change between visits). */
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import { route } from '../slices/route';
import { search, type SearchHit } from '../slices/search';
import type { RootState } from '../slices/rootReducer';
import type { SagaDeps } from './deps';
import { restCall } from './rest';

function* onRoute(deps: SagaDeps): SagaIterator<void> {
  const s: RootState = yield select();
  const m = s.route.match;
  if (m.page !== 'search') return;
  const term = m.term;
  yield put(search.started(term));
  try {
    const hits: SearchHit[] | undefined = yield call(restCall, deps, 'GET', `/notebook/search?q=${encodeURIComponent(term)}`);
    yield put(search.received({ term, hits: Array.isArray(hits) ? hits.filter((h) => h && typeof h.id === 'string') : [] }));
  } catch (e) {
    yield put(search.failed({ term, message: (e as Error).message }));
  }
}

export function* searchSaga(deps: SagaDeps): SagaIterator<void> {
  yield takeLatest(route.changed.type, onRoute, deps);
}
