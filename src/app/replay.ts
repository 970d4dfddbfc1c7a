/**
 * Replays a recorded action log through the real reducers, with no saga middleware (so `ws/send/*` actions only
 * update state, and nothing is sent), and checks it against what was recorded.
 *
 * Notes:
 * - States are recomputed from stepping points, so stepping backwards in a long log stays fast.
 * - Checking: after every action the replayed state's digest is compared with the recorded one, and at every
 *   checkpoint its full checksum. The expected state at a checkpoint is the start state with the checkpoints'
 *   deltas applied, so at the first difference the page can show what was expected next to what the replay has.
 * - The replay store has its own reducer and no middleware: views mounted on it dispatch into it alone.
 */
import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import type { ParsedActionLog } from './devtools';
import { createRedactor } from './redact';
import { applyDelta } from './stateDelta';
import { createHasher, hashText } from './stateHash';
import { deepEqual } from './deepEqual';
import { rootReducer, type RootState } from '../../slices/rootReducer';

const STEP_CACHE_EVERY = 200;

export interface Replay {
  readonly length: number;
  /** State after the first `step` actions (step 0 = the state before the log). */
  stateAt(step: number): RootState;
  actionAt(index: number): UnknownAction;
}

const reduce = rootReducer as (s: RootState | undefined, a: UnknownAction) => RootState;

const startState = (log: ParsedActionLog): RootState => reduce(log.preloadedState as RootState | undefined, { type: '@@replay/INIT' });

export function createReplay(log: ParsedActionLog): Replay {
  const cached: RootState[] = [startState(log)];
  let known = 0;
  function ensureCached(k: number): void {
    while (known < k) {
      let s = cached[known];
      const from = known * STEP_CACHE_EVERY;
      for (let i = from; i < from + STEP_CACHE_EVERY; i++) s = reduce(s, log.actions[i]);
      cached.push(s);
      known++;
    }
  }
  return {
    length: log.actions.length,
    stateAt(step: number): RootState {
      const n = Math.max(0, Math.min(step, log.actions.length));
      const k = Math.floor(n / STEP_CACHE_EVERY);
      ensureCached(k);
      let s = cached[k];
      for (let i = k * STEP_CACHE_EVERY; i < n; i++) s = reduce(s, log.actions[i]);
      return s;
    },
    actionAt: (index) => log.actions[index],
  };
}

export interface Divergence {
  /** The first action (0-based) after which the replayed state differs from the recorded one. */
  index: number;
  /** Where the expected state is known (a checkpoint, or the end): the number of actions applied there. */
  comparedAt: number;
  expected: unknown;
  replayed: unknown;
}

export interface Verification {
  /** Checkpoints (and the end state) compared. */
  checked: number;
  /** Whether the file has digests and checkpoints at all (older files only have the end state). */
  checkpointed: boolean;
  divergence: Divergence | null;
}

/** Replays the whole log, stopping at the first checkpoint (or the end) that shows a difference. */
export function verifyReplay(log: ParsedActionLog): Verification {
  const redactor = createRedactor();
  const digester = createHasher(false);
  const checksummer = createHasher(true);
  const byIndex = new Map(log.checkpoints.map((c) => [c.index, c]));
  let state = startState(log);
  let expected: unknown = log.preloadedState;
  let firstOff: number | null = null;
  let checked = 0;
  for (let i = 0; i < log.actions.length; i++) {
    state = reduce(state, log.actions[i]);
    const recorded = log.entries[i]?.digest;
    const cp = byIndex.get(i + 1);
    if (recorded === undefined && !cp) continue;
    const seen = redactor.state(state);
    if (firstOff === null && recorded !== undefined && hashText(digester.hash(seen)) !== recorded) firstOff = i;
    if (!cp) continue;
    expected = applyDelta(expected, cp.delta);
    checked++;
    if (firstOff !== null || hashText(checksummer.hash(seen)) !== cp.checksum) {
      return { checked, checkpointed: true, divergence: { index: firstOff ?? i, comparedAt: i + 1, expected, replayed: seen } };
    }
  }
  const checkpointed = log.checkpoints.length > 0 || log.entries.some((e) => e.digest !== undefined);
  if (log.finalState === undefined) return { checked, checkpointed, divergence: null };
  const end = redactor.state(state);
  checked++;
  const same = log.finalChecksum !== undefined
    ? hashText(checksummer.hash(end)) === log.finalChecksum
    : deepEqual(JSON.parse(JSON.stringify(end)), log.finalState);
  if (same && firstOff === null) return { checked, checkpointed, divergence: null };
  const last = log.actions.length - 1;
  return { checked, checkpointed, divergence: { index: firstOff ?? last, comparedAt: log.actions.length, expected: log.finalState, replayed: end } };
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
