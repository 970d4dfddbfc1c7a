/**
 * Launches Chromium headless (Debian's, CHROMIUM_PATH, or the one an npm package ships: see chromium.ts) with a fresh
 * profile and the flags that keep it off the network; nothing is downloaded.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { chromiumBinary, packagedChromium, systemChromium } from './chromium';

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
  close(): Promise<void>;
}

/** `packaged` launches the npm package's Chromium even where Debian's is installed. */
export async function launch(opts: { viewport?: { width: number; height: number }; packaged?: boolean } = {}): Promise<Browser> {
  const binary = await (opts.packaged ? packagedChromium() : chromiumBinary());
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'zeppelin-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: binary.executablePath,
    env: { ...process.env, ...binary.env },
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: opts.viewport ?? { width: 1280, height: 900 },
    acceptDownloads: true,
  }).catch((e: unknown) => {
    fs.rmSync(profile, { recursive: true, force: true });
    throw e;
  });
  const requests: string[] = [];
  context.on('request', (r) => requests.push(r.url()));
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context, page, requests,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
