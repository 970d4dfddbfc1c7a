/**
 * Replays a recorded action log through the real reducers, with no saga middleware (so `ws/send/*` actions only
 * update state, and nothing is sent). States are recomputed from checkpoints, so stepping backwards in a long log
 * stays fast.
 */
import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import type { ParsedActionLog } from './devtools';
import { rootReducer, type RootState } from '../../slices/rootReducer';

const CHECKPOINT_EVERY = 200;

export interface Replay {
  readonly length: number;
  /** State after the first `step` actions (step 0 = the state before the log). */
  stateAt(step: number): RootState;
  actionAt(index: number): UnknownAction;
}

const reduce = rootReducer as (s: RootState | undefined, a: UnknownAction) => RootState;

export function createReplay(log: ParsedActionLog): Replay {
  const start = reduce(log.preloadedState as RootState | undefined, { type: '@@replay/INIT' });
  const checkpoints: RootState[] = [start];
  let known = 0;
  function ensureCheckpoint(k: number): void {
    while (known < k) {
      let s = checkpoints[known];
      const from = known * CHECKPOINT_EVERY;
      for (let i = from; i < from + CHECKPOINT_EVERY; i++) s = reduce(s, log.actions[i]);
      checkpoints.push(s);
      known++;
    }
  }
  return {
    length: log.actions.length,
    stateAt(step: number): RootState {
      const n = Math.max(0, Math.min(step, log.actions.length));
      const k = Math.floor(n / CHECKPOINT_EVERY);
      ensureCheckpoint(k);
      let s = checkpoints[k];
      for (let i = k * CHECKPOINT_EVERY; i < n; i++) s = reduce(s, log.actions[i]);
      return s;
    },
    actionAt: (index) => log.actions[index],
  };
}

/** A store that shows replayed states: the real reducer, plus a jump action that sets the whole state. */
export const REPLAY_JUMP = '@@replay/JUMP';

export function makeReplayStore(initial: RootState) {
  const reducer = (state: RootState | undefined, action: UnknownAction): RootState =>
    action.type === REPLAY_JUMP ? (action.payload as RootState) : reduce(state, action);
  return configureStore({
    reducer,
    preloadedState: initial,
    middleware: (gDM) => gDM({ thunk: false, serializableCheck: false, immutableCheck: false }),
    devTools: false,
  });
}
