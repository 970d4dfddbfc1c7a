/**
 * The Helium page's calls (PROTOCOL 3.9): list, enable/disable after the confirmation, config panel, bundle
 * order, and loading a newly enabled bundle into the page at once, so it works without a reload.
 */
import type { SagaIterator } from 'redux-saga';
import { call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import { adminHelium, convertConfig, heliumErrorTitle, ORDER_SAVE_FAILED, type ConfField, type HeliumResult } from '../slices/adminHelium';
import type { RootState } from '../slices/rootReducer';
import { loadBundle, type BundleOutcome } from './helium';
import { select } from 'redux-saga/effects';
import type { SagaDeps } from './deps';
import { adminRest, failureText } from './adminAccess';
import { restCall } from './rest';

const BUNDLED = new Set(['VISUALIZATION', 'SPELL']);

export function* loadHeliumPage(deps: SagaDeps): SagaIterator<void> {
  yield put(adminHelium.loadRequested());
  try {
    const packages: Record<string, HeliumResult[]> | undefined = yield call(adminRest, deps, 'GET', '/helium/package');
    const order: string[] | undefined = yield call(adminRest, deps, 'GET', '/helium/order/visualization');
    const now: number = yield call(deps.now);
    yield put(adminHelium.loaded(packages ?? {}, Array.isArray(order) ? order : [], now));
  } catch {
    yield put(adminHelium.loadFailed());
  }
}

function* loadEnabledBundle(deps: SagaDeps, name: string): SagaIterator<void> {
  const outcome: BundleOutcome = yield call(loadBundle, deps, name);
  if (outcome.kind === 'loaded') yield put(adminHelium.bundleLoaded(name));
  // Spec section 8 logs a failed bundle; the Helium page also shows it next to the package.
  if (outcome.kind === 'failed') {
    console.error(`[helium] bundle ${name} failed to load: ${outcome.message}`);
    yield put(adminHelium.bundleFailed({ name, message: outcome.message }));
  }
}

function* onConfirm(deps: SagaDeps, action: ReturnType<typeof adminHelium.confirmAccepted>): SagaIterator<void> {
  const { action: what, name, artifact } = action.payload;
  try {
    if (what === 'enable') yield call(restCall, deps, 'POST', `/helium/enable/${encodeURIComponent(name)}`, artifact);
    else yield call(restCall, deps, 'POST', `/helium/disable/${encodeURIComponent(name)}`);
  } catch (e) {
    const message = failureText(e, 'Could not connect to server.');
    yield put(adminHelium.toggleFinished());
    if (what === 'enable') yield put(adminHelium.bundleFailed({ name, message }));
    yield put(adminHelium.errorShown({ title: heliumErrorTitle(what, name), message }));
    return;
  }
  yield call(loadHeliumPage, deps);
  const s: RootState = yield select();
  const type = s.adminHelium.packages[name]?.find((r) => r.pkg.artifact === artifact)?.pkg.type;
  if (what === 'enable' && type !== undefined && BUNDLED.has(type)) yield call(loadEnabledBundle, deps, name);
  yield put(adminHelium.toggleFinished());
}

function* onConfigOpened(deps: SagaDeps, action: ReturnType<typeof adminHelium.configOpened>): SagaIterator<void> {
  const { name, artifact } = action.payload;
  try {
    const conf: { confSpec?: Record<string, ConfField>; confPersisted?: Record<string, unknown> } =
      yield call(restCall, deps, 'GET', `/helium/config/${encodeURIComponent(name)}/${encodeURIComponent(artifact)}`);
    yield put(adminHelium.configLoaded({ name, spec: conf?.confSpec ?? {}, persisted: conf?.confPersisted ?? {} }));
  } catch (e) {
    console.error(`[helium] config of ${name} failed to load:`, e);
    yield put(adminHelium.configClosed(name));
  }
}

function* onConfigSave(deps: SagaDeps, action: ReturnType<typeof adminHelium.configSaveSubmitted>): SagaIterator<void> {
  const { name, artifact, values } = action.payload;
  if (!name || !artifact) return;
  const s: RootState = yield select();
  const converted = convertConfig(s.adminHelium.configs[name]?.spec ?? {}, values);
  if (!converted.ok) {
    console.error(`[helium] config of ${name}: ${converted.field} is not a valid value`);
    return;
  }
  try {
    yield call(restCall, deps, 'POST', `/helium/config/${encodeURIComponent(name)}/${encodeURIComponent(artifact)}`, converted.values);
    yield put(adminHelium.configClosed(name));
  } catch (e) {
    console.error(`[helium] config of ${name} failed to save:`, e);
  }
}

function* onOrderSave(deps: SagaDeps): SagaIterator<void> {
  const order: string[] = yield select((s: RootState) => s.adminHelium.order);
  try {
    yield call(restCall, deps, 'POST', '/helium/order/visualization', order);
    yield put(adminHelium.orderSaved());
  } catch (e) {
    yield put(adminHelium.errorShown({ title: ORDER_SAVE_FAILED, message: failureText(e, 'Could not connect to server.') }));
  }
}

export function* adminHeliumSaga(deps: SagaDeps): SagaIterator<void> {
  yield takeEvery(adminHelium.confirmAccepted.type, onConfirm, deps);
  yield takeLatest(adminHelium.configOpened.type, onConfigOpened, deps);
  yield takeEvery(adminHelium.configSaveSubmitted.type, onConfigSave, deps);
  yield takeLatest(adminHelium.orderSaveSubmitted.type, onOrderSave, deps);
}
