/**
 * Routing rules that need the store: the ticket guard, the title reset, the forced-logout detour and the return
 * to `ref` after a later login.
 */
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery } from 'redux-saga/effects';
import { guardRoute, POST_LOGIN_REDIRECT_MS, PRODUCT_TITLE, refFromSearch } from '../slices/domain/routing';
import { route } from '../slices/route';
import { session } from '../slices/session';
import { ui } from '../slices/ui';
import { wsIn } from '../slices/wsActions';
import type { RootState } from '../slices/rootReducer';
import type { SagaDeps } from './deps';
import { currentRef } from './rest';

/** Spec: the login dialog opens 1 s after a forced logout. */
export const SESSION_LOGOUT_DIALOG_DELAY_MS = 1000;

function* applyGuard(deps: SagaDeps): SagaIterator<void> {
  const s: RootState = yield select();
  if (s.session.loginState === 'unknown') return; // decided once the ticket answer is in
  const hasTicket = s.session.loginState === 'anonymous' || s.session.loginState === 'loggedIn';
  const redirect = guardRoute(s.route.path, s.route.search, hasTicket);
  if (redirect) yield call(deps.navigate, redirect);
}

function* onRouteChanged(deps: SagaDeps): SagaIterator<void> {
  yield call(deps.setTitle, PRODUCT_TITLE);
  yield call(applyGuard, deps);
}

function* onSessionLogout(deps: SagaDeps, action: ReturnType<typeof wsIn.SESSION_LOGOUT>): SagaIterator<void> {
  const ref: string = yield select(currentRef);
  yield put(session.forcedLogout({ info: action.payload.info ?? '', ref }));
}

function* onForcedLogout(deps: SagaDeps, action: ReturnType<typeof session.forcedLogout>): SagaIterator<void> {
  const ref = action.payload.ref;
  yield call(deps.navigate, ref && ref !== '/' ? `/?ref=${encodeURIComponent(ref)}` : '/');
  yield call(deps.sleep, SESSION_LOGOUT_DIALOG_DELAY_MS);
  // The user may have signed in meanwhile, or be signing in from the navbar's dialog: one dialog at most, and
  // none over a signed-in page.
  const s: RootState = yield select();
  if (s.session.loginState !== 'loggedOut' || s.ui.dialog?.kind === 'login') return;
  yield put(ui.dialogOpened({ kind: 'login', info: action.payload.info || null }));
}

function* onTicketReceived(deps: SagaDeps): SagaIterator<void> {
  const s: RootState = yield select();
  const ref = s.session.ref ?? refFromSearch(s.route.search);
  if (s.session.loginState === 'loggedIn' && ref) {
    const before = currentRef(s);
    yield call(deps.sleep, POST_LOGIN_REDIRECT_MS);
    yield put(session.refSet(null));
    // A user who already went elsewhere during the pause (or is already at ref) is not pulled back.
    const now: string = yield select(currentRef);
    if (now === before && now !== ref) yield call(deps.navigate, ref);
    return;
  }
  yield call(applyGuard, deps);
}

export function* routingSaga(deps: SagaDeps): SagaIterator<void> {
  yield takeEvery(route.changed.type, onRouteChanged, deps);
  yield takeEvery(wsIn.SESSION_LOGOUT.type, onSessionLogout, deps);
  yield takeEvery(session.forcedLogout.type, onForcedLogout, deps);
  yield takeEvery([session.ticketReceived.type, session.ticketMissing.type], onTicketReceived, deps);
}
