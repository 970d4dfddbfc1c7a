/**
 * Records every action that reaches the store (inbound frames, outbound sends, user intents) with a sequence number
 * and a timestamp, in a bounded buffer. When the buffer drops its oldest entry, the dropped action is folded into
 * `baseState` with the real reducer, so `baseState` + the kept actions always reproduce the current state.
 */
import { isAction, type Middleware, type Reducer, type UnknownAction } from '@reduxjs/toolkit';

export interface LogEntry {
  seq: number;
  at: number;
  action: UnknownAction;
}

export interface ActionLog<S> {
  middleware: Middleware;
  entries(): readonly LogEntry[];
  /** State before the oldest kept entry. */
  baseState(): S | undefined;
  types(): string[];
  clear(state: S): void;
}

export const DEFAULT_ACTION_LOG_LIMIT = 5000;

export function createActionLog<S>(reducer: Reducer<S, UnknownAction>, opts: { now?: () => number; limit?: number } = {}): ActionLog<S> {
  const now = opts.now ?? Date.now;
  const limit = opts.limit ?? DEFAULT_ACTION_LOG_LIMIT;
  const buffer: LogEntry[] = [];
  let seq = 0;
  let base: S | undefined;
  let baseTaken = false;

  const middleware: Middleware = (api) => (next) => (action) => {
    if (!baseTaken) {
      base = api.getState() as S;
      baseTaken = true;
    }
    if (isAction(action)) {
      buffer.push({ seq: seq++, at: now(), action: action as UnknownAction });
      if (buffer.length > limit) {
        const dropped = buffer.shift() as LogEntry;
        base = reducer(base, dropped.action);
      }
    }
    return next(action);
  };

  return {
    middleware,
    entries: () => buffer,
    baseState: () => base,
    types: () => buffer.map((e) => e.action.type),
    clear(state: S) {
      buffer.length = 0;
      base = state;
      baseTaken = true;
    },
  };
}
