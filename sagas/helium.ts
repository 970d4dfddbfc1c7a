/**
 * Loads the enabled Helium bundles before note routes show (spec routing rule). A server without Helium, or a
 * failing bundle, ends in `bundlesLoaded([])` / `bundlesFailed` so that notes still open.
 */
import type { SagaIterator } from 'redux-saga';
import { call, put } from 'redux-saga/effects';
import { HttpError } from '../src/app/rest';
import { helium } from '../slices/helium';
import type { HeliumPackage } from '../src/protocol';
import type { SagaDeps } from './deps';
import { restCall } from './rest';

interface EnabledPackage {
  pkg: HeliumPackage;
  enabled?: boolean;
}

const BUNDLED_TYPES = new Set(['VISUALIZATION', 'SPELL']);

export function* loadHeliumBundles(deps: SagaDeps): SagaIterator<void> {
  yield put(helium.bundlesLoading());
  let enabled: EnabledPackage[];
  try {
    enabled = (yield call(restCall, deps, 'GET', '/helium/enabledPackage')) as EnabledPackage[];
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) {
      yield put(helium.bundlesLoaded([]));
    } else {
      yield put(helium.bundlesFailed((e as Error).message));
    }
    return;
  }
  const loaded: string[] = [];
  try {
    for (const p of Array.isArray(enabled) ? enabled : []) {
      if (!p?.pkg || !BUNDLED_TYPES.has(p.pkg.type)) continue;
      const source: string = yield call([deps.rest, deps.rest.text], `/helium/bundle/load/${encodeURIComponent(p.pkg.name)}`);
      // Zeppelin answers a failed bundle build with 200 and an "ERROR:" text: treat it as no bundle.
      if (!source || source.startsWith('ERROR:')) continue;
      yield call(deps.loadBundle, p.pkg.name, source);
      loaded.push(p.pkg.name);
    }
  } catch (e) {
    yield put(helium.bundlesFailed((e as Error).message));
    return;
  }
  yield put(helium.bundlesLoaded(loaded));
}
