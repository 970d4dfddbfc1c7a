/**
 * The Chromium of the npm package, used on machines without Debian's, keeps the protections the result-isolation
 * tests rely on: launched with our flags, not the package's (which turn web security and site isolation off), a
 * page cannot read a frame of another origin, and that frame runs in a process of its own. Also what our flags
 * turn off in the browser the tests use.
 */
import fs from 'fs';
import http from 'http';
import type { AddressInfo } from 'net';
import { launch, type Browser } from './support/browser';
import { startTestServer } from './support/server';

let servers: http.Server[] = [];
let browser: Browser;

/**
 * A page server on a loopback address. Two ports of one address are two origins of one site; 127.0.0.1 and
 * 127.0.0.2 are two sites, which site isolation puts in two processes.
 */
async function pageServer(host: string, body: string): Promise<string> {
  const server = http.createServer((_req, res) => res.end(body));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return `http://${host}:${(server.address() as AddressInfo).port}/`;
}

beforeAll(async () => {
  browser = await launch({ packaged: true });
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  servers = [];
});

test('the packaged Chromium runs', async () => {
  expect(await browser.page.evaluate(() => navigator.userAgent)).toMatch(/HeadlessChrome\/\d+/);
});

test('with web security on, a page cannot read the document of a frame from another origin', async () => {
  const other = await pageServer('127.0.0.1', '<title>other origin</title><p>secret</p>');
  const top = await pageServer('127.0.0.1', `<iframe src="${other}"></iframe>`);
  const { page } = browser;
  await page.goto(top);
  await page.frameLocator('iframe').getByText('secret').waitFor();
  const read = await page.evaluate(() => {
    try {
      return document.querySelector('iframe')?.contentWindow?.document.title ?? 'no document';
    } catch (e) {
      return (e as Error).name;
    }
  });
  expect(read).toBe('SecurityError');
});

test('with site isolation on, the frame of another origin is a process of its own', async () => {
  const other = await pageServer('127.0.0.2', '<p>isolated</p>');
  const top = await pageServer('127.0.0.1', `<iframe src="${other}"></iframe>`);
  const { page, context } = browser;
  await page.goto(top);
  await page.frameLocator('iframe').getByText('isolated').waitFor();
  // Out-of-process frames are targets of their own; without site isolation the frame lives in the page's process.
  const cdp = await context.newCDPSession(page);
  const { targetInfos } = await cdp.send('Target.getTargets') as { targetInfos: { type: string; url: string }[] };
  expect(targetInfos.filter((t) => t.type === 'iframe').map((t) => t.url)).toEqual([other]);
  await cdp.detach();
});

/** The command lines of the Chromium browser processes (not their renderers or helpers) this test process started. */
function browserCommandLines(): string[][] {
  const parents = new Map<number, number>();
  for (const d of fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      parents.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended while the list was read
    }
  }
  const ours = (pid: number): boolean => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) if (p === process.pid) return true;
    return false;
  };
  return [...parents.keys()].filter(ours).flatMap((pid) => {
    try {
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return args.some((a) => a.startsWith('--user-data-dir=')) && !args.some((a) => a.startsWith('--type=')) ? [args] : [];
    } catch {
      return [];
    }
  });
}

test('the test browser draws no address-bar popup pages, and keeps every feature Playwright turns off', async () => {
  const own = await launch();
  try {
    await own.page.goto('about:blank');
    // The full headless Chromium builds its omnibox popups as WebUI pages at launch, in a renderer of their own.
    const cdp = await own.context.newCDPSession(own.page);
    const { targetInfos } = await cdp.send('Target.getTargets') as { targetInfos: { type: string; url: string }[] };
    await cdp.detach();
    expect(targetInfos.filter((t) => t.type !== 'page').map((t) => t.url)).toEqual([]);
    // Chromium reads only the last --disable-features switch: ours must repeat every feature Playwright's names.
    const lines = browserCommandLines();
    expect(lines.length).toBeGreaterThan(0);
    for (const args of lines) {
      const lists = args.filter((a) => a.startsWith('--disable-features=')).map((a) => a.slice('--disable-features='.length).split(','));
      const honoured = lists.at(-1) ?? [];
      expect(lists.flat().filter((f) => !honoured.includes(f))).toEqual([]);
    }
  } finally {
    await own.close();
  }
});

test("a jest worker's servers keep one port, and its browsers one disk cache: the next file's first page load reads the UI's bundle from disk", async () => {
  const first = await startTestServer({}, { samples: false });
  const beside = await startTestServer({}, { samples: false });
  await first.close();
  const next = await startTestServer({}, { samples: false });
  try {
    // One server after another gets the worker's port; one running beside it gets any other.
    expect(next.port).toBe(first.port);
    expect(beside.port).not.toBe(first.port);
    const bundleLoads = async (): Promise<{ url: string; fromDiskCache: boolean }[]> => {
      const own = await launch();
      try {
        const cdp = await own.context.newCDPSession(own.page);
        const loads: { url: string; fromDiskCache: boolean }[] = [];
        cdp.on('Network.responseReceived', (e: { response: { url: string; fromDiskCache?: boolean } }) => {
          if (/\/main\.[0-9a-f]+\.js$/.test(e.response.url)) loads.push({ url: e.response.url, fromDiskCache: e.response.fromDiskCache === true });
        });
        await cdp.send('Network.enable');
        await own.page.goto(next.url);
        await own.page.getByRole('heading', { name: /Welcome to Zeppelin/ }).waitFor();
        await cdp.detach();
        // A fresh profile each time: nothing of the last browser's storage is seen.
        expect(await own.page.evaluate(() => localStorage.length)).toBe(0);
        await own.page.evaluate(() => localStorage.setItem('left-by', 'an earlier file'));
        return loads;
      } finally {
        await own.close();
      }
    };
    // The first browser may already find the bundle, when an earlier file of this worker loaded it.
    const earlier = await bundleLoads();
    expect(earlier).toHaveLength(1);
    expect(await bundleLoads()).toEqual([{ url: earlier[0].url, fromDiskCache: true }]);
  } finally {
    await Promise.all([next.close(), beside.close()]);
  }
});

test("the app's own scripts ask V8 to compile all their functions as they load; Monaco's do not", async () => {
  const server = await startTestServer({}, { samples: false });
  try {
    const firstLine = async (file: string): Promise<string> => (await (await fetch(new URL(file, server.url))).text()).split('\n', 1)[0];
    const chunk = (name: string): string => {
      const file = fs.readdirSync(server.webDir).find((f) => new RegExp(`^${name}\\.[0-9a-f]+\\.js$`).test(f));
      if (!file) throw new Error(`no ${name} chunk in ${server.webDir}`);
      return file;
    };
    const hint = '//# allFunctionsCalledOnLoad';
    expect(await firstLine(chunk('main'))).toBe(hint);
    expect(await firstLine(chunk('results'))).toBe(hint);
    expect(await firstLine(chunk('table-worker'))).toBe(hint);
    expect(await firstLine(chunk('monaco-editor'))).not.toBe(hint);
  } finally {
    await server.close();
  }
});
