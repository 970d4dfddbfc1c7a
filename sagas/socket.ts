/**
 * The socket saga owns the websocket: open, read frames into actions, send queued `ws/send/*` actions, PING,
 * notice a dead connection, and reconnect with capped backoff after an abnormal close.
 *
 * Notes:
 * - Outbound actions are taken from an expanding actionChannel created once. While there is no connection they
 *   are moved to the outbox's held list with the note open at that moment; after the next open the note list is
 *   fetched, the held sends are replayed (re-attaching their note first, sagas/outbox.ts), then the route's note,
 *   then the channel is pumped again.
 * - A session is a race between the inbox, the outbox pump, the keepalive and a deliberate close request: when
 *   the socket closes the race cancels the other branches (END alone would leave the pinger running).
 * - A connection silent for LIVENESS_TIMEOUT_MS is given up at once: the browser may take a minute to finish the
 *   close handshake with a dead server, so the session does not wait for the close event.
 * - An open attempt the server never answers (a stopped server accepts TCP but not the handshake) is abandoned
 *   after OPEN_TIMEOUT_MS.
 * - Each frame is decoded through `deps.decodeFrame` and put before the next is taken, so frames become actions in the
 *   order they arrived. A socket that decoded a frame itself (the browser's, which receives in a worker and decodes
 *   large results there) hands the decoded frame, which is put in its turn like any other.
 * - PING is written straight to the socket, not dispatched, so it does not fill the action log.
 * - A close code 1000 from the server, or `connection/closeRequested`, is deliberate: no reconnect. Cancelling the
 *   saga (logout, teardown) closes the socket with 1000 too.
 */
import { buffers, eventChannel, type Channel, type EventChannel, type SagaIterator } from 'redux-saga';
import { actionChannel, call, cancelled, put, race, select, take } from 'redux-saga/effects';
import { connection } from '../slices/connection';
import { actionForFrame, isQueuedSend, msgIdOfSend, opOfSend, wsUnknownOp, type WsSendAction } from '../slices/wsActions';
import type { RootState } from '../slices/rootReducer';
import { encodeClientFrame, type Decoded, type SendMap, type SendOp, type ServerFrame } from '../protocol';
import { backoffMs } from './backoff';
import { SOCKET_OPEN, type SagaDeps, type SocketLike } from './deps';
import { heard, keepalive, newLiveness, type Liveness } from './liveness';
import { noteOfSend, replayHeld, type Attachment, type HeldSend } from './outbox';
import { fetchListAfterOpen, fetchRouteAfterOpen } from './resync';

type SocketEvent =
  | { kind: 'frame'; raw: string }
  | { kind: 'decoded'; decoded: Decoded<ServerFrame>; length: number }
  | { kind: 'close'; code: number };

export const NORMAL_CLOSURE = 1000;
export const ABNORMAL_CLOSURE = 1006;
/** Our close code for a connection that stopped answering (4000-4999 are the application's). */
export const NO_ANSWER_CLOSURE = 4000;
/** How long an open attempt may wait for the server's handshake. */
export const OPEN_TIMEOUT_MS = 10_000;

export function socketChannel(ws: SocketLike): EventChannel<SocketEvent> {
  return eventChannel<SocketEvent>((emit) => {
    ws.onmessage = (ev) => emit('decoded' in ev
      ? { kind: 'decoded', decoded: ev.decoded, length: ev.length }
      : { kind: 'frame', raw: typeof ev.data === 'string' ? ev.data : String(ev.data) });
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

function* readInbox(inbox: EventChannel<SocketEvent>, live: Liveness, deps: SagaDeps): SagaIterator<number> {
  for (;;) {
    const ev: SocketEvent = yield take(inbox);
    if (ev.kind === 'close') return ev.code;
    // Frames wait in the inbox meanwhile: a frame decoded off the page's thread is put before the next is decoded.
    const decoded: Decoded<ServerFrame> = ev.kind === 'decoded' ? ev.decoded : yield call(deps.decodeFrame, ev.raw);
    if (!heard(live, decoded.ok ? decoded.frame.op : undefined, deps.now())) continue;
    if (decoded.ok) yield put(actionForFrame(decoded.frame, ev.kind === 'decoded' ? ev.length : ev.raw.length));
    else if (decoded.error.reason === 'unknown-op' && decoded.error.op) yield put(wsUnknownOp({ op: decoded.error.op, data: decoded.error.data }));
    else yield put(connection.badFrame(decoded.error));
  }
}

/** The socket closed under a send: the session is over, and the send stays held for the next one. */
class ConnectionLost extends Error {}

function writer(ws: SocketLike, deps: SagaDeps): (action: WsSendAction) => void {
  return (action) => {
    if (ws.readyState !== SOCKET_OPEN) throw new ConnectionLost();
    const op: SendOp = opOfSend(action);
    // A send that must be recognised in the server's echo chose its msgId when it was made (msgIdOfSend).
    ws.send(encodeClientFrame(op, action.payload as SendMap[typeof op], deps.credentials.get(), msgIdOfSend(action) ?? deps.newMsgId()));
  };
}

function* hold(held: HeldSend[], action: WsSendAction): SagaIterator<void> {
  const s: RootState = yield select();
  held.push({ action, noteId: noteOfSend(action, s) });
}

/** While there is no connection: every send goes to the held list, with its note. Never returns. */
function* collectOffline(outbox: Channel<WsSendAction>, held: HeldSend[]): SagaIterator<void> {
  for (;;) {
    const action: WsSendAction = yield take(outbox);
    yield* hold(held, action);
  }
}

/** Runs `effect` while holding whatever is sent meanwhile. */
function* offline<T>(outbox: Channel<WsSendAction>, held: HeldSend[], effect: ReturnType<typeof call>): SagaIterator<T> {
  const r: { done: T } = yield race({ done: effect, hold: call(collectOffline, outbox, held) });
  return r.done;
}

/** The session's sending side: note list, held sends, the route's note, then whatever comes. */
function* pumpOutbox(ws: SocketLike, outbox: Channel<WsSendAction>, held: HeldSend[], deps: SagaDeps): SagaIterator<void> {
  const send = writer(ws, deps);
  let pending: WsSendAction | null = null;
  try {
    yield call(fetchListAfterOpen, send);
    const after: Attachment = yield call(replayHeld, send, deps, held);
    yield call(fetchRouteAfterOpen, send, after);
    for (;;) {
      pending = (yield take(outbox)) as WsSendAction;
      send(pending);
      pending = null;
    }
  } catch (e) {
    if (!(e instanceof ConnectionLost)) throw e;
    if (pending) yield* hold(held, pending);
  }
}

/** Runs one open socket until it closes or dies; returns whether the close was deliberate. */
export function* socketSession(ws: SocketLike, outbox: Channel<WsSendAction>, held: HeldSend[], deps: SagaDeps): SagaIterator<boolean> {
  const inbox: EventChannel<SocketEvent> = yield call(socketChannel, ws);
  const live = newLiveness(deps.now());
  let over = false;
  try {
    yield put(connection.opened());
    const winner: { code?: number; stop?: unknown; dead?: unknown } = yield race({
      code: call(readInbox, inbox, live, deps),
      pump: call(pumpOutbox, ws, outbox, held, deps),
      dead: call(keepalive, ws, deps, live),
      stop: take(connection.closeRequested.type),
    });
    over = true;
    if (winner.stop !== undefined) {
      ws.close(NORMAL_CLOSURE, 'closed by the user');
      yield put(connection.closed({ code: NORMAL_CLOSURE, deliberate: true }));
      return true;
    }
    if ('dead' in winner) {
      ws.close(NO_ANSWER_CLOSURE, 'no answer from the server');
      yield put(connection.closed({ code: NO_ANSWER_CLOSURE, deliberate: false }));
      return false;
    }
    const code = winner.code ?? ABNORMAL_CLOSURE;
    const deliberate = code === NORMAL_CLOSURE;
    yield put(connection.closed({ code, deliberate }));
    return deliberate;
  } finally {
    inbox.close();
    if (!over && (yield cancelled())) ws.close(NORMAL_CLOSURE, 'closed by the app');
  }
}

/** One open attempt, abandoned after OPEN_TIMEOUT_MS; null when it failed. */
function* openSocket(deps: SagaDeps): SagaIterator<SocketLike | null> {
  const attempt = new AbortController();
  try {
    const r: { ws?: SocketLike | null } = yield race({
      ws: call(deps.openSocket, deps.wsUrl, attempt.signal),
      timeout: call(deps.sleep, OPEN_TIMEOUT_MS),
    });
    return r.ws ?? null;
  } finally {
    // A socket that opened is the caller's; the signal only stops an attempt still waiting.
    attempt.abort();
  }
}

export function* socketSaga(deps: SagaDeps): SagaIterator<void> {
  const outbox: Channel<WsSendAction> = yield actionChannel(isQueuedSend, buffers.expanding<WsSendAction>(256));
  const held: HeldSend[] = [];
  let failures = 0;
  for (;;) {
    yield put(connection.connecting({ url: deps.wsUrl }));
    const ws: SocketLike | null = yield call(offline, outbox, held, call(openSocket, deps));
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
    yield call(offline, outbox, held, call(deps.sleep, delay));
  }
}
