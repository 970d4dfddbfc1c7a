/**
 * Reconnect delays: exponential from BASE, capped at CAP, with jitter so that many tabs reconnecting after a
 * server restart do not arrive together. `attempt` counts from 1.
 */
export const RECONNECT_BASE_MS = 500;
export const RECONNECT_CAP_MS = 30_000;

export function backoffMs(attempt: number, random: () => number): number {
  const exp = Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt - 1));
  // Half fixed, half random: never zero (no hot loop) and never above the cap.
  return Math.round(exp / 2 + random() * (exp / 2));
}
