/**
 * The foundation, as a user meets it: the app loads in Chromium, connects to the embedded server, shows the
 * connected state, keeps the connection alive with a PING every 10 s, lists the notes, and makes no request off
 * the machine. Support staff download the action log and replay it on #/replay.
 */
import fs from 'fs';
import { launch, type Browser } from './support/browser';
import { startTestServer, type TestServer } from './support/server';
import { startServer } from '../server/app';
import { waitUntil } from './support/wait';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

test('loads, connects, lists the sample notes and pings every 10 s', async () => {
  const { page } = browser;
  const sent: string[] = [];
  page.on('websocket', (ws) => ws.on('framesent', (f) => sent.push(String(f.payload))));
  // Page timers run on a clock the test moves, so the 10 s cadence is checked without waiting 30 s.
  await page.clock.install();
  await page.goto(server.url);
  await page.getByRole('status', { name: 'WebSocket Connected' }).waitFor();
  await page.getByRole('link', { name: '1. IPython Basic' }).waitFor();
  const pings = () => sent.filter((s) => JSON.parse(s).op === 'PING').length;
  expect(pings()).toBe(0);
  await page.clock.runFor(9_000);
  expect(pings()).toBe(0);
  await page.clock.runFor(1_000);
  await waitUntil(pings, (n) => n === 1);
  await page.clock.runFor(20_000);
  await waitUntil(pings, (n) => n >= 3);
  expect(pings()).toBe(3);
  const frames = sent.map((s) => JSON.parse(s));
  expect(frames[0]).toMatchObject({ op: 'LIST_NOTES', principal: 'anonymous', ticket: 'anonymous', roles: '[]' });
  expect(frames.every((f) => /^[a-z0-9]{5}-\d+$/.test(f.msgId))).toBe(true);
  expect(await page.title()).toBe('Zeppelin');
  const origin = new URL(server.url).origin;
  expect(browser.requests.filter((u) => !u.startsWith(origin) && !u.startsWith('blob:') && !u.startsWith('data:'))).toEqual([]);
});

test('a note opens from the list with its paragraphs, and the editor chunk loads only there', async () => {
  const { page } = browser;
  await page.goto(server.url);
  const before = browser.requests.length;
  await page.getByRole('link', { name: '1. IPython Basic' }).click();
  await page.waitForURL(/#\/notebook\/2EYDJKFFY$/);
  await page.getByRole('heading', { level: 1, name: '1. IPython Basic' }).waitFor();
  await page.locator('[id^="paragraph_"]').first().waitFor();
  expect(await page.locator('[id^="paragraph_"]').count()).toBeGreaterThan(5);
  // The paragraphs' text is coloured by Monaco's tokenizers: its chunk came with the note page.
  await page.locator('pre.paragraph-text [class^="mtk"]').first().waitFor();
  expect(browser.requests.slice(before).some((u) => /monaco-editor\.[0-9a-f]+\.js$/.test(u))).toBe(true);
});

test('an unknown route goes home; the connection indicator follows a server restart', async () => {
  const { page } = browser;
  await page.goto(`${server.url}#/no/such/page`);
  await page.waitForURL(/#\/$/);
  await page.getByRole('status', { name: 'WebSocket Connected' }).waitFor();
  const port = server.port;
  await server.close();
  await page.getByRole('status', { name: /WebSocket Disconnected|Reconnecting…/ }).waitFor();
  const again = await startServer({ port, host: '127.0.0.1', notebookDir: server.notebookDir, confDir: server.confDir, webDir: server.webDir });
  server = Object.assign(again, { notebookDir: server.notebookDir, confDir: server.confDir, webDir: server.webDir });
  await page.getByRole('status', { name: 'WebSocket Connected' }).waitFor({ timeout: 30_000 });
  await page.getByRole('link', { name: '1. IPython Basic' }).waitFor();
});

test('support staff download the action log and replay it step by step', async () => {
  const { page } = browser;
  await page.goto(`${server.url}#/notebook/2EYDJKFFY`);
  await page.locator('[id^="paragraph_"]').first().waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download action log' }).click(),
  ]);
  const file = await download.path();
  const log = JSON.parse(fs.readFileSync(file, 'utf8'));
  const actions = JSON.parse(log.payload) as { type: string }[];
  expect(actions.map((a) => a.type)).toEqual(expect.arrayContaining(['ws/NOTES_INFO', 'ws/NOTE', 'connection/opened', 'ws/send/GET_NOTE']));

  await page.goto(`${server.url}#/replay`);
  await page.getByLabel('Load action log').setInputFiles(file);
  await page.getByRole('status').filter({ hasText: 'The replayed state matches the recorded end state.' }).waitFor();
  const view = page.getByRole('region', { name: 'Replayed application view' });
  await view.getByRole('heading', { level: 1, name: '1. IPython Basic' }).waitFor();
  const slider = page.getByRole('slider', { name: 'Step' });
  expect(Number(await slider.getAttribute('max'))).toBe(actions.length);
  await slider.fill('0');
  await view.getByRole('heading', { name: 'Welcome to Zeppelin!' }).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText(`Step 1 of ${actions.length}`).waitFor();
  expect(await page.getByTestId('replay-action').textContent()).toBe(actions[0].type);
  await page.getByRole('button', { name: 'Previous' }).click();
  await page.getByText(`Step 0 of ${actions.length}`).waitFor();
});
