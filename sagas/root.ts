/**
 * The root saga: routing rules and resync listen from the start; the ticket is fetched first, then the socket is
 * opened with it, and plugin bundles load beside it.
 */
import type { SagaIterator } from 'redux-saga';
import { all, call, fork, setContext } from 'redux-saga/effects';
import { fetchServerInfo, fetchTicket, type TicketOutcome } from './auth';
import { DEPS_CONTEXT, type SagaDeps } from './deps';
import { SHARED_BASE } from './noteCommon';
import { loadHeliumBundles } from './helium';
import { heliumRuntimeSaga } from './heliumRuntime';
import { resyncSaga } from './resync';
import { routingSaga } from './routing';
import { shellSaga } from './shell';
import { socketSaga } from './socket';
import { notePageSaga } from './notePage';
import { noteActionsSaga } from './noteActions';
import { jobManagerSaga } from './jobManager';
import { loginSaga } from './login';
import { searchSaga } from './search';
import { prefsSaga } from './prefs';
import { adminSaga } from './admin';
import { collabSaga } from './collab';
import { cronPanelSaga } from './cronPanel';
import { resultHistorySaga } from './resultHistory';
import { revisionsSaga } from './revisions';

export function* rootSaga(deps: SagaDeps): SagaIterator<void> {
  // What sagas share through the context instead of module state: the injected deps and the collaboration base texts.
  yield setContext({ [DEPS_CONTEXT]: deps, [SHARED_BASE]: new Map() });
  yield fork(routingSaga, deps);
  yield fork(resyncSaga);
  yield fork(shellSaga, deps);
  yield fork(notePageSaga, deps);
  yield fork(noteActionsSaga, deps);
  yield fork(jobManagerSaga, deps);
  yield fork(loginSaga, deps);
  yield fork(searchSaga, deps);
  yield fork(prefsSaga, deps);
  yield fork(adminSaga, deps);
  yield fork(heliumRuntimeSaga, deps);
  yield fork(collabSaga, deps);
  yield fork(cronPanelSaga, deps);
  yield fork(resultHistorySaga, deps);
  yield fork(revisionsSaga, deps);
  const outcome: TicketOutcome = yield call(fetchTicket, deps);
  if (outcome === 'redirected') return;
  yield all([call(socketSaga, deps), call(loadHeliumBundles, deps), call(fetchServerInfo, deps)]);
}
