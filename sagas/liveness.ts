/**
 * Noticing a connection that died without a close (a stopped server, a dropped network): the browser keeps such a
 * socket "open" for minutes, so the page would say "Connected" while nothing arrives.
 *
 * Notes:
 * - Our server answers every PING with PONG (docs/protocol.md 1.6), so a healthy connection hears something at
 *   least every ping interval. A Zeppelin server never answers PING; once a PING has gone unanswered for a whole
 *   interval, a quiet connection is probed with LIST_CONFIGURATIONS, which Zeppelin always answers.
 * - The probe's answer is liveness, not app data: it is consumed here and never reaches the store or the action log
 *   (a day of probes would fill the log). An answer the app asked for itself still goes through, since the number
 *   of probes awaiting an answer is counted.
 * - Any inbound frame counts as a sign of life. Silence longer than LIVENESS_TIMEOUT_MS ends the session.
 */
import type { SagaIterator } from 'redux-saga';
import { call } from 'redux-saga/effects';
import { encodeClientFrame, type SendOp } from '../protocol';
import { SOCKET_OPEN, type SagaDeps, type SocketLike } from './deps';

/** Silence after which a connection counts as dead: well inside 30 s, and above the ping interval plus a probe. */
export const LIVENESS_TIMEOUT_MS = 25_000;

/** What a Zeppelin server answers on any connection, attached to a note or not, without a permission check. */
export const PROBE_OP: SendOp = 'LIST_CONFIGURATIONS';
const PROBE_ANSWER = 'CONFIGURATIONS_INFO';

export interface Liveness {
  /** When the last frame arrived (or the socket opened). */
  heardAt: number;
  /** PONGs received on this connection: our server answers PING. */
  pongs: number;
  /** Probes sent and not answered yet. */
  probesAwaited: number;
}

export const newLiveness = (now: number): Liveness => ({ heardAt: now, pongs: 0, probesAwaited: 0 });

/**
 * Records an inbound frame; returns false when the frame is only a sign of life (PONG, a probe's answer) and
 * must not become an action.
 */
export function heard(live: Liveness, op: string | undefined, now: number): boolean {
  live.heardAt = now;
  if (op === 'PONG') {
    live.pongs++;
    return false;
  }
  if (op === PROBE_ANSWER && live.probesAwaited > 0) {
    live.probesAwaited--;
    return false;
  }
  return true;
}

function sendRaw(ws: SocketLike, deps: SagaDeps, op: SendOp): void {
  if (ws.readyState === SOCKET_OPEN) ws.send(encodeClientFrame(op, {}, deps.credentials.get(), deps.newMsgId()));
}

/**
 * PING every interval (straight to the socket, not through the log); a probe when a Zeppelin server has been quiet;
 * returns when the connection has been silent for LIVENESS_TIMEOUT_MS.
 */
export function* keepalive(ws: SocketLike, deps: SagaDeps, live: Liveness): SagaIterator<void> {
  const interval = deps.pingIntervalMs;
  let nextPing = deps.now() + interval;
  let pings = 0;
  for (;;) {
    const deadline = live.heardAt + LIVENESS_TIMEOUT_MS;
    yield call(deps.sleep, Math.max(0, Math.min(nextPing, deadline) - deps.now()));
    const now = deps.now();
    if (now >= live.heardAt + LIVENESS_TIMEOUT_MS) return;
    if (now < nextPing) continue;
    nextPing += interval;
    sendRaw(ws, deps, 'PING');
    pings++;
    // After a whole interval without a PONG this is not our server; half an interval of quiet earns a probe.
    if (pings >= 2 && live.pongs === 0 && now - live.heardAt >= interval / 2) {
      live.probesAwaited++;
      sendRaw(ws, deps, PROBE_OP);
    }
  }
}
