/**
 * The home page with a big notebook: 10,000 notes in 500 folders against 100 notes in 5 folders, in Chromium
 * against the embedded server. Measures the time from navigation to the first list row, and from a filter
 * keystroke to the painted result; prints the figures and the 10,000 / 100 ratios as one JSON object.
 * Run after a build: npx tsx bench/home.ts   (ZEPPELIN_WEB_DIR selects the built UI)
 */
import fs from 'fs';
import os from 'os';
import path from 'path';
import { startServer } from '../server/app';
import { launch } from '../e2e/support/browser';

const ALPHABET = '123456789ABCDEFGHJKMNPQRSTUVWXYZ';
const noteId = (i: number): string => {
  let s = '';
  for (let n = i + 1_000_000; s.length < 9; n = Math.floor(n / 32)) s = ALPHABET[n % 32] + s;
  return s;
};

function writeNotebook(dir: string, notes: number, folders: number): void {
  for (let i = 0; i < notes; i++) {
    const folder = path.join(dir, `folder ${String(i % folders).padStart(3, '0')}`);
    fs.mkdirSync(folder, { recursive: true });
    const id = noteId(i);
    const name = `note ${String(i).padStart(5, '0')}`;
    fs.writeFileSync(path.join(folder, `${name}_${id}.zpln`), JSON.stringify({ id, name, paragraphs: [], config: {}, info: {} }));
  }
}

/**
 * In the page: one keystroke into the filter, resolved once the list has changed and the next frame is painted.
 * Kept as source text: tsx would wrap named functions in a helper the page does not have.
 */
const KEYSTROKE = `(ch) => new Promise((resolve) => {
  const input = document.querySelector('input[placeholder="Filter"]');
  const section = document.querySelector('ul[aria-label="Notes"]').parentElement;
  const t0 = performance.now();
  let done = false;
  let obs = null;
  const finish = (changed) => {
    if (done) return;
    done = true;
    obs.disconnect();
    requestAnimationFrame(() => setTimeout(() => resolve(changed ? performance.now() - t0 : -1), 0));
  };
  obs = new MutationObserver(() => finish(true));
  obs.observe(section, { childList: true, subtree: true, characterData: true });
  // A keystroke that leaves the visible rows unchanged paints nothing new; it is left out of the figures (-1).
  setTimeout(() => finish(false), 1000);
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, input.value + ch);
  input.dispatchEvent(new Event('input', { bubbles: true }));
})`;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x: number): number => Math.round(x * 10) / 10;

async function measure(notes: number, folders: number) {
  const webDir = process.env.ZEPPELIN_WEB_DIR || path.join(__dirname, '..', 'dist');
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'home-bench-'));
  const notebookDir = path.join(base, 'notebook');
  writeNotebook(notebookDir, notes, folders);
  fs.mkdirSync(path.join(base, 'conf'));
  const server = await startServer({ port: 0, host: '127.0.0.1', notebookDir, confDir: path.join(base, 'conf'), webDir });
  const browser = await launch();
  try {
    const { page } = browser;
    await page.addInitScript(`new MutationObserver((_m, obs) => {
      if (document.querySelector('.tree-row')) { window.firstListAt = performance.now(); obs.disconnect(); }
    }).observe(document, { childList: true, subtree: true });`);
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) {
      await page.goto(server.url);
      await page.locator('.tree-row').first().waitFor({ timeout: 60_000 });
      runs.push(await page.evaluate('window.firstListAt') as number);
    }
    const keys: number[] = [];
    for (const word of ['123', '456', '78', '9', '0']) {
      await page.getByPlaceholder('Filter').fill('');
      for (const ch of word) keys.push(await page.evaluate(`(${KEYSTROKE})(${JSON.stringify(ch)})`) as number);
    }
    const painted = keys.filter((k) => k >= 0);
    const rows = await page.locator('.tree-row').count();
    return { notes, folders, timeToFirstListMs: round(median(runs)), keystrokeToPaintMs: { median: round(median(painted)), max: round(Math.max(...painted)), keystrokes: painted.length }, rowsShown: rows };
  } finally {
    await browser.close();
    await server.close();
    fs.rmSync(base, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const small = await measure(100, 5);
  const big = await measure(10_000, 500);
  console.log(JSON.stringify({
    bench: 'home',
    small,
    big,
    ratios: {
      timeToFirstList: round(big.timeToFirstListMs / small.timeToFirstListMs),
      keystrokeToPaintMedian: round(big.keystrokeToPaintMs.median / small.keystrokeToPaintMs.median),
      keystrokeToPaintMax: round(big.keystrokeToPaintMs.max / small.keystrokeToPaintMs.max),
    },
  }, null, 2));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
