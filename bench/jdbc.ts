/**
 * `%jdbc` throughput: 100,000 rows × 5 columns (int, text, numeric, timestamptz, boolean) from a throwaway PostgreSQL
 * cluster to a rendered table in Chromium: from the run request leaving the page to the grid holding all 100,000 rows
 * of the new result, with `common.max_count` 100,000. Baseline, same run, same query: `psql -c '\copy (…) to stdout'`
 * reading every row. Rounds alternate between the two. Also printed, as the two parts of that time: the server's
 * (request → final PARAGRAPH frame, `serverRatio` against psql) and the page's (final frame → every row in the grid,
 * `pageMs`); and the page's time from click to request. Those marks are taken inside the page (see PAGE_MARKS). The page's reading of the streamed frames holds back the
 * server's sending (the browser reads a socket only as fast as its page takes the messages), so the server is also
 * timed on its own: the same run requested by a bare websocket client that only looks for the final frame
 * (`wsClientMs`, `wsClientRatio` against psql). That client runs in a worker thread: in the bench's own thread it
 * shared the server's event loop, and the server's work after sending (the note and history writes) was counted as
 * the server's time to deliver the frame (see wsClientRound).
 * Run after a build: npx tsx bench/jdbc.ts   (prints one JSON object; skipped, with the reason, without PostgreSQL)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Page } from 'playwright-core';
import { launch } from '../e2e/support/browser';
import { ROOT } from '../e2e/support/server';
import { startServer } from '../server/app';
import { builtinInterpreterSettings, writeInterpreterSettings } from '../server/interpreters/settings';
import type { InterpreterSetting } from '../protocol';
import { ADMIN_PASSWORD, ADMIN_USER, DATABASE, missingDatabase, psqlPath, startPostgres, type ThrowawayDb } from '../test/server/helpers/databases';

const ROWS = 100_000;
const ROUNDS = Number(process.env.BENCH_REPS || 5);
const QUERY = 'SELECT id, name, amount, created, flag FROM bench5 ORDER BY id';
const WEB_DIR = process.env.ZEPPELIN_WEB_DIR || path.join(ROOT, 'dist');
const NOTE_ID = '2BENCHJDBC';
const PID = 'paragraph_bench_jdbc';
const GOAL_RATIO = 3;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round1 = (n: number): number => Math.round(n * 10) / 10;

function psqlCopy(db: ThrowawayDb, psql: string): Promise<{ ms: number; lines: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(psql, ['-X', '-q', '-h', db.host, '-p', String(db.port), '-U', ADMIN_USER, '-d', DATABASE, '-c', `\\copy (${QUERY}) to stdout`], {
      env: { ...process.env, PGPASSWORD: ADMIN_PASSWORD }, stdio: ['ignore', 'pipe', 'inherit'],
    });
    let lines = 0;
    child.stdout.on('data', (b: Buffer) => {
      for (let i = b.indexOf(10); i >= 0; i = b.indexOf(10, i + 1)) lines++;
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve({ ms: performance.now() - t0, lines }) : reject(new Error(`psql exited ${code}`))));
  });
}

function jdbcSetting(db: ThrowawayDb): InterpreterSetting {
  const base = builtinInterpreterSettings().find((s) => s.name === 'jdbc');
  if (!base) throw new Error('no jdbc group');
  const properties = { ...base.properties };
  const set = (name: string, value: string): void => {
    properties[name] = { ...(properties[name] ?? { name, type: 'string' }), name, value };
  };
  set('default.url', db.url);
  set('default.user', ADMIN_USER);
  set('default.password', ADMIN_PASSWORD);
  set('common.max_count', String(ROWS));
  // About 6 MB of table text: the per-result byte limit is raised so the whole table is measured.
  set('zeppelin.interpreter.output.limit', String(64 * 1024 * 1024));
  return { ...base, id: 'pg', name: 'pg', properties };
}

function writeNote(notebookDir: string): void {
  const note = {
    id: NOTE_ID, name: 'bench jdbc', config: {}, info: {}, noteParams: {}, noteForms: {}, angularObjects: {},
    paragraphs: [{ id: PID, text: `%pg\n${QUERY}`, status: 'READY', config: { results: { 0: { graph: { mode: 'table', height: 600 } } } }, settings: { params: {}, forms: {} } }],
  };
  fs.writeFileSync(path.join(notebookDir, `bench jdbc_${NOTE_ID}.zpln`), JSON.stringify(note));
}

/** Resolves once the note file holds the last row of a result: the server's write after the run is done. */
async function resultOnDisk(notebookDir: string): Promise<void> {
  const file = path.join(notebookDir, `bench jdbc_${NOTE_ID}.zpln`);
  const deadline = Date.now() + 30_000;
  while (!fs.readFileSync(file, 'utf8').includes(`customer ${ROWS}\\t`)) {
    if (Date.now() > deadline) throw new Error('the result never reached the note file');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Round {
  /** RUN_PARAGRAPH leaving the page → the grid holding every row of the new result. */
  requestToTableMs: number;
  /** RUN_PARAGRAPH leaving the page → the final PARAGRAPH frame arriving (the server's part, streaming included). */
  requestToFinishedMs: number;
  /** Final PARAGRAPH frame → the grid holding every row (the page's part after the server is done). */
  pageMs: number;
  /** Run button clicked → RUN_PARAGRAPH leaving the page. */
  clickToRequestMs: number;
}

/**
 * Marks taken inside the page, on its own clock: the RUN_PARAGRAPH leaving the page and the final PARAGRAPH reaching
 * the page. Listening from the bench instead (Playwright's websocket events) has the browser copy every 6 MB frame
 * to the bench's process, which competes with the page for the machine's cores and is counted in the page's time.
 * The app's websocket is held by its table worker (src/app/workerSocket.ts): the request is marked when the page
 * posts it to the worker (before it leaves on the wire) and the final frame when the worker's message carrying it
 * (decoded there, or as text) reaches the page, so the whole measure still runs from the request leaving the page to
 * the grid holding every row, and the worker's receipt and decoding count in the server's part. A page without
 * workers uses its own WebSocket, which is marked as before.
 * Plain JavaScript text: the bench runs through a compiler that would add helpers the page does not have.
 */
const PAGE_MARKS = `(() => {
  const marks = {};
  window.benchMarks = marks;
  const isRun = (data) => typeof data === 'string' && data.startsWith('{"op":"RUN_PARAGRAPH"');
  const finished = (status) => {
    if (marks.ended || marks.sent === undefined || !status) return;
    marks.finished = performance.now();
    marks.ended = status;
  };
  const statusOfText = (d) => {
    if (typeof d !== 'string' || !d.startsWith('{"op":"PARAGRAPH",') || !d.includes(${JSON.stringify(PID)})) return undefined;
    return /"status":"(FINISHED|ERROR|ABORT)"/.exec(d)?.[1];
  };
  const Native = window.WebSocket;
  const send = Native.prototype.send;
  Native.prototype.send = function (data) {
    if (isRun(data)) marks.sent = performance.now();
    return send.call(this, data);
  };
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener('message', (e) => finished(statusOfText(e.data)));
    }
  };
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (m, ...rest) {
    if (m && m.kind === 'socketSend' && isRun(m.data)) marks.sent = performance.now();
    return post.call(this, m, ...rest);
  };
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(url, options) {
      super(url, options);
      this.addEventListener('message', (e) => {
        const m = e.data;
        if (!m || m.socket === undefined) return;
        if (m.event === 'frames') for (const raw of m.raws) finished(statusOfText(raw));
        const d = m.event === 'decoded' ? m.frame.decoded : undefined;
        if (!d || !d.ok || d.frame.op !== 'PARAGRAPH' || d.frame.data.paragraph?.id !== ${JSON.stringify(PID)}) return;
        const status = d.frame.data.paragraph.status;
        if (status === 'FINISHED' || status === 'ERROR' || status === 'ABORT') finished(status);
      });
    }
  };
})();`;

/** Resolves, on the page's clock, once `selector` (the grid holding every row of the result) matches. */
const gridFilled = (selector: string): string => `new Promise((resolve) => {
  const done = () => {
    if (!document.querySelector(${JSON.stringify(selector)})) return false;
    resolve(performance.now());
    return true;
  };
  if (done()) return;
  const watch = new MutationObserver(() => { if (done()) watch.disconnect(); });
  watch.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-rowcount'] });
})`;

/** One run in a fresh page: Run clicked → final PARAGRAPH frame → all 100,000 rows in the grid. */
async function browserRound(page: Page, url: string): Promise<Round> {
  await page.addInitScript({ content: PAGE_MARKS });
  // The previous round's table is cleared first, so that the only grid of 100,000 rows is the new result's.
  const cleared = await fetch(`${url}api/notebook/${NOTE_ID}/clear`, { method: 'PUT' });
  if (!cleared.ok) throw new Error(`clearing the note's output failed: ${cleared.status}`);
  await page.goto(`${url}#/notebook/${NOTE_ID}`);
  const p = page.locator(`#paragraph_${PID}`);
  await p.getByRole('textbox', { name: 'Paragraph code' }).waitFor({ timeout: 30_000 });
  const filled = page.evaluate<number>(gridFilled(`#paragraph_${PID} [role="grid"][aria-rowcount="${ROWS + 1}"] tbody tr[role="row"]`));
  // Settled by the race below, or left behind by a failed round: never an unhandled rejection.
  filled.catch(() => undefined);
  const clickedAt = await page.evaluate<number>('performance.now()');
  await p.getByRole('button', { name: 'Run paragraph' }).click();
  // Large tables show their first rows while the whole is parsed: the measure ends when the grid holds every row.
  const shownAt = await Promise.race([
    filled,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no full grid within 120 s')), 120_000)),
  ]);
  const marks = await page.evaluate<{ sent?: number; finished?: number; ended?: string }>('window.benchMarks');
  if (marks.ended !== 'FINISHED' || marks.sent === undefined || marks.finished === undefined) throw new Error(`the run did not finish: ${JSON.stringify(marks)}`);
  return {
    requestToTableMs: shownAt - marks.sent, requestToFinishedMs: marks.finished - marks.sent,
    pageMs: shownAt - marks.finished, clickToRequestMs: marks.sent - clickedAt,
  };
}

/**
 * The bare websocket client, as plain JavaScript for a worker thread: request sent → final PARAGRAPH frame received.
 * Only the start of each frame is decoded, so the client takes little of the machine's time from the server.
 */
const WS_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const WebSocket = require(workerData.ws);
const { url, noteId, pid, text } = workerData;
const ws = new WebSocket(url.replace(/^http/, 'ws') + 'ws', { headers: { origin: url.replace(/\\/$/, '') } });
const send = (op, data) => ws.send(JSON.stringify({ op, data, principal: 'anonymous', ticket: 'anonymous', roles: '[]' }));
let sentAt = 0;
ws.on('error', (e) => parentPort.postMessage({ error: String(e) }));
ws.on('open', () => send('GET_NOTE', { id: noteId }));
ws.on('message', (data) => {
  const head = data.subarray(0, 24).toString();
  if (head.startsWith('{"op":"NOTE"') && sentAt === 0) {
    sentAt = performance.now();
    send('RUN_PARAGRAPH', { id: pid, paragraph: text, params: {}, config: {} });
    return;
  }
  if (!head.startsWith('{"op":"PARAGRAPH"') || sentAt === 0) return;
  const status = /"status":"(FINISHED|ERROR|ABORT)"/.exec(data.toString())?.[1];
  if (!status) return;
  const ms = performance.now() - sentAt;
  ws.close();
  parentPort.postMessage({ ms, status });
});
`;

/**
 * The same run requested by a bare websocket client in a worker thread. In the bench's own thread the client would
 * share the server's event loop, so whatever the server does after sending (writing the note and its history)
 * would delay the client's reading of the frame, which no real client, in a process of its own, waits for.
 */
async function wsClientRound(url: string): Promise<number> {
  const worker = new Worker(WS_CLIENT, { eval: true, workerData: { ws: require.resolve('ws'), url, noteId: NOTE_ID, pid: PID, text: `%pg\n${QUERY}` } });
  try {
    const answer = await new Promise<{ ms?: number; status?: string; error?: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if (answer.status !== 'FINISHED' || answer.ms === undefined) throw new Error(`the run did not finish: ${JSON.stringify(answer)}`);
    return answer.ms;
  } finally {
    await worker.terminate();
  }
}

async function main(): Promise<void> {
  const missing = missingDatabase('postgresql');
  const psql = psqlPath();
  if (missing || !psql) {
    console.log(JSON.stringify({ skipped: missing ?? 'psql not found' }, null, 2));
    return;
  }
  if (!fs.existsSync(path.join(WEB_DIR, 'index.html'))) {
    console.log(JSON.stringify({ skipped: `no built UI in ${WEB_DIR}` }, null, 2));
    return;
  }
  const db = await startPostgres();
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'zpl-bench-jdbc-'));
  try {
    await db.admin(`CREATE TABLE bench5 AS SELECT g AS id, 'customer ' || g AS name, (g * 1.25)::numeric(12,2) AS amount,
      timestamptz '2024-01-01 00:00:00+00' + g * interval '1 minute' AS created, g % 3 = 0 AS flag FROM generate_series(1, ${ROWS}) AS g`);
    await db.admin('VACUUM ANALYZE bench5');
    const notebookDir = path.join(base, 'notebook');
    const confDir = path.join(base, 'conf');
    fs.mkdirSync(notebookDir);
    fs.mkdirSync(confDir);
    writeNote(notebookDir);
    writeInterpreterSettings(confDir, [...builtinInterpreterSettings(), jdbcSetting(db)]);
    const server = await startServer({ port: 0, host: '127.0.0.1', notebookDir, confDir, webDir: WEB_DIR });
    const browser = await launch();
    try {
      // Warm-up: the pool's first connection, the page's bundle and the database's cache.
      const warm = await browser.context.newPage();
      await browserRound(warm, server.url);
      await warm.close();
      await psqlCopy(db, psql);
      await wsClientRound(server.url);
      const rounds: Round[] = [];
      const wsClient: number[] = [];
      const baseline: number[] = [];
      const ratios: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const b = await psqlCopy(db, psql);
        if (b.lines !== ROWS) throw new Error(`psql returned ${b.lines} lines`);
        const page = await browser.context.newPage();
        const r = await browserRound(page, server.url);
        await page.close();
        rounds.push(r);
        baseline.push(b.ms);
        await fetch(`${server.url}api/notebook/${NOTE_ID}/clear`, { method: 'PUT' });
        wsClient.push(await wsClientRound(server.url));
        ratios.push(r.requestToTableMs / b.ms);
        // The server writes a finished run's result to disk after sending it: let that end before the next baseline.
        await resultOnDisk(notebookDir);
      }
      const med = (k: keyof Round): number => round1(median(rounds.map((r) => r[k])));
      console.log(JSON.stringify({
        rows: ROWS, columns: 5, rounds: ROUNDS,
        requestToTableMs: med('requestToTableMs'),
        requestToFinishedMs: med('requestToFinishedMs'),
        pageMs: med('pageMs'),
        clickToRequestMs: med('clickToRequestMs'),
        wsClientMs: round1(median(wsClient)),
        psqlCopyMs: round1(median(baseline)),
        ratio: Math.round(median(ratios) * 100) / 100,
        serverRatio: Math.round(median(rounds.map((r, i) => r.requestToFinishedMs / baseline[i])) * 100) / 100,
        wsClientRatio: Math.round(median(wsClient.map((ms, i) => ms / baseline[i])) * 100) / 100,
        goal: { ratio: GOAL_RATIO },
        metGoal: median(ratios) <= GOAL_RATIO,
      }, null, 2));
    } finally {
      await browser.close();
      await server.close();
    }
  } finally {
    await db.stop();
    fs.rmSync(base, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
