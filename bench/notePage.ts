/**
 * The note page in Chromium: time to the first screen of paragraphs for 50- and 500-paragraph notes with results,
 * key-to-paint latency in a 500- and a 5-paragraph note, and 1,000 output appends per second for 10 s.
 * The built UI is served from disk and the REST and websocket answers come from the bench itself (the notes,
 * then the streamed frames), so the figures measure the page alone, not a server.
 * Run after a build: npx tsx bench/notePage.ts   (prints one JSON object; ZEPPELIN_WEB_DIR selects the build)
 */
import fs from 'fs';
import path from 'path';
import type { Page, WebSocketRoute } from 'playwright-core';
import { launch } from '../e2e/support/browser';
import type { Note, Paragraph } from '../src/protocol';

const WEB_DIR = process.env.ZEPPELIN_WEB_DIR || path.resolve(__dirname, '..', 'dist');
const ORIGIN = 'http://bench.invalid';
const REST: Record<string, unknown> = {
  '/api/security/ticket': { principal: 'anonymous', ticket: 'anonymous', roles: '[]' },
  '/api/helium/enabledPackage': [],
  '/api/version': { version: 'bench' },
  '/api/configurations/client': { wsMaxMessageSize: 10240000 },
};
const MIME: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.ttf': 'font/ttf' };

const REPS = Number(process.env.BENCH_REPS || 5);

function paragraph(i: number): Paragraph {
  const lines = Array.from({ length: 20 }, (_, k) => `row ${k} of paragraph ${i}: ${'x'.repeat(40)}`).join('\n');
  const html = i % 5 === 0;
  return {
    id: `paragraph_bench_${i}`, text: html ? `%md\n# Section ${i}\nSome *markdown* text.` : `%python\nfor k in range(20):\n    print(k)  # ${i}`,
    status: 'FINISHED', config: html ? { editorHide: true, editorSetting: { language: 'markdown', editOnDblClick: true } } : { editorSetting: { language: 'python', editOnDblClick: false } },
    settings: { params: {}, forms: {} }, user: 'anonymous', dateStarted: '2026-08-22T10:00:00+0000', dateFinished: '2026-08-22T10:00:02+0000',
    dateUpdated: '2026-08-22T09:59:00+0000',
    results: { code: 'SUCCESS', msg: [html ? { type: 'HTML', data: `<h1>Section ${i}</h1><p>Some <em>markdown</em> text.</p>` } : { type: 'TEXT', data: lines }] },
  };
}

const makeNote = (id: string, n: number): Note => ({ id, name: `bench ${n}`, path: `/bench ${n}`, config: { looknfeel: 'default' }, info: {}, paragraphs: Array.from({ length: n }, (_, i) => paragraph(i)) });
const NOTES: Record<string, Note> = { BENCH5: makeNote('BENCH5', 5), BENCH50: makeNote('BENCH50', 50), BENCH500: makeNote('BENCH500', 500) };

const frame = (op: string, data: unknown) => JSON.stringify({ op, data, ticket: 'anonymous', principal: 'anonymous', roles: '' });

let client: WebSocketRoute | null = null;

async function route(page: Page): Promise<void> {
  await page.route(`${ORIGIN}/**`, async (r) => {
    const url = new URL(r.request().url());
    if (url.pathname.startsWith('/api/')) {
      const body = REST[url.pathname] ?? (url.pathname.endsWith('/permissions') ? { owners: [], readers: [], runners: [], writers: [] } : null);
      await r.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ status: 'OK', message: '', body }) });
      return;
    }
    const file = path.join(WEB_DIR, url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname));
    if (!fs.existsSync(file)) {
      await r.fulfill({ status: 404, body: '' });
      return;
    }
    await r.fulfill({ status: 200, contentType: MIME[path.extname(file)] ?? 'application/octet-stream', body: fs.readFileSync(file) });
  });
  await page.routeWebSocket(/\/ws$/, (ws) => {
    client = ws;
    ws.onMessage((raw) => {
      const m = JSON.parse(String(raw)) as { op: string; data: { id?: string } };
      if (m.op === 'LIST_NOTES') ws.send(frame('NOTES_INFO', { notes: Object.values(NOTES).map((n) => ({ id: n.id, path: n.path })) }));
      if (m.op === 'GET_NOTE' && m.data.id && NOTES[m.data.id]) ws.send(frame('NOTE', { note: NOTES[m.data.id] }));
    });
  });
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];
const round = (x: number): number => Math.round(x * 10) / 10;

/** From the route change to the frame after every paragraph in the viewport is drawn with its results. */
async function firstScreen(page: Page, noteId: string): Promise<number> {
  await page.evaluate(() => { location.hash = '#/'; });
  await page.getByRole('status', { name: 'WebSocket Connected' }).waitFor();
  return page.evaluate((id) => new Promise<number>((resolve) => {
    const t0 = performance.now();
    location.hash = `#/notebook/${id}`;
    const check = () => {
      const sections = [...document.querySelectorAll('section[id^="paragraph_"]')] as HTMLElement[];
      const inView = sections.filter((s) => s.getBoundingClientRect().top < innerHeight);
      const ready = inView.length > 3 && inView.every((s) => !s.classList.contains('paragraph-placeholder') && s.querySelector('.paragraph-results'));
      if (ready) requestAnimationFrame(() => resolve(performance.now() - t0));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }), noteId);
}

/** Key press to the next painted frame, typed into the first editor. */
async function keyToPaint(page: Page, noteId: string): Promise<number[]> {
  await page.evaluate((id) => { location.hash = `#/notebook/${id}`; }, noteId);
  const editor = page.locator('#paragraph_paragraph_bench_1 .monaco-editor .view-lines');
  await editor.waitFor();
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.evaluate(() => {
    const w = window as unknown as { __lat: number[] };
    w.__lat = [];
    document.addEventListener('keydown', (e) => {
      const t = e.timeStamp;
      requestAnimationFrame(() => setTimeout(() => w.__lat.push(performance.now() - t), 0));
    }, true);
  });
  for (let i = 0; i < 60; i++) await page.keyboard.type('a', { delay: 30 });
  return page.evaluate(() => (window as unknown as { __lat: number[] }).__lat);
}

/** 1,000 appends a second for 10 s into one running paragraph; frame gaps measured in the page. */
async function streaming(page: Page): Promise<{ longestFrameMs: number; droppedFrames: number; frames: number; appends: number }> {
  await page.evaluate(() => { location.hash = '#/notebook/BENCH50'; });
  await page.locator('#paragraph_paragraph_bench_1').waitFor();
  const pid = 'paragraph_bench_1';
  const running = { ...paragraph(1), status: 'RUNNING', results: { msg: [] } };
  client?.send(frame('PARAGRAPH', { paragraph: running }));
  client?.send(frame('PARAGRAPH_UPDATE_OUTPUT', { noteId: 'BENCH50', paragraphId: pid, index: 0, type: 'TEXT', data: '' }));
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
  let appends = 0;
  const start = Date.now();
  // 10 frames every 10 ms: the server batches every ~100 ms, so this is harsher than a real one.
  while (Date.now() - start < 10_000) {
    for (let k = 0; k < 10; k++) {
      client?.send(frame('PARAGRAPH_APPEND_OUTPUT', { noteId: 'BENCH50', paragraphId: pid, index: 0, data: `\u001b[32mline ${appends++}\u001b[0m progress ${appends % 100}%\n` }));
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const gaps: number[] = await page.evaluate(() => {
    const w = window as unknown as { __gaps: number[]; __stop: boolean };
    w.__stop = true;
    return w.__gaps.slice(1);
  });
  const shown = await page.locator(`#paragraph_${pid} [data-testid="text-result"]`).textContent();
  if (!shown?.includes(`line ${appends - 1} `)) throw new Error('the last append was not drawn');
  const frameMs = 1000 / 60;
  return {
    longestFrameMs: round(Math.max(...gaps)), droppedFrames: gaps.reduce((n, g) => n + Math.max(0, Math.round(g / frameMs) - 1), 0),
    frames: gaps.length, appends,
  };
}

async function main(): Promise<void> {
  const browser = await launch();
  const { page } = browser;
  try {
    await route(page);
    // tsx keeps function names with a `__name` helper that page-side callbacks would otherwise miss
    await page.addInitScript('window.__name = (f) => f;');
    page.on('crash', () => console.error('page crashed'));
    page.on('pageerror', (e) => console.error('page error', e.message));
    await page.goto(`${ORIGIN}/`);
    await page.getByRole('status', { name: 'WebSocket Connected' }).waitFor();
    // warm the editor chunk and code paths once
    await firstScreen(page, 'BENCH5');
    if (process.env.BENCH_DEBUG) console.error('warm done');
    const t50: number[] = [];
    const t500: number[] = [];
    for (let i = 0; i < REPS; i++) {
      t50.push(await firstScreen(page, 'BENCH50'));
      t500.push(await firstScreen(page, 'BENCH500'));
    }
    const k5 = await keyToPaint(page, 'BENCH5');
    const k500 = await keyToPaint(page, 'BENCH500');
    const stream = await streaming(page);
    console.log(JSON.stringify({
      bench: 'notePage',
      firstScreenMs: { note50: round(median(t50)), note500: round(median(t500)), ratio500to50: +(median(t500) / median(t50)).toFixed(2), runs50: t50.map(round), runs500: t500.map(round) },
      keyToPaintMs: { p95note5: round(p95(k5)), p95note500: round(p95(k500)), median5: round(median(k5)), median500: round(median(k500)), samples: k5.length },
      streaming: stream,
    }, null, 2));
  } finally {
    await browser.close().catch(() => undefined);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
