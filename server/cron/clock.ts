/** Time for the scheduler, injectable so tests fire schedules without waiting. */
export interface TimerHandle {
  cancel(): void;
}

export interface Clock {
  now(): number;
  /** Calls `fn` once, `delayMs` from now. */
  setTimer(fn: () => void, delayMs: number): TimerHandle;
}

// setTimeout fires at once for delays over 2^31-1 ms (~24.8 days); a yearly schedule waits in steps instead.
const MAX_DELAY = 2 ** 31 - 1;

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(fn, delayMs) {
    const due = Date.now() + delayMs;
    let timer: NodeJS.Timeout;
    const wait = (ms: number): void => {
      timer = setTimeout(tick, Math.min(Math.max(ms, 0), MAX_DELAY));
      // A schedule alone must not keep the process alive.
      timer.unref();
    };
    const tick = (): void => {
      const left = due - Date.now();
      if (left > 0) wait(left);
      else fn();
    };
    wait(delayMs);
    return { cancel: () => clearTimeout(timer) };
  },
};
