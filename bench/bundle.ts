/**
 * What a browser downloads to show the home page (read from a real page load in Chromium, raw and gzip), and the
 * size of the lazily loaded Monaco chunk, against the 350 KB gzip budget.
 * Run after `npm run build`: npx tsx bench/bundle.ts   (prints one JSON object)
 */
import fs from 'fs';
import path from 'path';
import zlib from 'zlib';
import { launch } from '../e2e/support/browser';
import { startTestServer, ROOT } from '../e2e/support/server';

const BUDGET_GZIP_BYTES = 350 * 1024;

async function main(): Promise<void> {
  const server = await startTestServer();
  const browser = await launch();
  const scripts: { url: string; raw: number; gzip: number }[] = [];
  browser.page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    scripts.push({ url: new URL(res.url()).pathname, raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length });
  });
  try {
    await browser.page.goto(server.url);
    await browser.page.getByRole('status', { name: 'WebSocket Connected' }).waitFor();
    await browser.page.getByRole('link', { name: '1. IPython Basic' }).waitFor();
    await browser.page.waitForLoadState('networkidle');
  } finally {
    await browser.close();
    await server.close();
  }
  const dist = path.join(ROOT, 'dist');
  const monacoFiles = fs.readdirSync(dist).filter((f) => /^monaco-editor\..*\.js$/.test(f));
  const monaco = monacoFiles.map((f) => fs.readFileSync(path.join(dist, f)));
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const homeGzip = sum(scripts.map((s) => s.gzip));
  console.log(JSON.stringify({
    bench: 'bundle',
    homePage: { scripts: scripts.length, rawBytes: sum(scripts.map((s) => s.raw)), gzipBytes: homeGzip, files: scripts },
    monacoChunk: { files: monacoFiles, rawBytes: sum(monaco.map((b) => b.length)), gzipBytes: sum(monaco.map((b) => zlib.gzipSync(b, { level: 9 }).length)) },
    budgetGzipBytes: BUDGET_GZIP_BYTES,
    withinBudget: homeGzip <= BUDGET_GZIP_BYTES,
    ratioToBudget: +(homeGzip / BUDGET_GZIP_BYTES).toFixed(3),
  }, null, 2));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
