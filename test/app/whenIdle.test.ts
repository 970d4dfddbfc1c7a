/** @jest-environment node */
/** Work put off until the browser is idle, with and without requestIdleCallback (Safari has none). */
import { whenIdle, type IdleDeadline } from '../../src/app/whenIdle';

function timers() {
  const due = new Map<number, () => void>();
  let next = 1;
  return {
    due,
    setTimeout: (cb: () => void, ms: number) => {
      expect(ms).toBe(0);
      due.set(next, cb);
      return next++;
    },
    clearTimeout: (h: unknown) => void due.delete(h as number),
    fire: () => [...due.values()].forEach((cb) => cb()),
  };
}

test('with requestIdleCallback: the work waits for it, with its deadline and time-out, and can be cancelled', () => {
  const asked: { cb: (d: IdleDeadline) => void; timeout?: number }[] = [];
  const cancelled: number[] = [];
  const t = timers();
  const host = {
    ...t,
    requestIdleCallback: (cb: (d: IdleDeadline) => void, opts?: { timeout: number }) => asked.push({ cb, timeout: opts?.timeout }),
    cancelIdleCallback: (h: number) => void cancelled.push(h),
  };
  const got: number[] = [];
  const cancel = whenIdle((d) => got.push(d.timeRemaining()), 1000, host);
  expect(asked.map((a) => a.timeout)).toEqual([1000]);
  expect(got).toEqual([]);
  asked[0].cb({ timeRemaining: () => 12 });
  expect(got).toEqual([12]);
  cancel();
  expect(cancelled).toEqual([1]);
  expect(t.due.size).toBe(0);
});

test('without it (Safari): the work runs after a zero timer with no idle time left, and can be cancelled first', () => {
  const t = timers();
  const got: number[] = [];
  whenIdle((d) => got.push(d.timeRemaining()), 1000, t);
  expect(got).toEqual([]);
  t.fire();
  expect(got).toEqual([0]);

  const t2 = timers();
  const cancel = whenIdle(() => got.push(-1), 1000, t2);
  cancel();
  t2.fire();
  expect(got).toEqual([0]);
});
