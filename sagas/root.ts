/**
 * The root saga: routing rules and resync listen from the start; the ticket is fetched first, then the socket is
 * opened with it, and plugin bundles load beside it.
 */
import type { SagaIterator } from 'redux-saga';
import { all, call, fork } from 'redux-saga/effects';
import { fetchServerInfo, fetchTicket, type TicketOutcome } from './auth';
import type { SagaDeps } from './deps';
import { loadHeliumBundles } from './helium';
import { resyncSaga } from './resync';
import { routingSaga } from './routing';
import { shellSaga } from './shell';
import { socketSaga } from './socket';

export function* rootSaga(deps: SagaDeps): SagaIterator<void> {
  yield fork(routingSaga, deps);
  yield fork(resyncSaga);
  yield fork(shellSaga, deps);
  const outcome: TicketOutcome = yield call(fetchTicket, deps);
  if (outcome === 'redirected') return;
  yield all([call(socketSaga, deps), call(loadHeliumBundles, deps), call(fetchServerInfo, deps)]);
}
