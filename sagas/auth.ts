/**
 * The ticket: fetched from `GET /api/security/ticket` at start (retried while the server is unreachable), kept in
 * the credential vault, and described to the store without the ticket string itself.
 */
import type { SagaIterator } from 'redux-saga';
import { call, put } from 'redux-saga/effects';
import { HttpError } from './restClient';
import { parseRoles, screenNameOf, session } from '../slices/session';
import { serverInfo } from '../slices/server';
import type { Ticket } from '../protocol';
import { backoffMs } from './backoff';
import type { SagaDeps } from './deps';
import { restCall } from './rest';

export type TicketOutcome = 'ticket' | 'missing' | 'redirected';

export function* fetchTicket(deps: SagaDeps): SagaIterator<TicketOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      const t: Ticket = yield call(restCall, deps, 'GET', '/security/ticket');
      if (t && t.redirectURL) {
        yield call(deps.redirect, t.redirectURL + deps.currentHref());
        return 'redirected';
      }
      if (!t || typeof t.principal !== 'string' || typeof t.ticket !== 'string') {
        yield put(session.ticketMissing());
        return 'missing';
      }
      deps.credentials.set({ principal: t.principal, ticket: t.ticket, roles: typeof t.roles === 'string' ? t.roles : '[]' });
      yield put(session.ticketReceived({ principal: t.principal, screenUsername: screenNameOf(t.principal), roles: parseRoles(t.roles) }));
      return 'ticket';
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      if (e.status === 401 && e.location) {
        yield call(deps.redirect, e.location);
        return 'redirected';
      }
      if (e.status !== 0 && e.status < 500) {
        yield put(session.ticketMissing());
        return 'missing';
      }
      // Server unreachable or failing: wait and try again, like the socket does.
      yield call(deps.sleep, backoffMs(attempt, deps.random));
    }
  }
}

/** Server facts the shell shows; failures only cost the display, so they are swallowed after being reported. */
export function* fetchServerInfo(deps: SagaDeps): SagaIterator<void> {
  try {
    const v: { version?: string } = yield call(restCall, deps, 'GET', '/version');
    if (v && typeof v.version === 'string') yield put(serverInfo.versionReceived(v.version));
  } catch {
    // reported as httpResponseError already
  }
  try {
    const c: { wsMaxMessageSize?: number; resultHistoryMax?: number } = yield call(restCall, deps, 'GET', '/configurations/client');
    if (c) yield put(serverInfo.clientConfigReceived(c));
  } catch {
    // idem
  }
}
