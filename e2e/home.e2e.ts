/**
 * The home page and its dialogs against the embedded server, as a user works them: create a note in a folder,
 * rename it, trash and restore it, empty the trash, import notes from files and from a URL, and see the errors.
 */
import fs from 'fs';
import http from 'http';
import os from 'os';
import path from 'path';
import type { AddressInfo } from 'net';
import type { Page } from 'playwright-core';
import { launch, type Browser } from './support/browser';
import { ROOT, startTestServer, type TestServer } from './support/server';
import { waitUntil } from './support/wait';

let server: TestServer;
let browser: Browser;
let page: Page;

const FIXTURES = path.join(ROOT, 'test', 'fixtures');

/** The notes the server holds, by path (what another client would see). */
async function serverPaths(): Promise<string[]> {
  const res = await fetch(`${server.url}api/notebook`.replace(/([^:])\/\/api/, '$1/api'));
  const body = (await res.json()) as { body: { id: string; path: string }[] };
  return body.body.map((n) => n.path).sort();
}

const notesList = () => page.getByRole('list', { name: 'Notes' });
const row = (name: string) => notesList().getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
const folderRow = (name: string) => notesList().getByRole('listitem').filter({ has: page.getByRole('button', { name, exact: true }) });

async function confirm(action: () => Promise<void>, title: string, verb: string): Promise<void> {
  await action();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: verb, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

beforeAll(async () => {
  server = await startTestServer();
  browser = await launch();
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

beforeEach(async () => {
  await page.goto(server.url);
  await page.getByRole('status', { name: 'WebSocket Connected' }).waitFor();
  await notesList().waitFor();
});

test('create a note in a folder, rename it, trash and restore it, then trash it again and empty the trash', async () => {
  await page.getByRole('button', { name: 'Create new note' }).click();
  const create = page.getByRole('dialog', { name: 'Create new note' });
  const name = create.getByRole('textbox', { name: 'Note Name' });
  expect(await name.inputValue()).toBe('Untitled Note 1');
  await name.fill('e2e folder/First note');
  await create.getByRole('button', { name: 'Create' }).click();
  await page.waitForURL(/#\/notebook\/[1-9A-Z]+$/);
  const noteId = page.url().split('/').pop() as string;
  await waitUntil(serverPaths, (p) => p.includes('/e2e folder/First note'));

  await page.goto(server.url);
  await row('First note').waitFor();
  await row('First note').getByRole('button', { name: 'Rename note' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename note' });
  const field = rename.getByRole('textbox', { name: 'New name' });
  expect(await field.inputValue()).toBe('e2e folder/First note');
  await field.fill('   ');
  expect(await rename.getByRole('button', { name: 'Rename' }).isDisabled()).toBe(true);
  await field.fill('e2e folder/Renamed note');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await row('Renamed note').waitFor();
  expect(await row('First note').count()).toBe(0);

  await confirm(() => row('Renamed note').getByRole('button', { name: 'Move note to trash' }).click(), 'Move this note to trash?', 'Move to trash');
  await row('Renamed note').waitFor({ state: 'detached' });
  await folderRow('Trash').getByRole('button', { name: 'Trash', exact: true }).click();
  await row('Renamed note').waitFor();
  await waitUntil(serverPaths, (p) => p.includes('/~Trash/e2e folder/Renamed note'));
  await confirm(() => row('Renamed note').getByRole('button', { name: 'Restore note' }).click(), 'Restore this note?', 'Restore');
  await waitUntil(serverPaths, (p) => p.includes('/e2e folder/Renamed note'));
  await folderRow('Trash').waitFor({ state: 'detached' });

  await confirm(() => folderRow('e2e folder').getByRole('button', { name: 'Move folder to trash' }).click(), 'Move this folder to trash?', 'Move to trash');
  await waitUntil(serverPaths, (p) => p.includes('/~Trash/e2e folder/Renamed note'));
  await confirm(() => folderRow('Trash').getByRole('button', { name: 'Empty trash' }).click(), 'WARNING! Notes under trash will be removed permanently', 'Empty trash');
  await waitUntil(serverPaths, (p) => !p.some((x) => x.includes('Renamed note')));
  await folderRow('Trash').waitFor({ state: 'detached' });
  expect(await page.getByRole('link', { name: 'Renamed note' }).count()).toBe(0);
  expect(noteId).toMatch(/^[1-9A-Z]+$/);
});

test('import a .zpln under a custom name and an .ipynb (named after its file, with what it brought in); bad files get the spec errors', async () => {
  const openImport = async () => {
    await page.getByRole('button', { name: 'Import note' }).click();
    return page.getByRole('dialog', { name: 'Import new note' });
  };
  const start = (await serverPaths()).length;
  let dialog = await openImport();
  await dialog.getByText('A Zeppelin note (.zpln, .json) or a Jupyter notebook (.ipynb), up to 10 MB').waitFor();
  await dialog.getByRole('textbox', { name: 'Import As' }).fill('imported/Flink from file');
  await dialog.getByLabel('Choose a note file (.zpln, .json or .ipynb)').setInputFiles(path.join(FIXTURES, 'zeppelin-notes', '1. Flink Basics_2F2YS7PCE.zpln'));
  await dialog.waitFor({ state: 'detached' });
  await row('Flink from file').waitFor();

  dialog = await openImport();
  await dialog.getByLabel('Choose a note file (.zpln, .json or .ipynb)').setInputFiles(path.join(FIXTURES, 'ipynb', 'basic.ipynb'));
  await dialog.waitFor({ state: 'detached' });
  // A notebook has no name of its own: the note is named after the file, and the user is told what came in.
  await page.getByRole('alert').filter({ hasText: 'Imported 8 cells and 3 outputs from the notebook into "basic"' }).waitFor();
  await row('basic').waitFor();
  await waitUntil(serverPaths, (p) => p.length === start + 2);
  expect(await serverPaths()).toContain('/basic');
  const before = start + 2;

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zeppelin-import-'));
  fs.writeFileSync(path.join(tmp, 'bad.json'), 'this is not json');
  fs.writeFileSync(path.join(tmp, 'empty.zpln'), JSON.stringify({ name: 'x', paragraphs: [] }));
  dialog = await openImport();
  await dialog.getByLabel('Choose a note file (.zpln, .json or .ipynb)').setInputFiles(path.join(tmp, 'bad.json'));
  await dialog.getByRole('alert').filter({ hasText: 'JSON parse exception' }).waitFor();
  await dialog.getByLabel('Choose a note file (.zpln, .json or .ipynb)').setInputFiles(path.join(tmp, 'empty.zpln'));
  await dialog.getByRole('alert').filter({ hasText: 'Invalid JSON' }).waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect((await serverPaths()).length).toBe(before);
  fs.rmSync(tmp, { recursive: true, force: true });

  // The notebook's markdown cell shows rendered at once, in the note's result document, without being run.
  await row('basic').getByRole('link', { name: 'basic', exact: true }).click();
  await page.frameLocator('iframe.note-result-frame').getByRole('link', { name: 'IBM Knowledge Anyhow Workbench' }).waitFor();
});

test('import from a URL: fetched by the browser without credentials; empty and unreachable URLs get their errors', async () => {
  const zpln = fs.readFileSync(path.join(FIXTURES, 'zeppelin-notes', '3. Spark SQL (PySpark)_2EWM84JXA.zpln'), 'utf8');
  const seen: { cookie?: string; xrw?: string }[] = [];
  const other = http.createServer((req, res) => {
    seen.push({ cookie: req.headers.cookie, xrw: req.headers['x-requested-with'] as string | undefined });
    res.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
    res.end(zpln);
  });
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}/note.zpln`;
  try {
    await page.getByRole('button', { name: 'Import note' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import new note' });
    await dialog.getByRole('button', { name: 'Add from URL' }).click();
    const field = dialog.getByLabel('URL');
    await field.waitFor();
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Enter URL' }).waitFor();
    await field.fill('http://127.0.0.1:9/nothing-here');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Unable to Fetch URL' }).waitFor();
    await field.fill(url);
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitUntil(serverPaths, (p) => p.includes('/3. Spark SQL (PySpark)'));
    expect(seen).toEqual([{ cookie: undefined, xrw: undefined }]);
  } finally {
    await new Promise((r) => other.close(r));
  }
});

test('the filter narrows the list; reload asks the server to re-read storage', async () => {
  const sent: string[] = [];
  page.on('websocket', (ws) => ws.on('framesent', (f) => sent.push(JSON.parse(String(f.payload)).op)));
  await page.reload();
  await notesList().waitFor();
  await page.getByPlaceholder('Filter').fill('matplotlib');
  await waitUntil(() => notesList().getByRole('link').allTextContents(), (t) => t.length === 1);
  expect(await notesList().getByRole('link').allTextContents()).toEqual(['Zeppelin Tutorial/4. Matplotlib (Python, PySpark)']);
  await page.getByRole('button', { name: 'Reload notes from storage' }).click();
  await waitUntil(() => sent, (s) => s.includes('RELOAD_NOTES_FROM_REPO'));
});
