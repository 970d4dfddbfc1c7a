/**
 * Execution benchmark: `npx tsx bench/execution.ts`. Loopback only, bounded loops; prints one JSON object.
 *
 * - Latency: RUN_PARAGRAPH → final PARAGRAPH (p50/p99 over 200 runs after a warm-up) for `%md`, `%sh echo`,
 *   `%python print` and `%sql select 1`. Baseline, same run: the same work done directly — markdown-it rendering
 *   in-process, spawning `bash -c 'echo hi'`, spawning `python3 -c 'print(1)'`, and `select 1` on a DuckDB
 *   connection in-process. The server keeps Python warm, so that ratio can be below 1.
 * - Streaming: a `%sh` paragraph printing 200,000 lines, until every one of 1 or 20 watching connections has the
 *   final PARAGRAPH; baseline: spawning the same command and reading all of its output.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DuckDBInstance } from '@duckdb/node-api';
import MarkdownIt from 'markdown-it';
import WebSocket from 'ws';
import { startServer } from '../server/app';
import { builtinInterpreterSettings, writeInterpreterSettings } from '../server/interpreters/settings';

const RUNS = 200;
const WARMUP = 10;
const LINES = 200_000;
const WATCHERS = [1, 20];
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

type Stats = { p50: number; p99: number };
const round = (n: number): number => Math.round(n * 1000) / 1000;

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: round(at(0.5)), p99: round(at(0.99)) };
}

function compare(server: Stats, baseline: Stats): Record<string, number> {
  return {
    p50Ms: server.p50, p99Ms: server.p99, baselineP50Ms: baseline.p50, baselineP99Ms: baseline.p99,
    ratioP50: round(server.p50 / Math.max(baseline.p50, 0.001)), ratioP99: round(server.p99 / Math.max(baseline.p99, 0.001)),
  };
}

async function measure(n: number, once: () => Promise<void>): Promise<Stats> {
  for (let i = 0; i < WARMUP; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await once();
    samples.push(performance.now() - t0);
  }
  return stats(samples);
}

/** A socket whose next frame matching `pred` can be awaited. */
class Probe {
  private waiting: { pred: (raw: string) => boolean; resolve: (raw: string) => void } | undefined;
  private seq = 0;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const w = this.waiting;
      const raw = String(data);
      if (w && w.pred(raw)) {
        this.waiting = undefined;
        w.resolve(raw);
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
  next(pred: (raw: string) => boolean): Promise<string> {
    return new Promise((resolve) => {
      this.waiting = { pred, resolve };
    });
  }
  send(op: string, data: unknown): void {
    this.ws.send(JSON.stringify({ op, data, principal: 'anonymous', ticket: 'anonymous', roles: '[]', msgId: `bench-${++this.seq}` }));
  }
  async request(op: string, data: unknown, replyOp: string): Promise<{ op: string; data: Record<string, unknown> }> {
    const reply = this.next((raw) => raw.startsWith(`{"op":"${replyOp}"`));
    this.send(op, data);
    return JSON.parse(await reply) as { op: string; data: Record<string, unknown> };
  }
}

const finalOf = (pid: string) => (raw: string): boolean =>
  raw.startsWith('{"op":"PARAGRAPH",') && raw.includes(`"id":"${pid}"`) && /"status":"(FINISHED|ERROR|ABORT)"/.test(raw);

function spawnAndRead(cmd: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let bytes = 0;
    child.stdout.on('data', (c: Buffer) => {
      bytes += c.length;
    });
    child.on('error', reject);
    child.on('close', () => resolve(bytes));
  });
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'zpl-bench-exec-'));
  const confDir = join(dir, 'conf');
  mkdirSync(confDir, { recursive: true });
  const settings = builtinInterpreterSettings();
  const python = settings.find((s) => s.name === 'python');
  if (python) python.properties['zeppelin.python'].value = PYTHON;
  writeInterpreterSettings(confDir, settings);
  // 200,000 lines are ~1.3 MB: the output limit is raised so the whole stream is measured.
  const server = await startServer({
    port: 0, host: '127.0.0.1', notebookDir: join(dir, 'notebook'), confDir, webDir: join(dir, 'no-ui'),
    settings: { 'zeppelin.interpreter.output.limit': String(64 * 1024 * 1024) },
  });
  const origin = server.url.replace(/\/$/, '');
  const wsUrl = `${server.url.replace('http', 'ws')}ws`;
  const out: Record<string, unknown> = { runs: RUNS, python: PYTHON };
  try {
    const lead = await Probe.open(wsUrl, origin);
    const created = await lead.request('NEW_NOTE', { name: '/bench exec', defaultInterpreterGroup: 'md' }, 'NEW_NOTE');
    const note = (created.data.note as { id: string; paragraphs: { id: string }[] });
    const pid = note.paragraphs[0].id;
    // A second paragraph, so runs of the first never append a new one.
    await lead.request('INSERT_PARAGRAPH', { index: 1 }, 'PARAGRAPH_ADDED');

    const runOnce = (probe: Probe, text: string) => async (): Promise<void> => {
      const done = probe.next(finalOf(pid));
      probe.send('RUN_PARAGRAPH', { id: pid, paragraph: text, params: {}, config: {} });
      const raw = await done;
      if (!raw.includes('"status":"FINISHED"')) throw new Error(`run of ${text} did not finish: ${raw.slice(0, 400)}`);
    };

    const md = new MarkdownIt({ html: true, linkify: true });
    const mdText = '# Title\n\nSome *text* with a [link](http://example.com).';
    const duck = await (await DuckDBInstance.create(':memory:')).connect();
    const latency: Record<string, unknown> = {};
    latency.md = compare(await measure(RUNS, runOnce(lead, `%md\n${mdText}`)), await measure(RUNS, async () => {
      md.render(mdText);
    }));
    latency.shEcho = compare(await measure(RUNS, runOnce(lead, '%sh\necho hi')), await measure(RUNS, async () => {
      await spawnAndRead('bash', ['-c', 'echo hi']);
    }));
    latency.pythonPrint = compare(await measure(RUNS, runOnce(lead, '%python\nprint(1)')), await measure(RUNS, async () => {
      await spawnAndRead(PYTHON, ['-c', 'print(1)']);
    }));
    latency.sqlSelect1 = compare(await measure(RUNS, runOnce(lead, '%sql\nselect 1')), await measure(RUNS, async () => {
      await duck.runAndReadAll('select 1');
    }));
    duck.closeSync();
    out.latency = latency;

    const streaming: Record<string, unknown> = {};
    const command = `seq 1 ${LINES}`;
    for (const n of WATCHERS) {
      const watchers = [lead];
      for (let i = 1; i < n; i++) {
        const w = await Probe.open(wsUrl, origin);
        await w.request('GET_NOTE', { id: note.id }, 'NOTE');
        watchers.push(w);
      }
      const times: number[] = [];
      const base: number[] = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        const t0 = performance.now();
        const finals = watchers.map((w) => w.next(finalOf(pid)));
        lead.send('RUN_PARAGRAPH', { id: pid, paragraph: `%sh\n${command}`, params: {}, config: {} });
        const raws = await Promise.all(finals);
        times.push(performance.now() - t0);
        if (!raws.every((r) => r.includes('"status":"FINISHED"') && r.includes(`${LINES}\\n`))) throw new Error('stream did not finish with all lines');
        const b0 = performance.now();
        await spawnAndRead('bash', ['-c', command]);
        base.push(performance.now() - b0);
      }
      const ms = Math.min(...times);
      const baseMs = Math.min(...base);
      streaming[`watchers${n}`] = {
        lines: LINES, ms: round(ms), linesPerSec: Math.round(LINES / (ms / 1000)),
        baselineMs: round(baseMs), baselineLinesPerSec: Math.round(LINES / (baseMs / 1000)), ratio: round(ms / baseMs),
      };
      for (const w of watchers.slice(1)) w.ws.close();
    }
    out.streaming = streaming;
    lead.ws.close();
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(JSON.stringify(out, null, 2));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
