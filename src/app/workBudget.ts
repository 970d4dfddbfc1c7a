/**
 * A time budget for work done in the page's idle time. The action log's walks (redaction, sizes, hashes) check it
 * per object they have not seen before and stop by throwing OUT_OF_TIME; since every walk remembers what it finished
 * by identity, the next idle callback starts again from the top and passes the finished parts at the cost of a lookup.
 */
export interface WorkBudget {
  /**
   * True once the work should stop and wait for the next idle callback. `weight`: how many objects' worth of work
   * the caller is about to do at once (a piece of a long string counts as many).
   */
  spent(weight?: number): boolean;
}

/** Thrown by a walk whose budget is spent; caught by whoever scheduled the work, which schedules it again. */
export const OUT_OF_TIME = Symbol('out of time');

export const isOutOfTime = (e: unknown): boolean => e === OUT_OF_TIME;

/** Checks `budget` and stops the walk when it is spent. */
export function checkBudget(budget: WorkBudget | undefined, weight = 1): void {
  if (budget?.spent(weight)) throw OUT_OF_TIME;
}

/** Longest slice of idle work: a browser counts a task over 50 ms as long, and the page must still answer input. */
export const IDLE_SLICE_MS = 40;
/** Even an idle callback run on its timeout (no idle time left) gets this much, so the work always moves on. */
const MIN_SLICE_MS = 8;
/** Reading the clock per object would cost more than the walk; objects are cheap, so check every few. */
const CHECK_EVERY = 64;

/** Characters of a long string read at once between two checks of the budget (see longStrings.ts). */
export const STRING_PIECE = 1 << 16;

/** What reading one STRING_PIECE counts for: enough that the clock is read after every piece. */
export const PIECE_WEIGHT = CHECK_EVERY;

const until = (end: number, now: () => number): WorkBudget => {
  let calls = 0;
  return {
    spent: (weight = 1) => {
      calls += weight;
      if (calls < CHECK_EVERY) return false;
      calls = 0;
      return now() > end;
    },
  };
};

const clock = (): number => performance.now();

/** The budget of one idle callback: its idle time, at least MIN_SLICE_MS and at most IDLE_SLICE_MS. */
export function idleBudget(deadline: { timeRemaining(): number }, now: () => number = clock): WorkBudget {
  return until(now() + Math.min(IDLE_SLICE_MS, Math.max(MIN_SLICE_MS, deadline.timeRemaining())), now);
}

/**
 * One IDLE_SLICE_MS budget per task, shared by every call in it: many dispatches in one task (a route change) must
 * not each get a slice of their own. A timeout marks the task's end.
 */
export function perTaskBudget(now: () => number = clock): () => WorkBudget {
  let current: WorkBudget | null = null;
  return () => {
    if (!current) {
      current = until(now() + IDLE_SLICE_MS, now);
      setTimeout(() => { current = null; }, 0);
    }
    return current;
  };
}
