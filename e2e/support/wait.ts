/**
 * Waits for a condition, polling; fails with the last value after `timeoutMs`. Never a fixed sleep. The default
 * bound is generous because a busy machine (the suite in parallel workers, other work beside it) can be slow; it
 * only decides when to give up on a condition that never comes. The pause between reads grows from 25 ms to 200 ms:
 * a read is a round trip to the browser, and a test waiting many seconds on an interpreter should leave the cores to
 * the other test workers rather than read 40 times a second.
 */
export async function waitUntil<T>(read: () => T | Promise<T>, ok: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  let pause = 25;
  while (!ok(last)) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, pause));
    pause = Math.min(200, pause * 2);
    last = await read();
  }
  return last;
}
