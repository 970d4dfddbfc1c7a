/**
 * Fan-out benchmark: `npx tsx bench/fanout.ts`. One COMMIT_PARAGRAPH broadcast to 1,000 watchers of a note: the time
 * from the first watcher receiving the PARAGRAPH frame to the last one receiving it. Baseline, same run: a bare `ws`
 * server broadcasting the very same bytes to as many clients. Rounds alternate between the two.
 * Goal: the server's median spread <= 1.5x the bare server's.
 *
 * The watchers run in a child process (bench/_fanoutWatchers.ts), so that receiving does not wait for the sending loop
 * of the server in this process.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import WebSocket, { WebSocketServer } from 'ws';
import { startServer } from '../server/app';
import { newParagraph } from '../server/notes/paragraphs';
import { serializeNote } from '../server/storage/zpln';
import type { Note } from '../protocol';

const WATCHERS = Number(process.env.BENCH_WATCHERS || 1000);
const ROUNDS = Number(process.env.BENCH_REPS || 30);
const WARMUP = 5;
const GOAL_RATIO = 1.5;
const NOTE_ID = '2BENCHFAN';

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round2 = (n: number): number => Math.round(n * 100) / 100;
const frame = (op: string, data: unknown): string => JSON.stringify({ op, data, principal: 'anonymous', ticket: 'anonymous', roles: '[]' });

/** The watcher process, driven one line at a time. */
class Watchers {
  private readonly lines: Interface;
  private readonly queue: string[] = [];
  private waiting: { resolve: (line: string) => void; reject: (e: Error) => void } | undefined;

  constructor(private readonly child: ChildProcessWithoutNullStreams) {
    child.once('exit', (code) => this.waiting?.reject(new Error(`the watcher process exited with ${code}`)));
    this.lines = createInterface({ input: child.stdout });
    this.lines.on('line', (line) => {
      const w = this.waiting;
      if (w) {
        this.waiting = undefined;
        w.resolve(line);
      } else this.queue.push(line);
    });
  }

  static start(): Watchers {
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '_fanoutWatchers.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
    return new Watchers(child as unknown as ChildProcessWithoutNullStreams);
  }

  private next(): Promise<string> {
    const queued = this.queue.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  async command(line: string): Promise<string> {
    this.child.stdin.write(`${line}\n`);
    return this.next();
  }

  /** Arms the watchers, runs `send`, and resolves with the first-to-last spread in ms. */
  async timeOne(prefix: string, send: () => void): Promise<number> {
    await this.command(`arm ${prefix}`);
    send();
    return (JSON.parse(await this.next()) as { firstToLastMs: number }).firstToLastMs;
  }

  stop(): void {
    this.child.stdin.end();
    this.child.kill();
  }
}

function open(url: string, origin: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { origin }, perMessageDeflate: false });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Bare ws server: any message from the sender goes out as `payload()` to every client, the sender included. */
async function bareServer(payload: () => string): Promise<{ url: string; close: () => Promise<void> }> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  wss.on('connection', (ws) => ws.on('message', () => {
    const bytes = payload();
    for (const c of wss.clients) c.send(bytes);
  }));
  const address = wss.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { url: `ws://127.0.0.1:${port}`, close: () => new Promise((r) => wss.close(() => r())) };
}

function writeNote(notebookDir: string): Note {
  const note: Note = {
    paragraphs: Array.from({ length: 5 }, (_, i) => ({ ...newParagraph('bench', `%md paragraph ${i}`), status: 'READY' })),
    name: 'fanout', id: NOTE_ID, defaultInterpreterGroup: 'md', version: '0.13.0-SNAPSHOT',
    noteParams: {}, noteForms: {}, angularObjects: {}, config: { isZeppelinNotebookCronEnable: false }, info: {},
  };
  writeFileSync(join(notebookDir, `fanout_${NOTE_ID}.zpln`), serializeNote(note));
  return note;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'zpl-bench-fanout-'));
  const notebookDir = join(dir, 'notebook');
  mkdirSync(notebookDir);
  const note = writeNote(notebookDir);
  const server = await startServer({ port: 0, host: '127.0.0.1', notebookDir, confDir: join(dir, 'conf'), webDir: join(dir, 'none') });
  const origin = server.url.replace(/\/$/, '');
  const wsUrl = `${server.url.replace('http', 'ws')}ws`;
  const pid = note.paragraphs[2].id;
  const commit = (i: number): string => frame('COMMIT_PARAGRAPH', { id: pid, noteId: NOTE_ID, paragraph: `%md change ${i}`, params: {}, config: {} });
  const ours = Watchers.start();
  const bare = Watchers.start();
  let lastParagraph = '';
  const base = await bareServer(() => lastParagraph);
  try {
    // The sender is a watcher too: it keeps the bytes of the last PARAGRAPH for the bare server to send.
    const sender = await open(wsUrl, origin);
    const joined = new Promise<void>((resolve) => sender.on('message', (d) => {
      const s = String(d);
      if (s.startsWith('{"op":"NOTE"')) resolve();
      if (s.startsWith('{"op":"PARAGRAPH"')) lastParagraph = s;
    }));
    sender.send(frame('GET_NOTE', { id: NOTE_ID }));
    await joined;
    const bareSender = await open(base.url, origin);
    await ours.command(`open ${wsUrl} ${NOTE_ID} ${WATCHERS}`);
    await bare.command(`open ${base.url} - ${WATCHERS}`);

    const spreads: number[] = [];
    const baseline: number[] = [];
    const ratios: number[] = [];
    for (let i = 0; i < ROUNDS + WARMUP; i++) {
      const s = await ours.timeOne('{"op":"PARAGRAPH"', () => sender.send(commit(i)));
      const b = await bare.timeOne('{"op":"PARAGRAPH"', () => bareSender.send(commit(i)));
      if (i < WARMUP) continue;
      spreads.push(s);
      baseline.push(b);
      ratios.push(s / Math.max(b, 0.001));
    }
    await ours.command('close');
    await bare.command('close');
    sender.close();
    bareSender.close();
    const ratio = median(spreads) / Math.max(median(baseline), 0.001);
    console.log(JSON.stringify({
      bench: 'fanout',
      watchers: WATCHERS,
      rounds: ROUNDS,
      frameBytes: Buffer.byteLength(lastParagraph),
      firstToLastMs: { server: round2(median(spreads)), bareWs: round2(median(baseline)), serverP90: round2([...spreads].sort((a, b) => a - b)[Math.floor(spreads.length * 0.9)]) },
      ratio: round2(ratio),
      medianOfRoundRatios: round2(median(ratios)),
      goal: { ratio: GOAL_RATIO },
      metGoal: ratio <= GOAL_RATIO,
    }, null, 2));
  } finally {
    ours.stop();
    bare.stop();
    await base.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (e: unknown) => {
  console.error(e);
  process.exit(1);
});
