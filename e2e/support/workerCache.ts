/**
 * What the browser tests of one jest worker share from file to file, so that a browser launched for the next file
 * starts warm: one loopback port for the file's server, and one Chromium disk cache, which holds the HTTP cache and
 * V8's code cache. Chromium keys compiled code by the script's URL, port included, and keeps it only for a script
 * answered from the HTTP cache; with both shared, a file's first note page costs about 1.3–1.6 CPU-s instead of 2.
 * Browsers stay separate: each launch still gets a fresh profile (cookies, storage, permissions).
 *
 * Outside jest (the benchmarks) nothing is shared: the port is any free one and each browser keeps its own cache.
 */
import fs from 'fs';
import net from 'net';
import os from 'os';
import path from 'path';

/**
 * Below Linux's ephemeral range (32768–60999), so the kernel never hands one of them to a `listen(0)` or an
 * outgoing connection of another test.
 */
const WORKER_PORT_BASE = 24100;

const workerId = (): number | undefined => {
  const id = Number(process.env.JEST_WORKER_ID);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/** Resolves whether a loopback port can be listened on right now. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * This worker's port when it is free, else 0 (any port). A second server running at the same time, or another test
 * run on the machine holding the port, gets another one and only misses the shared cache.
 */
export async function workerPort(): Promise<number> {
  const id = workerId();
  if (id === undefined) return 0;
  const port = WORKER_PORT_BASE + id;
  return (await portIsFree(port)) ? port : 0;
}

/** A claimed cache folder: released when its browser has closed. */
export interface CacheClaim {
  dir: string;
  release(): void;
}

/**
 * A disk cache folder of this worker that no open browser uses (two Chromium processes must never share one), under
 * the run's temp folder, or undefined outside jest. The claim is a lock file made with O_EXCL: a browser a failed
 * file left open keeps its folder, and the next launch takes the next one.
 */
export function claimDiskCache(): CacheClaim | undefined {
  const id = workerId();
  if (id === undefined) return undefined;
  for (let slot = 0; ; slot++) {
    const dir = path.join(os.tmpdir(), `zeppelin-chromium-cache-${id}-${slot}`);
    const lock = `${dir}.lock`;
    try {
      fs.closeSync(fs.openSync(lock, 'wx'));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw e;
    }
    fs.mkdirSync(dir, { recursive: true });
    return { dir, release: () => fs.rmSync(lock, { force: true }) };
  }
}
