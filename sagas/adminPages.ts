/**
 * Loads and saves for the configurations, notebook-repositories and cluster pages (PROTOCOL 3.7, 3.8, cluster).
 */
import type { SagaIterator } from 'redux-saga';
import { call, put, takeLatest } from 'redux-saga/effects';
import { adminCluster, type ClusterEntry } from '../slices/adminCluster';
import { adminConfigurations } from '../slices/adminConfigurations';
import { adminNotebookRepos, REPO_SAVE_FAILED, REPO_TOAST_MS, type NotebookRepo } from '../slices/adminNotebookRepos';
import { ui } from '../slices/ui';
import type { SagaDeps } from './deps';
import { adminRest } from './adminAccess';

export function* loadConfigurations(deps: SagaDeps): SagaIterator<void> {
  yield put(adminConfigurations.loadRequested());
  try {
    const all: Record<string, string> | undefined = yield call(adminRest, deps, 'GET', '/configurations/all');
    yield put(adminConfigurations.loaded(all ?? {}));
  } catch {
    yield put(adminConfigurations.loadFailed());
  }
}

export function* loadNotebookRepos(deps: SagaDeps): SagaIterator<void> {
  yield put(adminNotebookRepos.loadRequested());
  try {
    const repos: NotebookRepo[] | undefined = yield call(adminRest, deps, 'GET', '/notebook-repositories');
    yield put(adminNotebookRepos.loaded(Array.isArray(repos) ? repos : []));
  } catch {
    yield put(adminNotebookRepos.loadFailed());
  }
}

function* saveNotebookRepo(deps: SagaDeps, action: ReturnType<typeof adminNotebookRepos.saveSubmitted>): SagaIterator<void> {
  try {
    const repo: NotebookRepo = yield call(adminRest, deps, 'PUT', '/notebook-repositories', { name: action.payload.className, settings: action.payload.settings });
    yield put(adminNotebookRepos.saved(repo));
  } catch {
    yield put(adminNotebookRepos.saveFailed());
    yield put(ui.toastShown({ text: REPO_SAVE_FAILED, level: 'danger', timeoutMs: REPO_TOAST_MS }));
    return;
  }
  // The back ends share the folder and only one serves notes: a save can change the other entries too.
  yield call(loadNotebookRepos, deps);
}

export function* loadClusterNodes(deps: SagaDeps): SagaIterator<void> {
  yield put(adminCluster.nodesRequested());
  try {
    const nodes: ClusterEntry[] | undefined = yield call(adminRest, deps, 'GET', '/cluster/nodes');
    yield put(adminCluster.nodesLoaded(Array.isArray(nodes) ? nodes : []));
  } catch {
    yield put(adminCluster.nodesFailed());
  }
}

export function* loadClusterNode(deps: SagaDeps, nodeName: string, intpName: string): SagaIterator<void> {
  yield put(adminCluster.nodeRequested());
  try {
    const procs: ClusterEntry[] | undefined = yield call(adminRest, deps, 'GET', `/cluster/node/${encodeURIComponent(nodeName)}/${encodeURIComponent(intpName)}`);
    yield put(adminCluster.nodeLoaded(Array.isArray(procs) ? procs : []));
  } catch {
    yield put(adminCluster.nodeFailed());
  }
}

export function* adminPagesSaga(deps: SagaDeps): SagaIterator<void> {
  yield takeLatest(adminNotebookRepos.saveSubmitted.type, saveNotebookRepo, deps);
}
