/**
 * Result display speed. Node: parse a 1,000,000-cell table text (250,000 rows × 4 columns) into typed grid data and
 * pivot it into bar-chart series (one key, one group, one summed value), next to a bare split('\n')/split('\t') pass
 * over the same text in the same run. Chromium (when a built UI is found): a 100,000-row table result scrolled top
 * to bottom, with the DOM row count and the longest frame.
 * Run: npx tsx bench/results.ts   (prints one JSON object; ZEPPELIN_WEB_DIR picks the built UI, default dist/)
 */
import fs from 'fs';
import os from 'os';
import path from 'path';
import { parseTableText } from '../src/results/table/parseTable';
import { pivot } from '../src/results/pivot/pivot';

const ROWS = 250_000;
const ROUNDS = 9;

function tableText(rows: number): string {
  const parts = ['category\tgroup\tvalue\tprice'];
  for (let i = 0; i < rows; i++) parts.push(`item${i % 97}\tg${i % 7}\t${(i * 7919) % 100_000}\t${((i * 31) % 10_000) / 100}`);
  return parts.join('\n') + '\n';
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function timed(f: () => unknown): number {
  const t0 = performance.now();
  const out = f();
  const ms = performance.now() - t0;
  if (out === undefined) throw new Error('benchmark produced nothing');
  return ms;
}

function nodeFigures() {
  const text = tableText(ROWS);
  const bare = () => {
    let cells = 0;
    for (const line of text.split('\n')) cells += line.split('\t').length;
    return cells;
  };
  const config = { keys: [{ name: 'category', index: 0 }], groups: [{ name: 'group', index: 1 }], values: [{ name: 'value', index: 2, aggr: 'sum' as const }] };
  const table = parseTableText(text);
  const check = pivot(table, config);
  if (check.series.length !== 7 || check.xLabels.length !== 97) throw new Error('pivot gave the wrong shape');
  const b: number[] = [], p: number[] = [], v: number[] = [], pr: number[] = [], vr: number[] = [];
  // Interleaved rounds: a noisy neighbour slows all three alike, and each ratio compares the same moment.
  for (let i = 0; i < ROUNDS; i++) {
    const bt = timed(bare);
    const pt = timed(() => parseTableText(text));
    const vt = timed(() => pivot(table, config));
    b.push(bt); p.push(pt); v.push(vt); pr.push(pt / bt); vr.push(vt / bt);
  }
  return {
    cells: ROWS * 4,
    textMB: +(text.length / 1e6).toFixed(1),
    bareSplitMs: +median(b).toFixed(1),
    parseMs: +median(p).toFixed(1),
    pivotMs: +median(v).toFixed(1),
    parseRatio: +median(pr).toFixed(3),
    pivotRatio: +median(vr).toFixed(3),
    targets: { parseRatio: 1.0, pivotRatio: 0.15 },
  };
}

async function chromiumFigures() {
  const webDir = process.env.ZEPPELIN_WEB_DIR || path.join(__dirname, '..', 'dist');
  if (!fs.existsSync(path.join(webDir, 'index.html'))) return { skipped: `no built UI in ${webDir}` };
  const { startServer } = await import('../server/app');
  const { launch } = await import('../e2e/support/browser');
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'results-bench-'));
  const notebookDir = path.join(base, 'notebook');
  fs.mkdirSync(notebookDir);
  fs.mkdirSync(path.join(base, 'conf'));
  const rows = 100_000;
  const data = 'id\tname\tvalue\n' + Array.from({ length: rows }, (_, i) => `${i + 1}\tname ${i}\t${(i * 37) % 1000}`).join('\n') + '\n';
  const note = {
    id: '2BENCHRES', name: 'bench rows', config: {}, info: {}, noteParams: {}, noteForms: {}, angularObjects: {},
    paragraphs: [{ id: 'paragraph_bench_1', text: '%sql\nselect *', status: 'FINISHED', config: { results: { 0: { graph: { mode: 'table', height: 600 } } } },
      settings: { params: {}, forms: {} }, results: { code: 'SUCCESS', msg: [{ type: 'TABLE', data }] } }],
  };
  fs.writeFileSync(path.join(notebookDir, 'bench rows_2BENCHRES.zpln'), JSON.stringify(note));
  const server = await startServer({ port: 0, host: '127.0.0.1', notebookDir, confDir: path.join(base, 'conf'), webDir });
  const browser = await launch();
  try {
    const { page } = browser;
    await page.goto(`${server.url}#/notebook/2BENCHRES`);
    const p = page.locator('#paragraph_paragraph_bench_1');
    await p.waitFor({ timeout: 30_000 });
    // About 2 MB of result: the note page first offers to render it (the large-result guard), as a user sees it.
    const render = p.getByRole('group', { name: 'Large result' }).getByRole('button', { name: 'Render' });
    const grid = p.getByTestId('grid-scroll');
    await render.or(grid).first().waitFor({ timeout: 30_000 });
    let renderMs: number | null = null;
    if (await render.isVisible()) {
      const t0 = Date.now();
      await render.click();
      await p.locator('tbody tr[role="row"]').first().waitFor({ timeout: 60_000 });
      renderMs = Date.now() - t0;
    }
    await p.locator('tbody tr[role="row"]').first().waitFor({ timeout: 60_000 });
    // No named function values inside: tsx would wrap them in a helper the page does not have.
    const result = await page.evaluate(async () => {
      const el = document.querySelector('[data-testid="grid-scroll"]') as HTMLElement;
      const longTasks: number[] = [];
      const observer = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes.includes('longtask')
        ? new PerformanceObserver((list) => { for (const e of list.getEntries()) longTasks.push(e.duration); })
        : null;
      observer?.observe({ type: 'longtask' });
      const frames: number[] = [];
      const counts: number[] = [];
      let last = await new Promise<number>((r) => requestAnimationFrame(r));
      // Top to bottom in 120 jumps of about 830 rows each, then 200 small wheel-like steps near the middle.
      const steps = 120;
      const targets: number[] = [];
      for (let i = 1; i <= steps; i++) targets.push((el.scrollHeight - el.clientHeight) * (i / steps));
      const mid = (el.scrollHeight - el.clientHeight) / 2;
      for (let i = 0; i < 200; i++) targets.push(mid + i * 40);
      for (const top of targets) {
        el.scrollTop = top;
        const now = await new Promise<number>((r) => requestAnimationFrame(r));
        frames.push(now - last);
        last = now;
        counts.push(el.querySelectorAll('tbody tr[role="row"]').length);
      }
      el.scrollTop = el.scrollHeight;
      await new Promise<number>((r) => requestAnimationFrame(r));
      await new Promise<number>((r) => requestAnimationFrame(r));
      const lastCell = el.querySelector('tbody tr[role="row"]:last-of-type td')?.textContent;
      observer?.disconnect();
      return {
        frames, counts, lastCell, longTasks, observed: observer !== null,
        rowcount: el.querySelector('[role="grid"]')?.getAttribute('aria-rowcount'),
        domNodes: el.getElementsByTagName('*').length,
      };
    });
    if (result.counts.length === 0) throw new Error('no scroll steps measured');
    return {
      rows,
      renderMs,
      ariaRowCount: Number(result.rowcount),
      domRowsMin: Math.min(...result.counts),
      domRowsMax: Math.max(...result.counts),
      gridDomNodes: result.domNodes,
      scrollSteps: result.frames.length,
      longestFrameMs: +Math.max(...result.frames).toFixed(1),
      medianFrameMs: +median(result.frames).toFixed(1),
      longTasksWhileScrolling: result.observed ? result.longTasks.length : null,
      longestTaskMs: result.observed ? +Math.max(0, ...result.longTasks).toFixed(1) : null,
      lastRowReached: result.lastCell === String(rows),
    };
  } finally {
    await browser.close();
    await server.close();
    fs.rmSync(base, { recursive: true, force: true });
  }
}

async function main() {
  const node = nodeFigures();
  const chromium = await chromiumFigures();
  console.log(JSON.stringify({ node, chromium }, null, 2));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
