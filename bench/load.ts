/**
 * Load benchmark: `npx tsx bench/load.ts`. One big output must not stall everyone else: while 100 watchers
 * receive a `%sh seq 200000` run (about 1.3 MB, with the output limit raised to 20 MB), `GET /api/version` is
 * timed back to back. Baseline, same run: the same requests to the same server while it is idle.
 * Goals: p95 <= 50 ms and max <= 250 ms during the stream; every watcher gets every line.
 *
 * The server and the watchers run in child processes, so only the server's own event loop is measured.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';

const WATCHERS = 100;
const LINES = 200_000;
const OUTPUT_LIMIT = 20 * 1024 * 1024;
const IDLE_REQUESTS = 300;
const GOALS = { p95Ms: 50, maxMs: 250 };

type Latency = { n: number; p50: number; p95: number; max: number };
const round = (n: number): number => Math.round(n * 100) / 100;

function latency(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { n: sorted.length, p50: round(at(0.5)), p95: round(at(0.95)), max: round(sorted[sorted.length - 1]) };
}

function child(script: string, args: string[]): ChildProcessWithoutNullStreams {
  // stderr is inherited: the server's warnings show in the benchmark's output.
  return spawn(process.execPath, ['--import', 'tsx', join(__dirname, script), ...args], { stdio: ['pipe', 'pipe', 'inherit'] }) as unknown as ChildProcessWithoutNullStreams;
}

/** The child's next stdout line that `accept` takes. */
function nextLine(p: ChildProcessWithoutNullStreams, accept: (line: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: p.stdout });
    lines.on('line', (line) => {
      if (!accept(line)) return;
      lines.close();
      resolve(line);
    });
    p.once('exit', (code) => reject(new Error(`${String(p.spawnargs[3])} exited with ${code}`)));
  });
}

async function timeVersion(url: string): Promise<number> {
  const t0 = performance.now();
  const r = await fetch(new URL('api/version', url));
  await r.text();
  if (!r.ok) throw new Error(`/api/version answered ${r.status}`);
  return performance.now() - t0;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'zpl-bench-load-'));
  const notebookDir = join(dir, 'notebook');
  const confDir = join(dir, 'conf');
  mkdirSync(confDir, { recursive: true });
  const server = child('_loadServer.ts', [notebookDir, confDir, String(OUTPUT_LIMIT)]);
  let watchers: ChildProcessWithoutNullStreams | undefined;
  try {
    const { url } = JSON.parse(await nextLine(server, (l) => l.startsWith('{'))) as { url: string };
    const created = await fetch(new URL('api/notebook', url), {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ notePath: '/load', paragraphs: [{ text: '%sh\necho warm' }, { text: '%md end' }] }),
    });
    const noteId = ((await created.json()) as { body: string }).body;
    const note = (await (await fetch(new URL(`api/notebook/${noteId}`, url))).json()) as { body: { paragraphs: { id: string }[] } };
    const pid = note.body.paragraphs[0].id;

    for (let i = 0; i < 20; i++) await timeVersion(url);
    const idle: number[] = [];
    for (let i = 0; i < IDLE_REQUESTS; i++) idle.push(await timeVersion(url));

    watchers = child('_loadWatchers.ts', [url, noteId, pid, String(WATCHERS), String(LINES)]);
    await nextLine(watchers, (l) => l === 'ready');
    const done = nextLine(watchers, (l) => l.startsWith('{'));
    let finished = false;
    void done.then(() => { finished = true; }, () => { finished = true; });
    watchers.stdin.write('go\n');
    const during: number[] = [];
    while (!finished) during.push(await timeVersion(url));
    const outcome = JSON.parse(await done) as { finished: number; completeOutputs: number; closedByServer: number; streamMs: number };

    const idleStats = latency(idle);
    const loaded = latency(during);
    const result = {
      benchmark: 'load',
      setup: { watchers: WATCHERS, command: `%sh seq ${LINES}`, outputLimitBytes: OUTPUT_LIMIT },
      idle: idleStats,
      duringStream: loaded,
      ratioP95: round(loaded.p95 / Math.max(idleStats.p95, 0.01)),
      ratioMax: round(loaded.max / Math.max(idleStats.max, 0.01)),
      goals: GOALS,
      goalsMet: loaded.p95 <= GOALS.p95Ms && loaded.max <= GOALS.maxMs && outcome.completeOutputs === WATCHERS,
      watchers: outcome,
    };
    console.log(JSON.stringify(result));
  } finally {
    watchers?.kill('SIGKILL');
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
