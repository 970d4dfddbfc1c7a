/** The admin pages' sagas: each page loads its data when the route shows it. */
import type { SagaIterator } from 'redux-saga';
import { call, fork, takeLatest } from 'redux-saga/effects';
import { route } from '../slices/route';
import type { SagaDeps } from './deps';
import { adminCredentialsSaga, loadCredentials } from './adminCredentials';
import { adminHeliumSaga, loadHeliumPage } from './adminHelium';
import { adminInterpretersSaga, interpreterPage } from './adminInterpreters';
import { adminPagesSaga, loadClusterNode, loadClusterNodes, loadConfigurations, loadNotebookRepos } from './adminPages';

function* onRoute(deps: SagaDeps, action: ReturnType<typeof route.changed>): SagaIterator<void> {
  const m = action.payload.match;
  switch (m.page) {
    case 'credential':
      return yield call(loadCredentials, deps);
    case 'interpreter':
      return yield call(interpreterPage, deps);
    case 'configuration':
      return yield call(loadConfigurations, deps);
    case 'notebookRepos':
      return yield call(loadNotebookRepos, deps);
    case 'helium':
      return yield call(loadHeliumPage, deps);
    case 'cluster':
      return yield call(loadClusterNodes, deps);
    case 'clusterNode':
      return yield call(loadClusterNode, deps, m.nodeName, m.intpName);
    default:
      return undefined;
  }
}

export function* adminSaga(deps: SagaDeps): SagaIterator<void> {
  yield fork(adminCredentialsSaga, deps);
  yield fork(adminPagesSaga, deps);
  yield fork(adminHeliumSaga, deps);
  yield fork(adminInterpretersSaga, deps);
  yield takeLatest(route.changed.type, onRoute, deps);
}
