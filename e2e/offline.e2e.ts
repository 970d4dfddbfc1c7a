/**
 * Working through a server restart: what a user does while the server is down (edit, insert, move, run) is held by
 * the page and reaches the note on disk once the server is back. And a connection that dies without a close (a
 * stopped server, a dropped network) is noticed: the page says "Reconnecting…" and recovers by itself.
 */
import fs from 'fs';
import net from 'net';
import path from 'path';
import { launch, type Browser } from './support/browser';
import { restBody } from './support/rest';
import { startTestServer, type TestServer } from './support/server';
import { startServer } from '../server/app';
import { waitUntil } from './support/wait';
import type { Note } from '../protocol';
import { editorLines } from './support/paragraph';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({}, { samples: false });
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function restart(): Promise<void> {
  const again = await startServer({ port: server.port, host: '127.0.0.1', notebookDir: server.notebookDir, confDir: server.confDir, webDir: server.webDir });
  server = Object.assign(again, { notebookDir: server.notebookDir, confDir: server.confDir, webDir: server.webDir });
}

function noteOnDisk(id: string): Note | null {
  const file = fs.readdirSync(server.notebookDir).find((f) => f.endsWith(`_${id}.zpln`));
  return file ? (JSON.parse(fs.readFileSync(path.join(server.notebookDir, file), 'utf8')) as Note) : null;
}

test('edit, insert, move and run while the server is down all reach the note on disk after it restarts', async () => {
  const { page } = browser;
  const id = await restBody<string>(server.url, 'POST', '/api/notebook', {
    name: 'offline work',
    paragraphs: [{ text: '%sh\necho ran-$((6*7))' }, { text: '%md\nbefore' }],
  });
  const [first, second] = (noteOnDisk(id) as Note).paragraphs.map((p) => p.id);
  await page.goto(`${server.url}#/notebook/${id}`);
  const p1 = page.locator(`#paragraph_${first}`);
  const p2 = page.locator(`#paragraph_${second}`);
  await editorLines(p2);
  await page.getByRole('status', { name: 'WebSocket Connected' }).waitFor();

  await server.close();
  await page.getByRole('status', { name: /WebSocket Disconnected|Reconnecting…/ }).waitFor();

  // edit: the second paragraph's text, saved when the editor loses focus
  await (await editorLines(p2)).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('%md\nedited offline');
  await page.getByRole('heading', { level: 1 }).click();
  // insert: a new paragraph after the second
  await page.locator(`[data-paragraph-id="${second}"] > .paragraph-insert`).click();
  // move: the first paragraph down
  await p1.getByRole('button', { name: 'Paragraph settings' }).click();
  await p1.getByRole('menuitem', { name: /Move down/ }).click();
  // run: the first paragraph
  await p1.getByRole('button', { name: 'Run paragraph' }).click();

  const restarted = Date.now();
  await restart();
  const onDisk = await waitUntil(() => noteOnDisk(id), (n) => {
    const ps = n?.paragraphs ?? [];
    return ps.length === 3 && ps[0].id === second && ps[1].id === first && ps[0].text === '%md\nedited offline' &&
      (ps[1].results?.msg ?? []).some((m) => m.data.includes('ran-42'));
  }, 30_000);
  expect(Date.now() - restarted).toBeLessThan(30_000);
  expect(onDisk?.paragraphs[2].id).not.toBe(first);
  await page.getByRole('status', { name: 'WebSocket Connected' }).waitFor();
  await p1.getByTestId('text-result').getByText('ran-42').waitFor();
});

/** A TCP relay between the page and the server that can stop passing bytes, like a stopped server or a cut cable. */
function relay(targetPort: number) {
  const sockets = new Set<net.Socket>();
  let frozen = false;
  const srv = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.on('data', (d) => { if (!frozen) upstream.write(d); });
    upstream.on('data', (d) => { if (!frozen) client.write(d); });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  return {
    listen: () => new Promise<number>((resolve) => srv.listen(0, '127.0.0.1', () => resolve((srv.address() as net.AddressInfo).port))),
    freeze: () => { frozen = true; },
    thaw: () => { frozen = false; },
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      srv.close(() => resolve());
    }),
  };
}

test('a connection that stops answering shows "Reconnecting…" within 30 s and recovers when the server answers again', async () => {
  const { page } = browser;
  const proxy = relay(server.port);
  const port = await proxy.listen();
  try {
    // The page's timers run on Playwright's clock, paused once connected: the 30 s are the page's own, moved on at
    // once rather than waited for, and no more page time passes while the test looks for the status.
    await page.clock.install();
    await page.goto(`http://127.0.0.1:${port}/#/`);
    await page.getByRole('status', { name: 'WebSocket Connected' }).waitFor();
    proxy.freeze();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.clock.runFor(29_000);
    await page.getByRole('status', { name: 'Reconnecting…' }).waitFor({ timeout: 10_000 });
    proxy.thaw();
    // The attempt made while frozen lost its handshake; the page's retry timers bring the next one.
    const connected = page.getByRole('status', { name: 'WebSocket Connected' });
    for (let waited = 0; !(await connected.isVisible()); waited += 1000) {
      if (waited > 120_000) throw new Error('no reconnect within 120 s of page time after the relay thawed');
      await page.clock.runFor(1000);
    }
  } finally {
    await proxy.close();
  }
});
