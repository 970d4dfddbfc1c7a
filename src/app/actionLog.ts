/**
 * Records every action that reaches the store (inbound frames, outbound sends, user intents) with a sequence number
 * and a timestamp, in a bounded buffer. Each entry also remembers the state it was applied to (a reference: Redux
 * states share structure, so this costs little), so the state before the oldest kept entry is always at hand and
 * that state + the kept actions reproduce the current state.
 */
import { isAction, type Middleware, type UnknownAction } from '@reduxjs/toolkit';

export interface LogEntry {
  seq: number;
  at: number;
  action: UnknownAction;
}

interface Recorded<S> extends LogEntry {
  before: S;
}

export interface ActionLog<S> {
  middleware: Middleware;
  entries(): readonly LogEntry[];
  /** State before the oldest kept entry (the current state when the log is empty). */
  baseState(): S | undefined;
  types(): string[];
}

export const DEFAULT_ACTION_LOG_LIMIT = 5000;

export function createActionLog<S>(opts: { now?: () => number; limit?: number } = {}): ActionLog<S> {
  const now = opts.now ?? Date.now;
  const limit = opts.limit ?? DEFAULT_ACTION_LOG_LIMIT;
  // A ring buffer: no array shifting on the hot path of streamed output.
  const ring: (Recorded<S> | undefined)[] = new Array(limit);
  let seq = 0;
  let getState: (() => S) | null = null;

  const ordered = (): Recorded<S>[] => {
    const out: Recorded<S>[] = [];
    const count = Math.min(seq, limit);
    for (let i = seq - count; i < seq; i++) out.push(ring[i % limit] as Recorded<S>);
    return out;
  };

  const middleware: Middleware = (api) => (next) => (action) => {
    getState = api.getState as () => S;
    if (isAction(action)) {
      ring[seq % limit] = { seq, at: now(), action: action as UnknownAction, before: api.getState() as S };
      seq++;
    }
    return next(action);
  };

  return {
    middleware,
    entries: () => ordered().map(({ seq: n, at, action }) => ({ seq: n, at, action })),
    baseState: () => (seq === 0 ? getState?.() : (ring[(seq - Math.min(seq, limit)) % limit] as Recorded<S>).before),
    types: () => ordered().map((e) => e.action.type),
  };
}
