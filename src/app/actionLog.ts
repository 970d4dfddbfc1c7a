/**
 * Records every action that reaches the store (inbound frames, outbound sends, user intents), for support staff:
 * bounded, redacted at capture, and checkable on replay.
 *
 * Notes:
 * - Memory: no entry keeps a state. The log keeps one start state (the state before its oldest entry), the actions,
 *   and every CHECKPOINT_EVERY actions a checkpoint: a checksum of the state and the delta from the previous
 *   checkpoint (stateDelta.ts: the changed paths only, streamed output as the appended text). Keeping a state per
 *   entry pinned a copy of every version of a growing output string.
 * - Bounds: at most `maxEntries` actions and `maxBytes` of actions and deltas (their JSON size). Over either, the
 *   oldest checkpoint's span is dropped and the start state moves to that checkpoint by applying its delta, so the
 *   log always replays from its start state to now. The user sees and changes the limits (saved in the browser).
 * - Each entry carries a digest of the state after it (stateHash.ts), so a replay can name the first action after
 *   which its state differs; the checkpoint checksums cover what the digest skips (long strings' contents).
 * - With `defer`, the work per action (redaction, size, digest, checkpoints) runs when the page is idle rather than
 *   inside the dispatch: a note of thousands of paragraphs is drawn first. The actions waiting for it keep the states
 *   before and after them, so when MAX_PENDING wait the dispatch works them in (within `taskBudget`, shared by every
 *   dispatch of the same task: the rest waits on, a bounded overrun), and every read does it first.
 *   Each idle callback works within its budget (workBudget.ts), so a large action's work is spread over several
 *   short tasks rather than one long one.
 * - Secrets are redacted at capture (redact.ts): entries, start state, checkpoints and the end state are all
 *   redacted, and checksums are taken of redacted states, so a replay of the file agrees with them.
 */
import { isAction, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from '../../slices/rootReducer';
import { DEFAULT_ACTION_LOG_LIMITS, type ActionLogLimits, type ActionLogStats } from '../../slices/ui';
import { frameLengthOf } from '../../slices/wsActions';
import { createJsonSizer, type JsonSizer } from './jsonSize';
import { createRedactor, type Redactor } from './redact';
import { diffState, applyDelta, type Change } from './stateDelta';
import { createHasher, type StateHasher } from './stateHash';
import { isOutOfTime, type WorkBudget } from './workBudget';

export interface LogEntry {
  seq: number;
  at: number;
  /** The action as recorded: secrets redacted. */
  action: UnknownAction;
  /** Digest of the (redacted) state after this action. */
  digest: number;
  bytes: number;
}

export interface Checkpoint {
  /** Sequence number of the last action the checkpoint's state includes. */
  seq: number;
  checksum: number;
  /** From the previous checkpoint's state (or the start state) to this one's. */
  delta: Change | undefined;
  bytes: number;
}

export interface ActionLog<S> {
  middleware: Middleware;
  entries(): readonly LogEntry[];
  /** State before the oldest kept entry, redacted (the current state when the log is empty). */
  baseState(): S | undefined;
  checkpoints(): readonly Checkpoint[];
  /** The store's state now, redacted. */
  currentState(): S | undefined;
  types(): string[];
  stats(): ActionLogStats;
  setLimits(limits: ActionLogLimits): void;
}

/** Actions between two checkpoints: the granularity of eviction and of replay checks. */
export const CHECKPOINT_EVERY = 100;

/** Actions whose log work may wait for an idle moment; each keeps its states alive until then. */
const MAX_PENDING = 16;

/** What the log keeps of an action once its work is done. */
interface Worked {
  action: UnknownAction;
  bytes: number;
  digest: number;
  /** Set on every CHECKPOINT_EVERY-th action. */
  checkpoint?: { state: unknown; delta: Change | undefined; checksum: number; bytes: number };
}

/** An action taken but not yet worked into the log: as dispatched, with the state it met and the state it left. */
interface Pending {
  entry: LogEntry;
  action: UnknownAction;
  before: RootState;
  after?: unknown;
  /** The steps done so far: a step cut short by its budget is done again, past what its walk remembers. */
  done: Partial<Worked> & { state?: unknown; delta?: { change: Change | undefined }; checksum?: number; deltaBytes?: number };
}

interface Tools {
  redactor: Redactor;
  sizer: JsonSizer;
  digester: StateHasher;
  checksummer: StateHasher;
}

/**
 * The log's work for one action, step by step (redaction, size, digest, and at a checkpoint the delta from
 * `previous`, the checksum and the delta's size). Each step's result is kept on the pending action, so when the
 * budget runs out (OUT_OF_TIME) the next idle callback goes on from the step it stopped in. An inbound frame is
 * counted by its text's length, which the socket saga knows: writing a frame of megabytes out again cost most of
 * this work.
 */
function workOut(p: Pending, t: Tools, every: number, previous: unknown, budget?: WorkBudget): Worked {
  const d = p.done;
  d.action ??= t.redactor.action(p.action, p.before, budget);
  d.bytes ??= frameLengthOf(p.action) ?? t.sizer.size(d.action, budget);
  d.state ??= t.redactor.state(p.after, budget);
  d.digest ??= t.digester.hash(d.state, budget);
  const worked: Worked = { action: d.action, bytes: d.bytes, digest: d.digest };
  if ((p.entry.seq + 1) % every !== 0) return worked;
  d.delta ??= { change: diffState(previous, d.state) };
  d.checksum ??= t.checksummer.hash(d.state, budget);
  d.deltaBytes ??= t.sizer.size(d.delta.change, budget);
  return { ...worked, checkpoint: { state: d.state, delta: d.delta.change, checksum: d.checksum, bytes: d.deltaBytes } };
}

/**
 * Actions taken and not yet worked into the log. The open one still waits for its resulting state: a saga reacting to
 * an action dispatches the next one before the first dispatch returns, so an entry is finished either when the next
 * action arrives (the state then is the state after it) or when its own dispatch returns, whichever comes first.
 * Finished ones are worked in at once, or later through `defer` (at most MAX_PENDING wait), or by `settle`: a read
 * while an action is still being dispatched (the download saga runs inside its own action's dispatch) finishes the
 * open one with the state now, since nothing can have changed it but another action. Deferred work runs within the
 * budget its idle callback gives; what is left waits for the next one. A full queue is worked in by the dispatch
 * within `taskBudget`: a page too busy to be idle (a note being drawn, then left) would otherwise pay for a large
 * NOTE's work in one long task at its 17th action.
 */
function createQueue(
  work: (p: Pending, budget?: WorkBudget) => void, getState: () => (() => unknown) | null, defer?: Defer, taskBudget?: () => WorkBudget,
) {
  let open: Pending | null = null;
  const pending: Pending[] = [];
  let scheduled = false;
  const schedule = (): void => {
    if (scheduled || !defer) return;
    scheduled = true;
    defer((budget) => {
      scheduled = false;
      settle(budget);
    });
  };
  const drain = (budget?: WorkBudget): void => {
    while (pending.length > 0 && pending[0] !== open) {
      try {
        work(pending[0], budget);
      } catch (e) {
        if (isOutOfTime(e)) return schedule();
        // A failure is not retried forever: the action is left out of the log.
        pending.shift();
        throw e;
      }
      pending.shift();
    }
  };
  function settle(budget?: WorkBudget): void {
    const current = getState();
    if (open && current) finish(current());
    if (open === null) drain(budget);
  }
  function finish(state: unknown): void {
    if (!open) return;
    open.after = state;
    open = null;
    if (!defer) drain();
    else if (pending.length >= MAX_PENDING) drain(taskBudget?.());
    else schedule();
  }
  return {
    take(p: Pending): Pending {
      pending.push(p);
      open = p;
      return p;
    },
    isOpen: (p: Pending): boolean => open === p,
    finish,
    settle: (): void => settle(),
  };
}

/** Runs the work later, with the budget of the moment it runs in (none: the work runs to its end). */
type Defer = (work: (budget?: WorkBudget) => void) => void;

export function createActionLog<S = RootState>(opts: {
  now?: () => number; limits?: ActionLogLimits; checkpointEvery?: number;
  /** Runs `work` later (when the page is idle); without it, every action is logged inside its dispatch. */
  defer?: Defer;
  /** The budget of the current task, for a dispatch that finds the deferred queue full; without it, no limit. */
  taskBudget?: () => WorkBudget;
} = {}): ActionLog<S> {
  const now = opts.now ?? Date.now;
  const every = opts.checkpointEvery ?? CHECKPOINT_EVERY;
  let limits = opts.limits ?? DEFAULT_ACTION_LOG_LIMITS;
  const redactor = createRedactor();
  const tools: Tools = { redactor, sizer: createJsonSizer(), digester: createHasher(false), checksummer: createHasher(true) };
  // Entries from `head` on are kept; the array is compacted now and then rather than shifted per eviction.
  let list: LogEntry[] = [];
  let head = 0;
  let cps: Checkpoint[] = [];
  let bytes = 0;
  let seq = 0;
  let base: unknown;
  let lastCheckpointState: unknown;
  let getState: (() => unknown) | null = null;

  const count = () => list.length - head;

  /** Drops the oldest checkpoint's span; false when only the open span is left. */
  function evictOldest(): boolean {
    const cp = cps[0];
    if (!cp) return false;
    while (head < list.length && list[head].seq <= cp.seq) {
      bytes -= list[head].bytes;
      head++;
    }
    base = applyDelta(base, cp.delta);
    bytes -= cp.bytes;
    cps = cps.slice(1);
    if (head > 4096 && head * 2 > list.length) {
      list = list.slice(head);
      head = 0;
    }
    return true;
  }

  function enforce(): void {
    while ((count() > limits.maxEntries || bytes > limits.maxBytes) && evictOldest());
  }

  const queue = createQueue((p, budget) => {
    const worked = workOut(p, tools, every, lastCheckpointState, budget);
    Object.assign(p.entry, { action: worked.action, bytes: worked.bytes, digest: worked.digest });
    bytes += worked.bytes;
    const cp = worked.checkpoint;
    if (cp) {
      cps.push({ seq: p.entry.seq, checksum: cp.checksum, delta: cp.delta, bytes: cp.bytes });
      bytes += cp.bytes;
      lastCheckpointState = cp.state;
    }
    enforce();
  }, () => getState, opts.defer, opts.taskBudget);

  const middleware: Middleware = (api) => (next) => (action) => {
    getState = api.getState;
    if (!isAction(action)) return next(action);
    const before = api.getState() as RootState;
    queue.finish(before);
    if (base === undefined) {
      base = redactor.state(before);
      lastCheckpointState = base;
    }
    // Until its work is done, the entry holds no action: only the redacted copy is ever handed out.
    const entry: LogEntry = { seq: seq++, at: now(), action: { type: '' }, digest: 0, bytes: 0 };
    list.push(entry);
    const taken = queue.take({ entry, action: action as UnknownAction, before, done: {} });
    const result = next(action);
    if (queue.isOpen(taken)) queue.finish(api.getState());
    return result;
  };

  const settled = queue.settle;
  const kept = () => {
    settled();
    return list.slice(head);
  };

  return {
    middleware,
    entries: kept,
    baseState: () => (base ?? (getState ? redactor.state(getState()) : undefined)) as S | undefined,
    checkpoints: () => {
      settled();
      return cps;
    },
    currentState: () => (getState ? redactor.state(getState()) : undefined) as S | undefined,
    types: () => kept().map((e) => e.action.type),
    stats: () => {
      settled();
      return {
        entries: count(), bytes, limits,
        oldestAt: count() > 0 ? list[head].at : null,
      };
    },
    setLimits(next) {
      settled();
      limits = next;
      enforce();
    },
  };
}
