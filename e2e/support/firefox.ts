/**
 * Debian's Firefox ESR (or FIREFOX_PATH) driven by puppeteer-core over WebDriver BiDi, for the smoke tests that
 * check the app in a second engine. Where Firefox is absent those tests are skipped by name with the install hint.
 */
import fs from 'fs';
import puppeteer, { type Browser, type ElementHandle, type Frame, type Page } from 'puppeteer-core';

const SYSTEM_FIREFOX = ['/usr/bin/firefox-esr', '/usr/bin/firefox'];

export const FIREFOX_PATH = process.env.FIREFOX_PATH || SYSTEM_FIREFOX.find((p) => fs.existsSync(p));

/** Why the Firefox tests cannot run here, or undefined when they can. */
export function missingFirefox(): { reason: string; hint: string } | undefined {
  if (FIREFOX_PATH && fs.existsSync(FIREFOX_PATH)) return undefined;
  return {
    reason: FIREFOX_PATH ? `FIREFOX_PATH names ${FIREFOX_PATH}, which does not exist` : 'Firefox ESR is not installed',
    hint: 'sudo apt-get install -y firefox-esr, or point FIREFOX_PATH at a Firefox binary',
  };
}

export interface FirefoxPage {
  browser: Browser;
  page: Page;
  /** Uncaught errors of the page (and its frames), as Firefox words them. */
  pageErrors: string[];
  close(): Promise<void>;
}

// Firefox's own traffic (updates, telemetry, captive-portal checks, Safe Browsing) is turned off: nothing leaves the machine.
const OFFLINE_PREFS: Record<string, unknown> = {
  'app.update.disabledForTesting': true,
  'browser.safebrowsing.update.enabled': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.enabled': false,
};

/**
 * An error Firefox ESR 140.12 raises in its own WebDriver BiDi code, not in the page's. `__bidi_args` is the name
 * under which Firefox binds the arguments of a script the driver runs in a page; the only scripts puppeteer has it
 * run on a navigation are the preload scripts behind its `::-p-aria` queries. When the tab goes to another origin
 * from a note with a Helium visualization, the new document logs this error right as it commits (2 of 5 such
 * navigations, with no call of the test's in flight). The app has no such name.
 */
const DRIVER_ERROR = /Permission denied to access property "__bidi_args"/;

/** How long any wait gives up after: generous for a busy machine, since every wait is for a condition. */
const WAIT_MS = 60_000;

export async function launchFirefox(): Promise<FirefoxPage> {
  if (!FIREFOX_PATH) throw new Error('no Firefox: check missingFirefox() first');
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: OFFLINE_PREFS,
    defaultViewport: { width: 1280, height: 900 },
    // puppeteer's 30 s default was exceeded once in a clean-clone CI run, where this file starts first, beside the
    // static checks and two other workers (alone it launches in 3-11 s, 5 s beside six busy loops). Inside the 90 s
    // hook bound.
    timeout: 80_000,
  });
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  page.setDefaultTimeout(WAIT_MS);
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => {
    const message = e instanceof Error ? e.message : String(e);
    if (!DRIVER_ERROR.test(message)) pageErrors.push(message);
  });
  return { browser, page, pageErrors, close: () => browser.close() };
}

/** An ARIA selector for puppeteer: the element with this role and accessible name. */
export const aria = (role: string, name: string): string => `::-p-aria([name=${JSON.stringify(name)}][role=${JSON.stringify(role)}])`;

/**
 * Waits until `selector` matches (with `hidden`: until it matches nothing), querying from the test rather than with
 * puppeteer's in-page poller. That poller re-runs the query from a MutationObserver; a P-selector (`::-p-aria`,
 * `::-p-text`) whose element React replaces mid-query throws there, and Firefox reports it as the page's own uncaught
 * error ("Element.querySelectorAll: ' ' is not a valid selector"). A query sent from here fails only its own call,
 * which is retried.
 */
export async function waitFor(target: Page | Frame, selector: string, { hidden = false, timeout = WAIT_MS } = {}): Promise<ElementHandle<Element> | null> {
  return poll(async () => {
    const handle = await target.$(selector);
    if (hidden ? !handle : handle) return { value: handle };
    await handle?.dispose();
    return undefined;
  }, `${selector} was not ${hidden ? 'gone' : 'there'}`, timeout);
}

/**
 * Calls `attempt` every 50 ms until it answers a value, or throws once `timeout` ms have passed. An attempt that throws
 * (a query or call caught by a re-render or a navigation) counts as not yet, and the last error is given if none
 * succeeds.
 */
async function poll<T>(attempt: () => Promise<{ value: T } | undefined>, failure: string, timeout: number): Promise<T> {
  const deadline = Date.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      const answer = await attempt();
      if (answer) return answer.value;
    } catch (e) {
      lastError = e;
    }
    if (Date.now() > deadline) throw new Error(`${failure} after ${timeout} ms${lastError ? ` (last query error: ${String(lastError)})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Waits until `predicate`, run in the page with `args`, answers true, calling it from the test (see poll). puppeteer's
 * own waitForFunction builds its predicate inside the page with Function(), which Firefox ESR 140.12 blocks under the
 * app's Content-Security-Policy (script-src 'self', no 'unsafe-eval'), and reports as the page's own error. A call
 * from here (WebDriver BiDi's script.callFunction) is not the page's script and is not blocked.
 */
export async function waitUntil<A extends unknown[]>(target: Page | Frame, predicate: (...args: A) => boolean | undefined, ...args: A): Promise<void> {
  await poll(async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- puppeteer's evaluate types its arguments per call
    return (await target.evaluate(predicate as any, ...args)) ? { value: undefined } : undefined;
  }, `the page did not reach ${predicate.toString().slice(0, 200)}`, WAIT_MS);
}

/**
 * Clicks the element `selector` matches once it is there (see waitFor). An element that React replaces between the
 * query and the click (a paragraph's text turning into its editor) fails that click only: the query is made again.
 */
export async function clickWhenThere(target: Page | Frame, selector: string): Promise<void> {
  await poll(async () => {
    const handle = await waitFor(target, selector);
    try {
      await handle?.click();
    } finally {
      await handle?.dispose().catch(() => undefined);
    }
    return { value: undefined };
  }, `${selector} could not be clicked`, WAIT_MS);
}
