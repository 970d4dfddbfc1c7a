/**
 * Launches Chromium headless (Debian's, CHROMIUM_PATH, or the one an npm package ships: see chromium.ts) with a fresh
 * profile and the flags that keep it off the network; nothing is downloaded.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { chromiumBinary, packagedChromium, systemChromium } from './chromium';
import { claimDiskCache } from './workerCache';

/** The system Chromium when there is one; `launch()` falls back to the packaged one when there is none. */
export const CHROMIUM_PATH = systemChromium() ?? 'packaged';

/**
 * The features playwright-core 1.65 turns off with its own --disable-features switch. Chromium reads only the last
 * such switch, so ours repeats this list (e2e/chromium.e2e.ts fails if Playwright's names one that ours does not).
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
  'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The full headless Chromium builds its address bar's popups as WebUI pages at every launch, in a renderer of their
 * own, though no test has an address bar: 0.4 CPU-s of each launch's 1.1.
 */
const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

// Web security and site isolation stay on: the result-isolation tests depend on them. Site isolation is forced
// because the packaged headless Chromium does not isolate sites by default (e2e/chromium.e2e.ts checks both).
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--site-per-process',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(',')}`,
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Every URL the page requested, to prove nothing left the machine. */
  requests: string[];
  /** The last lines of what the pages printed and the websocket ops they exchanged, for a failed test's report. */
  recent(): string[];
  /** The test that launched it (jest's full name): a failed test reports the browsers it launched. */
  launchedBy: string | undefined;
  close(): Promise<void>;
}

/** Browsers launched and not closed yet: e2e/support/jestSetup.ts reports theirs when a test fails. */
export const openBrowsers = new Set<Browser>();

const RECENT_LINES = 80;

/** Console lines, page errors and websocket op names of every page of the context, the newest RECENT_LINES. */
function recordRecent(context: BrowserContext): () => string[] {
  const lines: string[] = [];
  const start = Date.now();
  const add = (line: string): void => {
    lines.push(`${((Date.now() - start) / 1000).toFixed(2).padStart(7)} s ${line.slice(0, 300)}`);
    if (lines.length > RECENT_LINES) lines.shift();
  };
  const opOf = (payload: string | Buffer): string => /"op"\s*:\s*"(\w+)"/.exec(String(payload).slice(0, 200))?.[1] ?? '?';
  const watch = (page: Page): void => {
    const tab = `page ${context.pages().indexOf(page)}`;
    page.on('console', (m) => add(`${tab} console.${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => add(`${tab} page error: ${e.message}`));
    page.on('framenavigated', (f) => { if (f === page.mainFrame()) add(`${tab} at ${f.url()}`); });
    page.on('websocket', (ws) => {
      add(`${tab} websocket open ${ws.url()}`);
      ws.on('framesent', (f) => add(`${tab} ws sent ${opOf(f.payload)}`));
      ws.on('framereceived', (f) => add(`${tab} ws received ${opOf(f.payload)}`));
      ws.on('close', () => add(`${tab} websocket closed`));
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return () => [...lines];
}

/** `packaged` launches the npm package's Chromium even where Debian's is installed. */
export async function launch(opts: { viewport?: { width: number; height: number }; packaged?: boolean } = {}): Promise<Browser> {
  const binary = await (opts.packaged ? packagedChromium() : chromiumBinary());
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'zeppelin-chromium-'));
  // The worker's shared cache (support/workerCache.ts), but not for a binary other than the run's usual one: another
  // Chromium version would throw the cache away for the browsers after it.
  const cache = opts.packaged ? undefined : claimDiskCache();
  const done = (): void => {
    fs.rmSync(profile, { recursive: true, force: true });
    cache?.release();
  };
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: binary.executablePath,
    env: { ...process.env, ...binary.env },
    headless: true,
    args: cache ? [...CHROMIUM_ARGS, `--disk-cache-dir=${cache.dir}`] : CHROMIUM_ARGS,
    viewport: opts.viewport ?? { width: 1280, height: 900 },
    acceptDownloads: true,
  }).catch((e: unknown) => {
    done();
    throw e;
  });
  const requests: string[] = [];
  context.on('request', (r) => requests.push(r.url()));
  const recent = recordRecent(context);
  const page = context.pages()[0] ?? (await context.newPage());
  const browser: Browser = {
    context, page, requests, recent,
    // Outside jest (bench/, probes) there is no test.
    launchedBy: typeof expect === 'undefined' ? undefined : expect.getState().currentTestName,
    async close() {
      openBrowsers.delete(browser);
      await context.close();
      done();
    },
  };
  openBrowsers.add(browser);
  return browser;
}
