/**
 * "Stale" markers in two browsers on one note: after a run nothing is stale; user B's typing makes the paragraph
 * stale on user A's page without a reload, with the reason on hover; "Run stale" runs it and the marker goes on both
 * pages; re-running the paragraph that creates a %sql table makes the query that reads it stale; a note form change
 * marks the paragraph that uses it; re-putting a `z.get` name marks its reader. Real notes opened as they are show no
 * marker.
 *
 * @slow (one of the suite's longest files: scheduled first on a fresh machine)
 */
import fs from 'fs';
import path from 'path';
import type { Locator, Page } from 'playwright-core';
import { launch, type Browser } from './support/browser';
import { restBody } from './support/rest';
import { startTestServer, type TestServer } from './support/server';
import { waitUntil } from './support/wait';
import { editorLines } from './support/paragraph';

const FIXTURE_DIR = path.join(__dirname, '..', 'test', 'fixtures', 'zeppelin-notes');
const fixtures = Object.fromEntries(fs.readdirSync(FIXTURE_DIR).map((f) => [f, fs.readFileSync(path.join(FIXTURE_DIR, f), 'utf8')]));

const NOTE = 'Stale check';
const TEXTS = [
  "%sql\ncreate or replace table sales as select * from (values ('EU', 10), ('US', 20), ('EU', 5)) t(region, amount)",
  '%sql\nselect region, sum(amount) as total from sales group by region order by region',
  '%md\nRegion: $${region=EU,EU|US}',
  '%python\nz.put("rate", 2)',
  '%python\nprint(z.get("rate"))',
];

let server: TestServer;
const browsers: Browser[] = [];
let a: Page;
let b: Page;
let noteId: string;
let ids: string[];

beforeAll(async () => {
  server = await startTestServer({}, { samples: false, files: fixtures });
  noteId = await restBody<string>(server.url, 'POST', 'api/notebook', { notePath: `/${NOTE}`, paragraphs: TEXTS.map((text) => ({ text })) });
  const note = await restBody<{ paragraphs: { id: string }[] }>(server.url, 'GET', `api/notebook/${noteId}`);
  ids = note.paragraphs.slice(0, TEXTS.length).map((p) => p.id);
  // Each paragraph runs once, top to bottom, and waits for its result.
  for (const id of ids) await restBody(server.url, 'POST', `api/notebook/run/${noteId}/${id}`);
  for (let i = 0; i < 2; i++) {
    const browser = await launch();
    browsers.push(browser);
  }
  [a, b] = browsers.map((x) => x.page);
  await Promise.all([open(a), open(b)]);
}, 180_000);

afterAll(async () => {
  for (const x of browsers) await x.close();
  await server?.close();
});

async function open(page: Page): Promise<void> {
  await page.goto(`${server.url}#/notebook/${noteId}`);
  await page.getByRole('heading', { level: 1, name: NOTE }).waitFor();
  for (const id of ids) await page.locator(`#paragraph_${id}`).getByRole('img', { name: 'Status FINISHED' }).waitFor({ timeout: 60_000 });
}

const para = (page: Page, i: number): Locator => page.locator(`#paragraph_${ids[i]}`);
/** The text of the element that describes `el` (aria-describedby), as a screen reader reads it. */
const description = (el: Locator): Promise<string | null> =>
  el.evaluate((node) => document.getElementById(node.getAttribute('aria-describedby') ?? '')?.textContent ?? null);
const marker = (page: Page, i: number): Locator => para(page, i).locator('.paragraph-head').getByText('Stale', { exact: true });

test('real notes opened as they are show no Stale marker and no Run stale', async () => {
  for (const file of Object.keys(fixtures)) {
    const id = /_([A-Z0-9]+)\.zpln$/.exec(file)![1];
    await a.goto(`${server.url}#/notebook/${id}`);
    await a.locator('.paragraph').first().waitFor();
    expect([file, await a.getByText('Stale', { exact: true }).count()]).toEqual([file, 0]);
    expect(await a.getByRole('button', { name: 'Run stale' }).count()).toBe(0);
  }
  await open(a);
});

test('after a run nothing is stale', async () => {
  for (const page of [a, b]) {
    expect(await page.getByText('Stale', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Run stale' }).count()).toBe(0);
  }
});

test("user B's edit marks the paragraph Stale on user A's page, live; Run stale clears it on both", async () => {
  await (await editorLines(para(b, 1))).click();
  await b.keyboard.press('Control+End');
  await b.keyboard.type(' desc');
  await marker(b, 1).waitFor();
  // A never reloads: the collaborator's patch alone makes the marker appear, with the reason
  const onA = marker(a, 1);
  await onA.waitFor();
  expect(await onA.getAttribute('title')).toBe('The text changed since the last run.');
  expect(await description(onA)).toBe('The text changed since the last run.');
  expect(await marker(a, 0).count()).toBe(0);
  await a.getByRole('button', { name: 'Run stale' }).click();
  await onA.waitFor({ state: 'detached', timeout: 60_000 });
  await marker(b, 1).waitFor({ state: 'detached', timeout: 60_000 });
  await para(a, 1).getByRole('img', { name: 'Status FINISHED' }).waitFor({ timeout: 60_000 });
  // the run used B's text: US comes first now
  await waitUntil(() => para(a, 1).getByRole('gridcell').first().textContent(), (t) => t === 'US');
});

test('re-running the paragraph that replaces a %sql table makes the query reading it stale', async () => {
  await para(a, 0).getByRole('button', { name: 'Run paragraph' }).click();
  const m = marker(a, 1);
  await m.waitFor({ timeout: 60_000 });
  expect(await m.getAttribute('title')).toBe('"sales" was replaced by a later run of paragraph 1.');
  await marker(b, 1).waitFor();
  expect(await marker(a, 0).count()).toBe(0);
  await a.getByRole('button', { name: 'Run stale' }).click();
  await m.waitFor({ state: 'detached', timeout: 60_000 });
  expect(await a.getByText('Stale', { exact: true }).count()).toBe(0);
});

test('a note form change makes the paragraph using it stale, on both pages', async () => {
  await a.getByRole('region', { name: 'Note forms' }).getByRole('combobox').selectOption('US');
  const m = marker(a, 2);
  await m.waitFor();
  expect(await m.getAttribute('title')).toBe('The note form "region" changed since the last run.');
  await marker(b, 2).waitFor();
  await b.getByRole('button', { name: 'Run stale' }).click();
  await m.waitFor({ state: 'detached', timeout: 60_000 });
  await marker(b, 2).waitFor({ state: 'detached' });
});

test('a z.put run again after the paragraph that reads the name with z.get makes that paragraph stale', async () => {
  await para(a, 3).getByRole('button', { name: 'Run paragraph' }).click();
  const m = marker(a, 4);
  await m.waitFor({ timeout: 60_000 });
  expect(await m.getAttribute('title')).toBe('"rate" was replaced by a later run of paragraph 4.');
  await marker(b, 4).waitFor();
  await a.getByRole('button', { name: 'Run stale' }).click();
  await m.waitFor({ state: 'detached', timeout: 60_000 });
  await waitUntil(() => para(a, 4).getByTestId('text-result').textContent(), (t) => (t ?? '').trim() === '2');
});
