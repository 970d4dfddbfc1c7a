/**
 * Work put off until the browser is idle. Safari has no requestIdleCallback: there the work runs after a zero timer,
 * told that no idle time is left (callers that slice their work then take their smallest slice).
 */
export interface IdleDeadline {
  timeRemaining(): number;
}

interface IdleHost {
  requestIdleCallback?: (cb: (d: IdleDeadline) => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  setTimeout(cb: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const NO_IDLE_TIME: IdleDeadline = { timeRemaining: () => 0 };

/** Runs `work` when the browser is next idle, or after `timeoutMs` at the latest; returns what cancels it. */
export function whenIdle(work: (deadline: IdleDeadline) => void, timeoutMs: number, host: IdleHost = globalThis as unknown as IdleHost): () => void {
  const { requestIdleCallback: request, cancelIdleCallback: cancel } = host;
  if (typeof request === 'function' && typeof cancel === 'function') {
    const handle = request.call(host, work, { timeout: timeoutMs });
    return () => cancel.call(host, handle);
  }
  const timer = host.setTimeout(() => work(NO_IDLE_TIME), 0);
  return () => host.clearTimeout(timer);
}
