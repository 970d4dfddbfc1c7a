/**
 * The socket saga owns the websocket: open, read frames into actions, send queued `ws/send/*` actions, PING,
 * and reconnect with capped backoff after an abnormal close.
 *
 * Notes:
 * - Outbound actions are taken from an expanding actionChannel created once, so sends made while disconnected
 *   wait there and are flushed after the next open, in order.
 * - A session is a race between the inbox, the outbox pump, the keepalive and a deliberate close request: when
 *   the socket closes the race cancels the other branches (END alone would leave the pinger running).
 * - PING is written straight to the socket, not dispatched, so it does not fill the action log.
 * - A close code 1000 from the server, or `connection/closeRequested`, is deliberate: no reconnect.
 */
import { buffers, eventChannel, type Channel, type EventChannel, type SagaIterator } from 'redux-saga';
import { actionChannel, call, put, race, take } from 'redux-saga/effects';
import { connection } from '../slices/connection';
import { actionForFrame, isWsSend, opOfSend, wsUnknownOp, type WsSendAction } from '../slices/wsActions';
import { decodeServerFrame, encodeClientFrame, type SendMap, type SendOp } from '../protocol';
import { backoffMs } from './backoff';
import { SOCKET_OPEN, type SagaDeps, type SocketLike } from './deps';

type SocketEvent = { kind: 'frame'; raw: string } | { kind: 'close'; code: number };

export const NORMAL_CLOSURE = 1000;
export const ABNORMAL_CLOSURE = 1006;

export function socketChannel(ws: SocketLike): EventChannel<SocketEvent> {
  return eventChannel<SocketEvent>((emit) => {
    ws.onmessage = (ev) => emit({ kind: 'frame', raw: typeof ev.data === 'string' ? ev.data : String(ev.data) });
    ws.onclose = (ev) => emit({ kind: 'close', code: ev.code || ABNORMAL_CLOSURE });
    // An error is always followed by a close event, which is what ends the session.
    ws.onerror = () => undefined;
    return () => {
      ws.onmessage = null;
      ws.onclose = null;
      ws.onerror = null;
    };
  }, buffers.expanding<SocketEvent>(256));
}

function* readInbox(inbox: EventChannel<SocketEvent>): SagaIterator<number> {
  for (;;) {
    const ev: SocketEvent = yield take(inbox);
    if (ev.kind === 'close') return ev.code;
    const decoded = decodeServerFrame(ev.raw);
    if (decoded.ok) yield put(actionForFrame(decoded.frame));
    else if (decoded.error.reason === 'unknown-op' && decoded.error.op) yield put(wsUnknownOp({ op: decoded.error.op, data: decoded.error.data }));
    else yield put(connection.badFrame(decoded.error));
  }
}

function send(ws: SocketLike, deps: SagaDeps, action: WsSendAction): void {
  const op: SendOp = opOfSend(action);
  ws.send(encodeClientFrame(op, action.payload as SendMap[typeof op], deps.credentials.get(), deps.newMsgId()));
}

function* pumpOutbox(ws: SocketLike, outbox: Channel<WsSendAction>, held: WsSendAction[], deps: SagaDeps): SagaIterator<void> {
  // First what an earlier session took from the outbox but could not send.
  while (held.length > 0) {
    if (ws.readyState !== SOCKET_OPEN) return;
    send(ws, deps, held[0]);
    held.shift();
  }
  for (;;) {
    const action: WsSendAction = yield take(outbox);
    if (ws.readyState !== SOCKET_OPEN) {
      held.push(action);
      return;
    }
    send(ws, deps, action);
  }
}

function* keepalive(ws: SocketLike, deps: SagaDeps): SagaIterator<void> {
  for (;;) {
    yield call(deps.sleep, deps.pingIntervalMs);
    if (ws.readyState === SOCKET_OPEN) ws.send(encodeClientFrame('PING', {}, deps.credentials.get(), deps.newMsgId()));
  }
}

/** Runs one open socket until it closes; returns whether the close was deliberate. */
export function* socketSession(ws: SocketLike, outbox: Channel<WsSendAction>, held: WsSendAction[], deps: SagaDeps): SagaIterator<boolean> {
  const inbox: EventChannel<SocketEvent> = yield call(socketChannel, ws);
  try {
    yield put(connection.opened());
    const winner: { code?: number; stop?: unknown } = yield race({
      code: call(readInbox, inbox),
      pump: call(pumpOutbox, ws, outbox, held, deps),
      ping: call(keepalive, ws, deps),
      stop: take(connection.closeRequested.type),
    });
    if (winner.stop !== undefined) {
      ws.close(NORMAL_CLOSURE, 'closed by the user');
      yield put(connection.closed({ code: NORMAL_CLOSURE, deliberate: true }));
      return true;
    }
    const code = winner.code ?? ABNORMAL_CLOSURE;
    const deliberate = code === NORMAL_CLOSURE;
    yield put(connection.closed({ code, deliberate }));
    return deliberate;
  } finally {
    inbox.close();
  }
}

export function* socketSaga(deps: SagaDeps): SagaIterator<void> {
  const outbox: Channel<WsSendAction> = yield actionChannel(isWsSend, buffers.expanding<WsSendAction>(256));
  const held: WsSendAction[] = [];
  let failures = 0;
  for (;;) {
    yield put(connection.connecting({ url: deps.wsUrl }));
    const ws: SocketLike | null = yield call(deps.openSocket, deps.wsUrl);
    if (ws) {
      failures = 0;
      const deliberate: boolean = yield call(socketSession, ws, outbox, held, deps);
      if (deliberate) return;
    } else {
      yield put(connection.openFailed());
    }
    failures += 1;
    const delay = backoffMs(failures, deps.random);
    yield put(connection.retryScheduled({ inMs: delay }));
    yield call(deps.sleep, delay);
  }
}
