/**
 * The action log's cost in a long streaming session: the page's JS heap after garbage collection, before and after a
 * running paragraph of an open note receives 5,000 PARAGRAPH_APPEND_OUTPUT frames (delivered into the page's own
 * websocket, so the whole receive path runs: parse, check, dispatch, log, reduce, draw).
 * Measured twice in the same run: with the action log's default limits, and with its smallest (1,000 actions, 1 MB)
 * as the baseline, where the log holds next to nothing. Goal: at most 50 MB of growth with the defaults.
 * Run after a build: npx tsx bench/actionLogHeap.ts (ZEPPELIN_WEB_DIR selects another build folder)   (prints one JSON object)
 */
import fs from 'fs';
import os from 'os';
import path from 'path';
import type { Page } from 'playwright-core';
import { launch } from '../e2e/support/browser';
import { ROOT } from '../e2e/support/server';
import { startServer } from '../server/app';
import type { Note } from '../protocol';
import { INJECT_FRAMES_SCRIPT } from './_injectFrames';

const WEB_DIR = process.env.ZEPPELIN_WEB_DIR || path.join(ROOT, 'dist');
const APPENDS = Number(process.env.BENCH_APPENDS || 5000);
/** Appends per animation frame: the page draws (and so reads the whole output) between batches, as while a job streams. */
const PER_FRAME = Number(process.env.BENCH_PER_FRAME || 10);
const GOAL_MB = 50;
const STEP_TIMEOUT_MS = 60_000;
const MB = 1024 * 1024;

function writeNotebook(): { notebookDir: string; confDir: string; base: string } {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'zeppelin-bench-log-'));
  const notebookDir = path.join(base, 'notebook');
  const confDir = path.join(base, 'conf');
  fs.mkdirSync(notebookDir);
  fs.mkdirSync(confDir);
  const note = {
    id: 'BENCHLOG', name: 'bench log', config: { looknfeel: 'default' }, info: {},
    paragraphs: [{ id: 'stream_sleep', text: '%sh\nsleep 120', status: 'READY', config: {}, settings: { params: {}, forms: {} } }],
  } as unknown as Note;
  fs.writeFileSync(path.join(notebookDir, `${note.name}_${note.id}.zpln`), JSON.stringify(note, null, 2));
  return { notebookDir, confDir, base };
}

async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

/** Heap growth (bytes) of one session with the given action log limits. */
async function session(url: string, limits: { maxEntries: number; maxBytes: number }): Promise<{ growth: number; drawn: number }> {
  const browser = await launch();
  try {
    const { page } = browser;
    // frames are delivered through window.__deliverFrame (_injectFrames.ts); the limits are the saved ones
    await page.addInitScript(`window.__name = (f) => f;
      localStorage.setItem('zeppelin.preferences', ${JSON.stringify(JSON.stringify({ actionLog: limits }))});
      ${INJECT_FRAMES_SCRIPT}`);
    await page.goto(`${url}/#/notebook/BENCHLOG`);
    const p = page.locator('#paragraph_stream_sleep');
    await p.getByRole('button', { name: 'Run paragraph' }).click({ timeout: STEP_TIMEOUT_MS });
    await p.getByRole('img', { name: 'Status RUNNING' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    const before = await heapAfterGc(page);
    const delivered = await page.evaluate(([n, perFrame]) => new Promise<number>((resolve) => {
      // Throws when there is no socket: the first call, in this executor, rejects the promise.
      const deliver = (window as unknown as { __deliverOp: (op: string, data: unknown) => void }).__deliverOp;
      deliver('PARAGRAPH_UPDATE_OUTPUT', { noteId: 'BENCHLOG', paragraphId: 'stream_sleep', index: 0, type: 'TEXT', data: '' });
      let i = 0;
      const tick = () => {
        for (const end = Math.min(n, i + perFrame); i < end; i++) {
          deliver('PARAGRAPH_APPEND_OUTPUT', { noteId: 'BENCHLOG', paragraphId: 'stream_sleep', index: 0, data: `2026-11-26 10:00:${String(i % 60).padStart(2, '0')} INFO worker-${i % 8} processed batch ${i} of the nightly load\n` });
        }
        if (i < n) requestAnimationFrame(() => setTimeout(tick, 0));
        else resolve(i);
      };
      tick();
    }), [APPENDS, PER_FRAME] as const);
    await p.getByTestId('text-result').filter({ hasText: `processed batch ${delivered - 1} ` }).waitFor({ timeout: STEP_TIMEOUT_MS });
    const after = await heapAfterGc(page);
    await p.getByRole('button', { name: 'Cancel paragraph' }).click({ timeout: 5_000 }).catch(() => undefined);
    return { growth: after - before, drawn: delivered };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const { notebookDir, confDir, base } = writeNotebook();
  const server = await startServer({ port: 0, host: '127.0.0.1', notebookDir, confDir, webDir: WEB_DIR });
  try {
    const baseline = await session(server.url, { maxEntries: 1000, maxBytes: MB });
    const defaults = await session(server.url, { maxEntries: 200_000, maxBytes: 64 * MB });
    const mb = (b: number) => Math.round((b / MB) * 10) / 10;
    console.log(JSON.stringify({
      bench: 'actionLogHeap',
      appends: defaults.drawn,
      heapGrowthAfterGcMB: { defaultLimits: mb(defaults.growth), smallestLimits: mb(baseline.growth) },
      ratioToSmallestLimits: +(defaults.growth / Math.max(1, baseline.growth)).toFixed(2),
      goalMB: GOAL_MB,
      withinGoal: defaults.growth <= GOAL_MB * MB,
    }, null, 2));
    if (defaults.growth > GOAL_MB * MB) process.exitCode = 1;
  } finally {
    await server.close();
    fs.rmSync(base, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
