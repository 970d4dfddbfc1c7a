/**
 * A 5,000-paragraph note against a 50-paragraph one, in the same run, on the real embedded server:
 * - server: COMMIT_PARAGRAPH until the sender has its PARAGRAPH echo (the edit confirmed), rounds alternating between
 *   the two notes; afterwards the server is closed and both note files must hold the last committed text;
 * - Chromium: time to the first screen of paragraphs, and scrolling down one viewport at a time, each step timed to
 *   the frame in which every paragraph in view is drawn with its results.
 * Goals: commit <= 3x, first screen <= 2x, scrolling <= 2x the 50-paragraph note.
 * Run after a build: npx tsx bench/largeNote.ts   (prints one JSON object; ZEPPELIN_WEB_DIR picks the built UI)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { startServer, type RunningServer } from '../server/app';
import { parseNoteFile } from '../server/storage/zpln';
import { launch, type Browser } from '../e2e/support/browser';
import { ROOT } from '../e2e/support/server';
import { benchNote } from './_largeNotes';
import { firstScreen, scrollSteps } from './_pageSteps';

const SMALL = 50;
const LARGE = 5000;
const COMMIT_ROUNDS = Number(process.env.BENCH_COMMITS || 40);
const PAGE_REPS = Number(process.env.BENCH_REPS || 5);
const SCROLL_STEPS = 15;
const WARMUP = 5;
const GOALS = { commit: 3, firstScreen: 2, scroll: 2 };
const WEB_DIR = process.env.ZEPPELIN_WEB_DIR || path.join(ROOT, 'dist');
const DEADLINE_MS = 600_000;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const quantile = (xs: number[], q: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];
const round1 = (n: number): number => Math.round(n * 10) / 10;
const round2 = (n: number): number => Math.round(n * 100) / 100;
const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
const frame = (op: string, data: unknown): string => JSON.stringify({ op, data, principal: 'anonymous', ticket: 'anonymous', roles: '[]' });
const idOf = (n: number): string => `BENCHN${n}`;

function writeNotebook(): { base: string; notebookDir: string; confDir: string } {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'zpl-bench-large-'));
  const notebookDir = path.join(base, 'notebook');
  const confDir = path.join(base, 'conf');
  fs.mkdirSync(notebookDir);
  fs.mkdirSync(confDir);
  for (const n of [SMALL, LARGE]) {
    const note = benchNote(idOf(n), n);
    fs.writeFileSync(path.join(notebookDir, `${note.name}_${note.id}.zpln`), JSON.stringify(note, null, 2));
  }
  return { base, notebookDir, confDir };
}

/** A client watching one note: the commits it sends are timed from sending to their PARAGRAPH echo. */
async function watcher(server: RunningServer, noteId: string): Promise<{ commit(paragraphId: string, text: string): Promise<number>; close(): void }> {
  const origin = server.url.replace(/\/$/, '');
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}ws`, { headers: { origin }, perMessageDeflate: false, maxPayload: 1 << 30 });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let waiting: { prefix: string; text: string; resolve: () => void } | undefined;
  ws.on('message', (d) => {
    const s = String(d);
    if (waiting && s.startsWith(waiting.prefix) && (waiting.text === '' || s.includes(JSON.stringify(waiting.text)))) {
      const w = waiting;
      waiting = undefined;
      w.resolve();
    }
  });
  const next = (prefix: string, text: string) => new Promise<void>((resolve) => { waiting = { prefix, text, resolve }; });
  const joined = next('{"op":"NOTE"', '');
  ws.send(frame('GET_NOTE', { id: noteId }));
  await joined;
  return {
    async commit(paragraphId, text) {
      const echoed = next('{"op":"PARAGRAPH"', text);
      const t0 = performance.now();
      ws.send(frame('COMMIT_PARAGRAPH', { id: paragraphId, noteId, paragraph: text, params: {}, config: {} }));
      await echoed;
      return performance.now() - t0;
    },
    close: () => ws.close(),
  };
}

/**
 * One client per note (as in Zeppelin, a connection's paragraph ops go to the note it opened last, whatever noteId
 * they name), rounds alternating between the two notes.
 */
async function commitFigures(server: RunningServer): Promise<{ small: number[]; large: number[]; lastText: Record<string, string> }> {
  const clients = new Map([[SMALL, await watcher(server, idOf(SMALL))], [LARGE, await watcher(server, idOf(LARGE))]]);
  const lastText: Record<string, string> = {};
  const commit = (n: number, i: number): Promise<number> => {
    const text = `%python\nprint(${i})  # commit ${i} of note ${n}`;
    lastText[idOf(n)] = text;
    // A paragraph in the middle of the note: finding it costs what it costs.
    return clients.get(n)!.commit(`bench_${Math.floor(n / 2) + 1}`, text);
  };
  const small: number[] = [];
  const large: number[] = [];
  for (let i = 0; i < COMMIT_ROUNDS + WARMUP; i++) {
    const s = await commit(SMALL, i);
    const l = await commit(LARGE, i);
    if (i < WARMUP) continue;
    small.push(s);
    large.push(l);
  }
  for (const c of clients.values()) c.close();
  return { small, large, lastText };
}

interface PageFigures {
  first: [number[], number[]];
  /** From the route change to the NOTE frame's arrival in the page (server, wire, the browser's socket and its worker). */
  noteFrame: [number[], number[]];
  scroll: [number[], number[]];
  /** The longest main-thread task seen while opening, and while scrolling, each note. */
  longestTask: { first: [number, number]; scroll: [number, number] };
}

async function pageFigures(url: string): Promise<PageFigures> {
  let browser: Browser | undefined;
  try {
    browser = await launch();
    const { page } = browser;
    // tsx keeps function names with a `__name` helper that page-side callbacks would otherwise miss
    // The NOTE frame's arrival, timed from the route change: how much of the first screen is the wait for it.
    await page.addInitScript(`window.__name = (f) => f; window.__long = [];
      new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push(e.duration); }).observe({ type: 'longtask' });
      addEventListener('hashchange', () => { window.__routeAt = performance.now(); });
      const onmessage = Object.getOwnPropertyDescriptor(WebSocket.prototype, 'onmessage');
      Object.defineProperty(WebSocket.prototype, 'onmessage', { configurable: true, get() { return onmessage.get.call(this); },
        set(f) { onmessage.set.call(this, f && function (ev) {
          if (typeof ev.data === 'string' && ev.data.startsWith('{"op":"NOTE","data":{"note":{')) window.__noteAt = performance.now();
          return f.call(this, ev);
        }); } });
      // The app's websocket is held by its table worker (src/app/workerSocket.ts): the NOTE arrives in its message.
      const NativeWorker = Worker;
      window.Worker = class extends NativeWorker { constructor(u, o) { super(u, o); this.addEventListener('message', (e) => {
        const m = e.data;
        if (m && m.event === 'frames' && m.raws.some((raw) => raw.startsWith('{"op":"NOTE","data":{"note":{'))) window.__noteAt = performance.now();
        if (m && m.event === 'decoded' && m.frame.decoded.ok && m.frame.decoded.frame.op === 'NOTE') window.__noteAt = performance.now();
      }); } };`);
    page.on('pageerror', (e) => console.error('page error', e.message));
    const longest = (): Promise<number> => page.evaluate(() => {
      const w = window as unknown as { __long: number[] };
      const m = Math.max(0, ...w.__long);
      w.__long = [];
      return m;
    });
    await page.goto(url);
    await page.getByRole('status', { name: 'WebSocket Connected' }).waitFor({ timeout: 30_000 });
    await firstScreen(page, idOf(SMALL));
    await firstScreen(page, idOf(LARGE));
    const f: PageFigures = { first: [[], []], noteFrame: [[], []], scroll: [[], []], longestTask: { first: [0, 0], scroll: [0, 0] } };
    for (let r = 0; r < PAGE_REPS; r++) {
      for (const [k, n] of [SMALL, LARGE].entries()) {
        await longest();
        f.first[k].push(await firstScreen(page, idOf(n)));
        f.noteFrame[k].push(await page.evaluate(() => {
          const w = window as unknown as { __noteAt: number; __routeAt: number };
          return w.__noteAt - w.__routeAt;
        }));
        f.longestTask.first[k] = Math.max(f.longestTask.first[k], await longest());
        f.scroll[k].push(sum(await scrollSteps(page, SCROLL_STEPS)));
        f.longestTask.scroll[k] = Math.max(f.longestTask.scroll[k], await longest());
      }
    }
    return f;
  } finally {
    await browser?.close().catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const deadline = setTimeout(() => {
    console.error(`bench: still running after ${DEADLINE_MS / 1000} s, giving up`);
    process.exit(3);
  }, DEADLINE_MS);
  const { base, notebookDir, confDir } = writeNotebook();
  try {
    const options = { port: 0, host: '127.0.0.1', notebookDir, confDir, webDir: WEB_DIR };
    const server = await startServer(options);
    let commits: Awaited<ReturnType<typeof commitFigures>>;
    try {
      commits = await commitFigures(server);
    } finally {
      await server.close();
    }
    // Every confirmed commit is on disk once the server has closed.
    for (const [id, text] of Object.entries(commits.lastText)) {
      const file = fs.readdirSync(notebookDir).find((f) => f.endsWith(`_${id}.zpln`));
      const note = parseNoteFile(fs.readFileSync(path.join(notebookDir, file ?? ''), 'utf8'));
      if (!note.paragraphs.some((p) => p.text === text)) throw new Error(`note ${id}: the last confirmed commit is not in its file`);
    }
    const commitRatio = median(commits.large) / median(commits.small);
    const out: Record<string, unknown> = {
      bench: 'largeNote',
      paragraphs: { small: SMALL, large: LARGE },
      commitMs: {
        small: round1(median(commits.small)), large: round1(median(commits.large)),
        smallP90: round1(quantile(commits.small, 0.9)), largeP90: round1(quantile(commits.large, 0.9)), rounds: COMMIT_ROUNDS,
        ratio: round2(commitRatio), goal: GOALS.commit, metGoal: commitRatio <= GOALS.commit,
      },
    };
    if (!fs.existsSync(path.join(WEB_DIR, 'index.html'))) {
      out.browser = { skipped: `no built UI in ${WEB_DIR}` };
    } else {
      const browserServer = await startServer(options);
      try {
        const page = await pageFigures(browserServer.url);
        const firstRatio = median(page.first[1]) / median(page.first[0]);
        const scrollRatio = median(page.scroll[1]) / median(page.scroll[0]);
        out.firstScreenMs = {
          small: round1(median(page.first[0])), large: round1(median(page.first[1])), runsSmall: page.first[0].map(round1), runsLarge: page.first[1].map(round1),
          longestTaskSmall: round1(page.longestTask.first[0]), longestTaskLarge: round1(page.longestTask.first[1]),
          noteFrameSmall: round1(median(page.noteFrame[0])), noteFrameLarge: round1(median(page.noteFrame[1])),
          ratio: round2(firstRatio), goal: GOALS.firstScreen, metGoal: firstRatio <= GOALS.firstScreen,
        };
        out.scrollMs = {
          steps: SCROLL_STEPS, small: round1(median(page.scroll[0])), large: round1(median(page.scroll[1])),
          longestTaskSmall: round1(page.longestTask.scroll[0]), longestTaskLarge: round1(page.longestTask.scroll[1]),
          ratio: round2(scrollRatio), goal: GOALS.scroll, metGoal: scrollRatio <= GOALS.scroll,
        };
      } finally {
        await browserServer.close();
      }
    }
    console.log(JSON.stringify(out, null, 2));
  } finally {
    clearTimeout(deadline);
    fs.rmSync(base, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (e: unknown) => {
  console.error(e);
  process.exit(1);
});
