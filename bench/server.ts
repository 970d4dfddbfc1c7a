/**
 * Server benchmark: `npx tsx bench/server.ts`. Loopback only, bounded loops.
 *
 * Every figure is paired with a baseline measured in the same run: a bare `ws` server that answers (or fans out)
 * the very same payload bytes without any Zeppelin logic. The ratio is what this server adds on top of the
 * socket layer itself (decoding, validation, note mutation, the fsynced note write, encoding).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket, { WebSocketServer } from 'ws';
import { startServer } from '../server/app';
import { newParagraph } from '../server/notes/paragraphs';
import { serializeNote } from '../server/storage/zpln';
import type { Note } from '../protocol';

const GET_NOTE_ROUNDS = 200;
const COMMIT_ROUNDS = 300;
const FANOUT_ROUNDS = 30;
const FANOUT_SIZES = [1, 10, 100];
const WARMUP = 20;

type Stats = { p50: number; p99: number };

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: round(at(0.5)), p99: round(at(0.99)) };
}
const round = (n: number): number => Math.round(n * 1000) / 1000;

function compare(server: Stats, baseline: Stats): Record<string, number> {
  return {
    p50Ms: server.p50, p99Ms: server.p99, baselineP50Ms: baseline.p50, baselineP99Ms: baseline.p99,
    ratioP50: round(server.p50 / Math.max(baseline.p50, 0.001)), ratioP99: round(server.p99 / Math.max(baseline.p99, 0.001)),
  };
}

/** A socket whose next frame matching `pred` can be awaited. */
class Probe {
  private waiting: { pred: (raw: string) => boolean; resolve: () => void } | undefined;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const w = this.waiting;
      if (w && w.pred(String(data))) {
        this.waiting = undefined;
        w.resolve();
      }
    });
  }
  static open(url: string, origin: string): Promise<Probe> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers: { origin }, perMessageDeflate: false });
      ws.once('open', () => resolve(new Probe(ws)));
      ws.once('error', reject);
    });
  }
  next(pred: (raw: string) => boolean): Promise<void> {
    return new Promise((resolve) => {
      this.waiting = { pred, resolve };
    });
  }
}

const isOp = (op: string) => (raw: string): boolean => raw.startsWith(`{"op":"${op}"`);

async function timeRounds(rounds: number, once: (i: number) => Promise<void>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < rounds + WARMUP; i++) {
    const t0 = performance.now();
    await once(i);
    if (i >= WARMUP) samples.push(performance.now() - t0);
  }
  return samples;
}

/** Bare ws server: any message is answered with `reply` to the sender, or fanned out to every other client. */
async function baselineServer(reply: () => string, fanout: boolean): Promise<{ url: string; close: () => Promise<void> }> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  wss.on('connection', (ws) => {
    ws.on('message', () => {
      const payload = reply();
      if (!fanout) ws.send(payload);
      else for (const c of wss.clients) c.send(payload);
    });
  });
  const address = wss.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { url: `ws://127.0.0.1:${port}`, close: () => new Promise((r) => wss.close(() => r())) };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'zpl-bench-'));
  const notebookDir = join(dir, 'notebook');
  mkdirSync(notebookDir);
  const note: Note = {
    paragraphs: Array.from({ length: 200 }, (_, i) => ({
      ...newParagraph('bench', `%python\n# paragraph ${i}\nfor i in range(10):\n    print(i * ${i})\n`),
      results: { code: 'SUCCESS', msg: [{ type: 'TEXT', data: Array.from({ length: 10 }, (_unused, k) => String(k * i)).join('\n') }] },
      status: 'FINISHED',
    })),
    name: 'bench', id: '2BENCH234', defaultInterpreterGroup: 'python', version: '0.13.0-SNAPSHOT',
    noteParams: {}, noteForms: {}, angularObjects: {}, config: { isZeppelinNotebookCronEnable: false }, info: {},
  };
  writeFileSync(join(notebookDir, 'bench_2BENCH234.zpln'), serializeNote(note));
  const server = await startServer({ port: 0, host: '127.0.0.1', notebookDir, confDir: join(dir, 'conf'), webDir: join(dir, 'none') });
  const origin = server.url.replace(/\/$/, '');
  const wsUrl = `${server.url.replace('http', 'ws')}ws`;
  const frame = (op: string, data: unknown): string => JSON.stringify({ op, data, principal: 'anonymous', ticket: 'anonymous', roles: '[]' });
  const pid = note.paragraphs[100].id;
  const commit = (i: number): string => frame('COMMIT_PARAGRAPH', { id: pid, noteId: note.id, paragraph: `%python\nprint(${i})`, params: {}, config: { colWidth: 12 } });

  try {
    // GET_NOTE round trip, and the exact NOTE reply bytes for the baseline.
    const client = await Probe.open(wsUrl, origin);
    let noteReply = '';
    client.ws.on('message', (d) => {
      const s = String(d);
      if (s.startsWith('{"op":"NOTE"')) noteReply = s;
    });
    const getNote = await timeRounds(GET_NOTE_ROUNDS, async () => {
      const done = client.next(isOp('NOTE'));
      client.ws.send(frame('GET_NOTE', { id: note.id }));
      await done;
    });
    const getNoteBase = await (async () => {
      const base = await baselineServer(() => noteReply, false);
      const p = await Probe.open(base.url, origin);
      const samples = await timeRounds(GET_NOTE_ROUNDS, async () => {
        const done = p.next(() => true);
        p.ws.send(frame('GET_NOTE', { id: note.id }));
        await done;
      });
      p.ws.close();
      await base.close();
      return samples;
    })();

    // COMMIT_PARAGRAPH round trip (until the sender sees its PARAGRAPH; includes the fsynced save).
    let paragraphReply = '';
    client.ws.on('message', (d) => {
      const s = String(d);
      if (s.startsWith('{"op":"PARAGRAPH"')) paragraphReply = s;
    });
    const commitTimes = await timeRounds(COMMIT_ROUNDS, async (i) => {
      const done = client.next(isOp('PARAGRAPH'));
      client.ws.send(commit(i));
      await done;
    });
    const commitBase = await (async () => {
      const base = await baselineServer(() => paragraphReply, false);
      const p = await Probe.open(base.url, origin);
      const samples = await timeRounds(COMMIT_ROUNDS, async (i) => {
        const done = p.next(() => true);
        p.ws.send(commit(i));
        await done;
      });
      p.ws.close();
      await base.close();
      return samples;
    })();

    // Fan-out: one commit, time until every watcher has the PARAGRAPH.
    const fanout: Record<string, Record<string, number>> = {};
    for (const n of FANOUT_SIZES) {
      const watchers = await Promise.all(Array.from({ length: n }, () => Probe.open(wsUrl, origin)));
      for (const w of watchers) {
        const joined = w.next(isOp('NOTE'));
        w.ws.send(frame('GET_NOTE', { id: note.id }));
        await joined;
      }
      const ours = await timeRounds(FANOUT_ROUNDS, async (i) => {
        const all = Promise.all(watchers.map((w) => w.next(isOp('PARAGRAPH'))));
        client.ws.send(commit(i));
        await all;
      });
      for (const w of watchers) w.ws.close();

      const base = await baselineServer(() => paragraphReply, true);
      const sender = await Probe.open(base.url, origin);
      const baseWatchers = await Promise.all(Array.from({ length: n }, () => Probe.open(base.url, origin)));
      const theirs = await timeRounds(FANOUT_ROUNDS, async (i) => {
        const all = Promise.all(baseWatchers.map((w) => w.next(() => true)));
        sender.ws.send(commit(i));
        await all;
      });
      for (const w of [...baseWatchers, sender]) w.ws.close();
      await base.close();
      fanout[String(n)] = compare(stats(ours), stats(theirs));
    }
    client.ws.close();

    const result = {
      node: process.version,
      noteParagraphs: note.paragraphs.length,
      noteReplyBytes: Buffer.byteLength(noteReply),
      rounds: { getNote: GET_NOTE_ROUNDS, commitParagraph: COMMIT_ROUNDS, fanout: FANOUT_ROUNDS, warmup: WARMUP },
      getNote: compare(stats(getNote), stats(getNoteBase)),
      commitParagraph: compare(stats(commitTimes), stats(commitBase)),
      fanout,
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
