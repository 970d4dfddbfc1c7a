/**
 * The grace period after a stop request (a cancel's SIGINT to a runner, a cancel sent to a database), at whose end
 * the caller gives up on what it stopped. `decide` runs once `ms` have passed, but only after the event loop's next
 * read of I/O (setImmediate): when this process was held past the grace (a loaded machine), Node runs due timers
 * before it reads pending I/O, and the answer that the stop took effect may be waiting there.
 */
export function afterGrace(ms: number, decide: () => void): NodeJS.Timeout {
  return setTimeout(() => setImmediate(decide), ms);
}
