/**
 * Login and logout. The login form is posted as `userName`/`password` (PROTOCOL 3.2); the answer is a ticket
 * that goes to the credential vault, never into the store. Logout follows what the server's refusal says:
 * Zeppelin answers POST /api/login/logout with a 401 (or 403) on purpose, carrying redirectURL / isLogoutAPI /
 * clearAuthorizationHeader.
 */
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import { loginSubmitted, parseRoles, screenNameOf, session } from '../slices/session';
import { ui } from '../slices/ui';
import { HttpError } from './restClient';
import { wsOut } from '../slices/wsActions';
import type { Ticket } from '../protocol';
import type { RootState } from '../slices/rootReducer';
import type { SagaDeps } from './deps';
import { restCall } from './rest';

export const LOGIN_FAILED_TEXT = "The username and password that you entered don't match.";
export const LOGOUT_SUCCESS_TEXT = 'Logout Success';
export const OLD_BROWSER_LOGOUT_TEXT =
  'Your browser is too old or too weird to support log out functionality. Close all windows and restart the browser.';
/** Spec: the page reloads 1 s after a logout. */
export const LOGOUT_RELOAD_DELAY_MS = 1000;

interface LogoutAnswer {
  redirectURL?: string;
  isLogoutAPI?: string;
  clearAuthorizationHeader?: string;
}

function logoutAnswer(e: unknown): LogoutAnswer {
  if (!(e instanceof HttpError) || typeof e.body !== 'object' || e.body === null) return {};
  const body = (e.body as { body?: unknown }).body;
  return typeof body === 'object' && body !== null ? (body as LogoutAnswer) : {};
}

/** The app's own address without the hash: where the browser goes once an external logout is done. */
const baseHref = (href: string): string => href.split('#')[0];

function* onLogin(deps: SagaDeps, action: ReturnType<typeof loginSubmitted>): SagaIterator<void> {
  yield put(ui.loginStarted());
  const form = new URLSearchParams({ userName: action.payload.userName, password: action.payload.password });
  let t: Ticket;
  try {
    t = yield call(restCall, deps, 'POST', '/login', form);
  } catch (e) {
    // Throttled logins say how long to wait (the embedded server answers 429); everything else is the one text.
    const throttled = e instanceof HttpError && e.status === 429 && e.message;
    yield put(ui.loginFailed(throttled || LOGIN_FAILED_TEXT));
    return;
  }
  if (!t || typeof t.principal !== 'string' || typeof t.ticket !== 'string') {
    yield put(ui.loginFailed(LOGIN_FAILED_TEXT));
    return;
  }
  deps.credentials.set({ principal: t.principal, ticket: t.ticket, roles: typeof t.roles === 'string' ? t.roles : '[]' });
  yield put(ui.dialogClosed());
  yield put(session.ticketReceived({ principal: t.principal, screenUsername: screenNameOf(t.principal), roles: parseRoles(t.roles) }));
  // The connection is bound to a user by its first accepted message: ask again for what this user may see.
  yield put(wsOut.LIST_NOTES({}));
  const s: RootState = yield select();
  if (s.route.match.page === 'home') yield put(wsOut.GET_HOME_NOTE({}));
}

function* onLogout(deps: SagaDeps): SagaIterator<void> {
  let answer: LogoutAnswer = {};
  try {
    yield call(restCall, deps, 'POST', '/login/logout');
  } catch (e) {
    answer = logoutAnswer(e);
  }
  if (answer.redirectURL) {
    if (answer.isLogoutAPI === 'true') {
      try {
        yield call(deps.fetchUrl, answer.redirectURL);
      } catch {
        // the identity provider's answer does not change what happens next
      }
      yield call(deps.redirect, baseHref(deps.currentHref()));
    } else {
      yield call(deps.redirect, answer.redirectURL + deps.currentHref());
    }
    return;
  }
  if (answer.clearAuthorizationHeader === 'true') {
    const cleared: boolean = yield call(deps.clearBasicAuth);
    if (!cleared) yield put(ui.toastShown({ text: OLD_BROWSER_LOGOUT_TEXT, level: 'warning' }));
  }
  deps.credentials.set({ principal: '', ticket: '', roles: '' });
  yield put(session.loggedOut());
  yield put(ui.toastShown({ text: LOGOUT_SUCCESS_TEXT, level: 'success' }));
  yield call(deps.sleep, LOGOUT_RELOAD_DELAY_MS);
  yield call(deps.navigate, '/');
  yield call(deps.reload);
}

export function* loginSaga(deps: SagaDeps): SagaIterator<void> {
  yield takeLatest(loginSubmitted.type, onLogin, deps);
  yield takeLatest(session.logoutRequested.type, onLogout, deps);
}
