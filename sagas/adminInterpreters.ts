/**
 * The interpreter page's REST calls (PROTOCOL 3.5) and its messages (spec section 8). The page saga runs while
 * the route shows the page (admin.ts cancels it on the next route), which is what bounds the 2 s re-fetch of
 * settings that are downloading dependencies.
 */
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeEvery } from 'redux-saga/effects';
import {
  adminInterpreters, DOWNLOAD_REFRESH_MS, INTERPRETER_TEXT, REPOSITORY_TOAST_MS, settingRequest, validateNewSetting, withPendingRows,
  type InterpreterConfirm, type InterpreterTemplate, type Repository, type RepositoryForm, type SettingForm,
} from '../slices/adminInterpreters';
import { ui } from '../slices/ui';
import type { InterpreterSetting } from '../protocol';
import type { RootState } from '../slices/rootReducer';
import type { SagaDeps } from './deps';
import { adminRest, failureText } from './adminAccess';

const asList = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

function* settingErrorToasts(settings: InterpreterSetting[]): SagaIterator<void> {
  for (const s of settings) {
    if (s.status === 'ERROR') yield put(ui.toastShown({ text: INTERPRETER_TEXT.settingError(s.group, s.name, s.errorReason ?? ''), level: 'danger' }));
  }
}

export function* loadRepositories(deps: SagaDeps): SagaIterator<void> {
  try {
    const repos: unknown = yield call(adminRest, deps, 'GET', '/interpreter/repository');
    yield put(adminInterpreters.repositoriesLoaded(asList<Repository>(repos)));
  } catch {
    // The settings load reports the failure (and a 401) already.
  }
}

export function* loadInterpreters(deps: SagaDeps): SagaIterator<void> {
  yield put(adminInterpreters.loadRequested());
  try {
    const [settings, templates, types]: [unknown, unknown, unknown] = yield all([
      call(adminRest, deps, 'GET', '/interpreter/setting'),
      call(adminRest, deps, 'GET', '/interpreter'),
      call(adminRest, deps, 'GET', '/interpreter/property/types'),
    ]);
    const list = asList<InterpreterSetting>(settings);
    const groups = typeof templates === 'object' && templates !== null ? Object.values(templates as Record<string, InterpreterTemplate>) : [];
    yield put(adminInterpreters.loaded({ settings: list, templates: groups.filter((t) => t && typeof t.group === 'string'), propertyTypes: asList<string>(types) }));
    yield call(settingErrorToasts, list);
  } catch {
    yield put(adminInterpreters.loadFailed());
    return;
  }
  yield call(loadRepositories, deps);
}

/** Every 2 s, each setting still DOWNLOADING_DEPENDENCIES is fetched again; a failed download opens the dialog. */
export function* refreshDownloading(deps: SagaDeps): SagaIterator<void> {
  for (;;) {
    yield call(deps.sleep, DOWNLOAD_REFRESH_MS);
    const settings: InterpreterSetting[] = yield select((s: RootState) => s.interpreters.settings);
    for (const s of settings.filter((x) => x.status === 'DOWNLOADING_DEPENDENCIES')) {
      try {
        const fresh: InterpreterSetting = yield call(adminRest, deps, 'GET', `/interpreter/setting/${encodeURIComponent(s.id)}`);
        yield put(adminInterpreters.settingRefreshed(fresh));
        if (fresh.status === 'ERROR') yield put(adminInterpreters.errorDialogOpened({ title: INTERPRETER_TEXT.downloadFailedTitle, message: fresh.errorReason ?? '' }));
      } catch {
        // Tried again on the next tick.
      }
    }
  }
}

/** What admin.ts runs while `#/interpreter` is shown. */
export function* interpreterPage(deps: SagaDeps): SagaIterator<void> {
  yield call(loadInterpreters, deps);
  yield call(refreshDownloading, deps);
}

const failed = (e: unknown): string => failureText(e, INTERPRETER_TEXT.noConnection);

function* create(deps: SagaDeps, action: ReturnType<typeof adminInterpreters.createSubmitted>): SagaIterator<void> {
  const form = withPendingRows(action.payload);
  const existing: InterpreterSetting[] = yield select((s: RootState) => s.interpreters.settings);
  const invalid = validateNewSetting(form, existing);
  if (invalid) {
    yield put(adminInterpreters.createFailed(invalid));
    return;
  }
  try {
    const created: InterpreterSetting = yield call(adminRest, deps, 'POST', '/interpreter/setting', settingRequest(form));
    yield put(adminInterpreters.created(created));
    yield call(settingErrorToasts, [created]);
  } catch (e) {
    yield put(adminInterpreters.createFailed(null));
    yield put(ui.toastShown({ text: failed(e), level: 'danger' }));
  }
}

function* update(deps: SagaDeps, id: string, submitted: SettingForm): SagaIterator<void> {
  const form = withPendingRows(submitted);
  const { properties, dependencies, option } = settingRequest(form);
  try {
    const saved: InterpreterSetting = yield call(adminRest, deps, 'PUT', `/interpreter/setting/${encodeURIComponent(id)}`, { properties, dependencies, option });
    yield put(adminInterpreters.updated(saved));
    yield call(settingErrorToasts, [saved]);
  } catch (e) {
    yield put(ui.toastShown({ text: failed(e), level: 'danger' }));
    yield put(adminInterpreters.updateFailed(id));
  }
}

function* onConfirmed(deps: SagaDeps, action: ReturnType<typeof adminInterpreters.confirmAccepted>): SagaIterator<void> {
  const c: InterpreterConfirm = action.payload;
  const path = `/interpreter/setting/${encodeURIComponent(c.id)}`;
  switch (c.kind) {
    case 'update':
      return yield call(update, deps, c.id, c.form);
    case 'remove':
      try {
        yield call(adminRest, deps, 'DELETE', path);
        yield put(adminInterpreters.removed(c.id));
      } catch (e) {
        yield put(ui.toastShown({ text: failed(e), level: 'danger' }));
      }
      return undefined;
    case 'restart':
      try {
        const s: InterpreterSetting = yield call(adminRest, deps, 'PUT', `/interpreter/setting/restart/${encodeURIComponent(c.id)}`);
        if (s && typeof s === 'object' && typeof s.id === 'string') yield put(adminInterpreters.updated(s));
        yield put(ui.toastShown({ text: INTERPRETER_TEXT.restarted, level: 'success' }));
      } catch (e) {
        yield put(adminInterpreters.errorDialogOpened({ title: INTERPRETER_TEXT.restartFailedTitle, message: failed(e) }));
      }
      return undefined;
    case 'removeRepository':
      try {
        yield call(adminRest, deps, 'DELETE', `/interpreter/repository/${encodeURIComponent(c.id)}`);
        yield call(loadRepositories, deps);
      } catch (e) {
        yield put(ui.toastShown({ text: failed(e), level: 'danger', timeoutMs: REPOSITORY_TOAST_MS }));
      }
      return undefined;
    default:
      return undefined;
  }
}

function* addRepository(deps: SagaDeps, action: ReturnType<typeof adminInterpreters.repositoryAddSubmitted>): SagaIterator<void> {
  const f: RepositoryForm = action.payload;
  const body = {
    id: f.id.trim(), url: f.url.trim(), snapshot: f.snapshot, username: f.username, password: f.password,
    proxyProtocol: f.proxyProtocol || 'HTTP', proxyHost: f.proxyHost, proxyPort: f.proxyPort, proxyLogin: f.proxyLogin, proxyPassword: f.proxyPassword,
  };
  try {
    yield call(adminRest, deps, 'POST', '/interpreter/repository', body);
    yield put(adminInterpreters.repositoryAdded());
    yield call(loadRepositories, deps);
  } catch (e) {
    const text = failed(e);
    yield put(adminInterpreters.repositoryAddFailed(text));
    yield put(ui.toastShown({ text, level: 'danger', timeoutMs: REPOSITORY_TOAST_MS }));
  }
}

export function* adminInterpretersSaga(deps: SagaDeps): SagaIterator<void> {
  yield takeEvery(adminInterpreters.createSubmitted.type, create, deps);
  yield takeEvery(adminInterpreters.confirmAccepted.type, onConfirmed, deps);
  yield takeEvery(adminInterpreters.repositoryAddSubmitted.type, addRepository, deps);
}
