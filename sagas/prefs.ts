/**
 * Theme, date language, keymap and the action log's limits: restored from the browser at start, saved whenever the
 * user changes them.
 */
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery } from 'redux-saga/effects';
import { checkActionLogLimits, MB, ui } from '../slices/ui';
import { resolveLanguageTag } from '../slices/domain/locales';
import { isKeymap } from '../slices/domain/keymaps';
import type { RootState } from '../slices/rootReducer';
import type { Preferences, SagaDeps } from './deps';

const THEMES = new Set(['system', 'light', 'dark']);

function* save(deps: SagaDeps): SagaIterator<void> {
  const s: RootState = yield select();
  yield call([deps.prefs, deps.prefs.save], { theme: s.ui.theme, locale: s.ui.locale, keymap: s.ui.keymap, actionLog: s.ui.actionLogLimits });
}

export function* prefsSaga(deps: SagaDeps): SagaIterator<void> {
  const p: Preferences = yield call([deps.prefs, deps.prefs.load]);
  const s: RootState = yield select();
  const theme = p.theme && THEMES.has(p.theme) ? p.theme : 'system';
  const locale = resolveLanguageTag(p.locale ?? deps.prefs.browserLanguage());
  // Only differences from the defaults are dispatched, so a default start adds nothing to the log.
  if (theme !== s.ui.theme) yield put(ui.themeChosen(theme));
  if (locale !== s.ui.locale) yield put(ui.localeChosen(locale));
  const limits = p.actionLog ? checkActionLogLimits(p.actionLog.maxEntries, p.actionLog.maxBytes / MB) : null;
  if (limits && !('error' in limits) && (limits.maxEntries !== s.ui.actionLogLimits.maxEntries || limits.maxBytes !== s.ui.actionLogLimits.maxBytes)) {
    yield put(ui.actionLogLimitsChosen(limits));
  }
  if (isKeymap(p.keymap) && p.keymap !== s.ui.keymap) yield put(ui.keymapChosen(p.keymap));
  yield takeEvery([ui.themeChosen.type, ui.localeChosen.type, ui.keymapChosen.type, ui.actionLogLimitsChosen.type], save, deps);
}
