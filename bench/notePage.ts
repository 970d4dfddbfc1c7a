/**
 * The note page in Chromium against the real embedded server (its REST, websocket and interpreters):
 * - time to the first screen of paragraphs for notes of 50 and 500 paragraphs with results, and their ratio;
 * - key-to-paint latency, p95, typing in a 500-paragraph note next to a 5-paragraph one;
 * - streaming: a running paragraph receiving 1,000 PARAGRAPH_APPEND_OUTPUT frames a second for 10 s (injected into
 *   the page's websocket, which is otherwise proxied to the server), and a %python paragraph printing a line every
 *   millisecond for 10 s through the server's own batching; longest frame and dropped frames for each.
 * The notes are generated as .zpln files in a fresh notebook folder before the server starts.
 * Run after a build: npx tsx bench/notePage.ts (ZEPPELIN_WEB_DIR selects another build folder)   (prints one JSON object)
 */
import fs from 'fs';
import os from 'os';
import path from 'path';
import type { Page } from 'playwright-core';
import { launch, type Browser } from '../e2e/support/browser';
import { ROOT } from '../e2e/support/server';
import { editorLines } from '../e2e/support/paragraph';
import { startServer, type RunningServer } from '../server/app';
import type { Note, Paragraph } from '../protocol';
import { benchNote, benchParagraph } from './_largeNotes';
import { firstScreen } from './_pageSteps';
import { INJECT_FRAMES_SCRIPT } from './_injectFrames';

const WEB_DIR = process.env.ZEPPELIN_WEB_DIR || path.join(ROOT, 'dist');
const REPS = Number(process.env.BENCH_REPS || 5);
const KEYS = 60;
const STREAM_MS = 10_000;
/** The whole run stops by itself well inside three minutes, whatever hangs. */
const DEADLINE_MS = 170_000;
const STEP_TIMEOUT_MS = 30_000;

const debug = (...a: unknown[]): void => {
  if (process.env.BENCH_DEBUG) console.error(new Date().toISOString(), ...a);
};

const PRINTER = [
  '%python',
  'import time',
  't0 = time.time()',
  'i = 0',
  `while time.time() - t0 < ${STREAM_MS / 1000}:`,
  '    due = int((time.time() - t0) * 1000)',
  '    while i < due:',
  '        print(f"\\u001b[32mline {i}\\u001b[0m progress {i % 100}%", flush=True)',
  '        i += 1',
  '    time.sleep(0.001)',
  'print(f"done {i}", flush=True)',
].join('\n');

function streamNote(): Note {
  const base = benchParagraph(1);
  const at = (id: string, text: string): Paragraph => ({ ...base, id, text, status: 'READY', results: undefined, dateStarted: undefined, dateFinished: undefined });
  return {
    id: 'BENCHSTREAM', name: 'bench stream', config: { looknfeel: 'default' }, info: {},
    paragraphs: [at('stream_sleep', '%sh\nsleep 14'), at('stream_print', PRINTER), ...Array.from({ length: 8 }, (_, i) => benchParagraph(i + 2))],
  } as Note;
}

/** A notebook folder holding only the generated notes (a `.zpln` is the note JSON without `path`). */
function writeNotebook(): { notebookDir: string; confDir: string; base: string } {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'zeppelin-bench-note-'));
  const notebookDir = path.join(base, 'notebook');
  const confDir = path.join(base, 'conf');
  fs.mkdirSync(notebookDir);
  fs.mkdirSync(confDir);
  for (const note of [benchNote('BENCH5', 5), benchNote('BENCH50', 50), benchNote('BENCH500', 500), streamNote()]) {
    fs.writeFileSync(path.join(notebookDir, `${note.name}_${note.id}.zpln`), JSON.stringify(note, null, 2));
  }
  return { notebookDir, confDir, base };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];
const round = (x: number): number => Math.round(x * 10) / 10;

/** Key press to the next painted frame, typed at the end of the second paragraph's editor. */
async function keyToPaint(page: Page, noteId: string): Promise<number[]> {
  await page.evaluate((id) => { location.hash = `#/notebook/${id}`; }, noteId);
  // The editor is built where the pointer rests (src/editor/LazyCodeEditor.tsx).
  const editor = await editorLines(page.locator('#paragraph_bench_1'));
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.evaluate(() => {
    const w = window as unknown as { __lat: number[]; __onKey?: (e: KeyboardEvent) => void };
    w.__lat = [];
    if (w.__onKey) document.removeEventListener('keydown', w.__onKey, true);
    w.__onKey = (e: KeyboardEvent) => {
      const t = e.timeStamp;
      requestAnimationFrame(() => setTimeout(() => w.__lat.push(performance.now() - t), 0));
    };
    document.addEventListener('keydown', w.__onKey, true);
  });
  for (let i = 0; i < KEYS; i++) await page.keyboard.type('a', { delay: 30 });
  await page.waitForTimeout(100);
  return page.evaluate(() => {
    const w = window as unknown as { __lat: number[]; __onKey?: (e: KeyboardEvent) => void };
    if (w.__onKey) document.removeEventListener('keydown', w.__onKey, true);
    return w.__lat;
  });
}

interface StreamFigures { longestFrameMs: number; droppedFrames: number; frames: number; appendFrames: number; lines: number }

async function startFrameClock(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __gaps: number[]; __stop: boolean };
    w.__gaps = [];
    w.__stop = false;
    let last = performance.now();
    const loop = (t: number) => {
      w.__gaps.push(t - last);
      last = t;
      if (!w.__stop) requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  });
}

async function stopFrameClock(page: Page): Promise<{ longestFrameMs: number; droppedFrames: number; frames: number }> {
  const gaps: number[] = await page.evaluate(() => {
    const w = window as unknown as { __gaps: number[]; __stop: boolean };
    w.__stop = true;
    return w.__gaps.slice(1);
  });
  const frameMs = 1000 / 60;
  return {
    longestFrameMs: round(Math.max(...gaps)),
    droppedFrames: gaps.reduce((n, g) => n + Math.max(0, Math.round(g / frameMs) - 1), 0),
    frames: gaps.length,
  };
}

async function openStreamNote(page: Page): Promise<void> {
  await page.evaluate(() => { location.hash = '#/notebook/BENCHSTREAM'; });
  await page.locator('#paragraph_stream_print').waitFor({ timeout: STEP_TIMEOUT_MS });
}

/**
 * 1,000 PARAGRAPH_APPEND_OUTPUT frames a second for 10 s into a paragraph the server really runs (`sleep`). The frames
 * are delivered as the app's socket delivers them (_injectFrames.ts), each the JSON text a server would send, so the
 * page pays the whole receive path: parse, validate, dispatch, reduce and draw.
 */
async function injectedStream(page: Page): Promise<StreamFigures> {
  await openStreamNote(page);
  const p = page.locator('#paragraph_stream_sleep');
  await p.getByRole('button', { name: 'Run paragraph' }).click();
  await p.getByRole('img', { name: 'Status RUNNING' }).waitFor({ timeout: STEP_TIMEOUT_MS });
  await startFrameClock(page);
  const cdp = process.env.BENCH_PROFILE ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  const t0 = Date.now();
  const appends = await page.evaluate((ms) => new Promise<number>((resolve) => {
    // Throws when there is no socket: the first call, in this executor, rejects the promise.
    const deliver = (window as unknown as { __deliverOp: (op: string, data: unknown) => void }).__deliverOp;
    deliver('PARAGRAPH_UPDATE_OUTPUT', { noteId: 'BENCHSTREAM', paragraphId: 'stream_sleep', index: 0, type: 'TEXT', data: '' });
    let n = 0;
    const start = performance.now();
    // each task delivers the frames due by the clock, so the rate stays at one a millisecond
    const tick = () => {
      const elapsed = performance.now() - start;
      const due = Math.floor(Math.min(ms, elapsed));
      for (; n < due; n++) {
        deliver('PARAGRAPH_APPEND_OUTPUT', { noteId: 'BENCHSTREAM', paragraphId: 'stream_sleep', index: 0, data: `\u001b[32mline ${n}\u001b[0m progress ${n % 100}%\n` });
      }
      if (elapsed < ms) setTimeout(tick, 1);
      else resolve(n);
    };
    tick();
  }), STREAM_MS);
  const figures = await stopFrameClock(page);
  if (cdp) fs.writeFileSync(process.env.BENCH_PROFILE as string, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  debug('injected', appends, Date.now() - t0);
  const last = `line ${appends - 1} `;
  await p.getByTestId('text-result').filter({ hasText: last }).waitFor({ timeout: 5_000 })
    .catch(() => { throw new Error('the last injected append was not drawn'); });
  await p.getByRole('button', { name: 'Cancel paragraph' }).click({ timeout: 5_000 }).catch(() => undefined);
  await p.getByRole('img', { name: /Status (ABORT|FINISHED|ERROR)/ }).waitFor({ timeout: STEP_TIMEOUT_MS });
  return { ...figures, appendFrames: appends, lines: appends };
}

/** A %python paragraph printing a line every millisecond for 10 s: the server batches them (about 10 frames/s). */
async function serverStream(page: Page, appendFrames: { n: number }): Promise<StreamFigures> {
  await openStreamNote(page);
  const p = page.locator('#paragraph_stream_print');
  await p.getByRole('button', { name: 'Run paragraph' }).click();
  await p.getByTestId('text-result').filter({ hasText: 'line 0 ' }).waitFor({ timeout: 60_000 });
  await startFrameClock(page);
  const before = appendFrames.n;
  await p.getByRole('img', { name: 'Status FINISHED' }).waitFor({ timeout: STREAM_MS + 20_000 });
  const figures = await stopFrameClock(page);
  const text = (await p.getByTestId('text-result').textContent()) ?? '';
  const done = /done (\d+)/.exec(text);
  if (!done) throw new Error(`the %python stream did not finish: …${text.slice(-300)}`);
  const lines = Number(done[1]);
  if (!text.includes(`line ${lines - 1} `)) throw new Error('the last printed line was not drawn');
  return { ...figures, appendFrames: appendFrames.n - before, lines };
}

async function main(): Promise<void> {
  const { notebookDir, confDir, base } = writeNotebook();
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const deadline = setTimeout(() => {
    console.error(`bench: still running after ${DEADLINE_MS / 1000} s, giving up`);
    process.exit(3);
  }, DEADLINE_MS);
  try {
    server = await startServer({ port: 0, host: '127.0.0.1', notebookDir, confDir, webDir: WEB_DIR,
      // ten seconds of a line a millisecond is ~350 kB, over Zeppelin's default 100 kB output limit
      settings: { 'zeppelin.interpreter.output.limit': '4000000' } });
    debug('server', server.url);
    browser = await launch();
    const { page } = browser;
    // The page's websocket goes to the server untouched; the streaming step also sends frames of its own into it.
    // counts the server's append frames as the browser receives them (DevTools events, off the page's thread)
    const appendFrames = { n: 0 };
    page.on('websocket', (ws) => ws.on('framereceived', (f) => {
      if (typeof f.payload === 'string' && f.payload.includes('"PARAGRAPH_APPEND_OUTPUT"')) appendFrames.n++;
    }));
    // tsx keeps function names with a `__name` helper that page-side callbacks would otherwise miss; the streaming
    // step delivers frames as the app's socket does (_injectFrames.ts)
    await page.addInitScript(`window.__name = (f) => f;
      ${INJECT_FRAMES_SCRIPT}`);
    page.on('crash', () => console.error('page crashed'));
    page.on('pageerror', (e) => console.error('page error', e.message));
    await page.goto(`${server.url}/`);
    await page.getByRole('status', { name: 'WebSocket Connected' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    // warm the editor chunk and code paths once
    await firstScreen(page, 'BENCH5');
    await firstScreen(page, 'BENCH50');
    debug('warm done');
    const t50: number[] = [];
    const t500: number[] = [];
    for (let i = 0; i < REPS; i++) {
      t50.push(await firstScreen(page, 'BENCH50'));
      t500.push(await firstScreen(page, 'BENCH500'));
    }
    debug('first screen', t50, t500);
    const k5 = await keyToPaint(page, 'BENCH5');
    const k500 = await keyToPaint(page, 'BENCH500');
    debug('typing done');
    const injected = await injectedStream(page);
    debug('injected stream done');
    const printed = await serverStream(page, appendFrames);
    debug('server stream done');
    console.log(JSON.stringify({
      bench: 'notePage',
      firstScreenMs: { note50: round(median(t50)), note500: round(median(t500)), ratio500to50: +(median(t500) / median(t50)).toFixed(2), runs50: t50.map(round), runs500: t500.map(round) },
      keyToPaintMs: { p95note5: round(p95(k5)), p95note500: round(p95(k500)), median5: round(median(k5)), median500: round(median(k500)), samples: [k5.length, k500.length] },
      streaming: {
        injected1000AppendsPerSecondFor10s: injected,
        python1LinePerMsFor10s: printed,
      },
    }, null, 2));
  } finally {
    clearTimeout(deadline);
    await browser?.close().catch(() => undefined);
    await server?.close().catch(() => undefined);
    fs.rmSync(base, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (e: unknown) => {
  console.error(e);
  process.exit(1);
});
