/**
 * A clock the test advances by hand: sagas sleep on it, and nothing waits on real time.
 *
 * Settling is explicit: every injected dependency (the clock's timers, the fake sockets, REST, clipboard, …) and the
 * store report to one activity tracker, and `settle()` lets the promise queue run one macrotask turn at a time until
 * a whole turn passes with no dispatch, no timer set or woken, no frame moved and no fake call still in flight.
 * A saga that keeps itself busy forever (a loop without a sleep) makes `settle()` fail instead of hanging.
 */
export interface Activity {
  /** Something happened (an action, a timer, a frame): the sagas may have more to do. */
  bump(): void;
  /** Tracks an injected asynchronous call until it settles. */
  track<T>(p: Promise<T>): Promise<T>;
  /** Resolves once the sagas and every tracked call have gone quiet. */
  settle(): Promise<void>;
}

/** More turns than any test needs; reaching it means the sagas never went quiet. */
const MAX_TURNS = 10_000;

// jsdom has no setImmediate; a zero timeout is a macrotask there too.
const nextTurn = () => new Promise<void>((r) => (typeof setImmediate === 'function' ? setImmediate(r) : setTimeout(r, 0)));

export function activityTracker(): Activity {
  let events = 0;
  let inFlight = 0;
  return {
    bump() {
      events++;
    },
    track<T>(p: Promise<T>): Promise<T> {
      inFlight++;
      events++;
      const done = () => {
        inFlight--;
        events++;
      };
      p.then(done, done);
      return p;
    },
    async settle() {
      for (let turn = 0; turn < MAX_TURNS; turn++) {
        const seen = events;
        // One macrotask turn: every promise chain that is ready runs to its end before it.
        await nextTurn();
        if (events === seen && inFlight === 0) return;
      }
      throw new Error(`the sagas did not go quiet within ${MAX_TURNS} turns (${inFlight} injected calls in flight)`);
    },
  };
}

export interface ManualClock {
  now(): number;
  sleep(ms: number): Promise<void>;
  advance(ms: number): Promise<void>;
  pending(): number[];
  activity: Activity;
}

export function manualClock(start = 0, activity: Activity = activityTracker()): ManualClock {
  let now = start;
  const timers: { at: number; wake: () => void }[] = [];
  return {
    now: () => now,
    sleep: (ms) => new Promise<void>((wake) => {
      activity.bump();
      timers.push({ at: now + ms, wake });
    }),
    async advance(ms) {
      const target = now + ms;
      await activity.settle();
      // Wake timers in time order, letting the sagas react between them (a woken saga may set a new timer).
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > target) break;
        timers.shift();
        now = next.at;
        next.wake();
        activity.bump();
        await activity.settle();
      }
      now = target;
      await activity.settle();
    },
    pending: () => timers.map((t) => t.at - now),
    activity,
  };
}
