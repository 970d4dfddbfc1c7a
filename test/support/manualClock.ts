/** A clock the test advances by hand: sagas sleep on it, and nothing waits on real time. */
export interface ManualClock {
  now(): number;
  sleep(ms: number): Promise<void>;
  advance(ms: number): Promise<void>;
  pending(): number[];
}

/** Lets every promise and saga step that is ready run, until the sagas block again. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((r) => setImmediate(r));
}

export function manualClock(start = 0): ManualClock {
  let now = start;
  const timers: { at: number; wake: () => void }[] = [];
  return {
    now: () => now,
    sleep: (ms) => new Promise<void>((wake) => { timers.push({ at: now + ms, wake }); }),
    async advance(ms) {
      const target = now + ms;
      await settle();
      // Wake timers in time order, letting the sagas react between them (a woken saga may set a new timer).
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > target) break;
        timers.shift();
        now = next.at;
        next.wake();
        await settle();
      }
      now = target;
      await settle();
    },
    pending: () => timers.map((t) => t.at - now),
  };
}
