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

/**
 * Test-only: a clock that runs `factor` times faster than the wall clock from the moment it is made, so a browser
 * test sees a one-minute schedule fire within seconds. Its `now()` is fake time; never use it outside tests.
 */
export function scaledClock(factor: number): Clock {
  const origin = Date.now();
  const now = (): number => origin + (Date.now() - origin) * factor;
  return {
    now,
    setTimer(fn, delayMs) {
      const timer = setTimeout(fn, Math.max(0, delayMs / factor));
      timer.unref();
      return { cancel: () => clearTimeout(timer) };
    },
  };
}
