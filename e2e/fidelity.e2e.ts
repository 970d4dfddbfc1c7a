/**
 * Real Zeppelin notes round-trip: a note's name comes from its file's path, and exporting a note (from the note
 * page or over REST) gives the bytes on disk when nobody edited it, and keeps every field when somebody did.
 *
 * @slow (one of the suite's longest files: scheduled first on a fresh machine)
 */
import fs from 'fs';
import path from 'path';
import type { Page } from 'playwright-core';
import { launch, type Browser } from './support/browser';
import { restBody } from './support/rest';
import { ROOT, startTestServer, type TestServer } from './support/server';
import { waitUntil } from './support/wait';
import { scrollToParagraph, editorLines } from './support/paragraph';

const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'zeppelin-notes');
const fixture = (f: string): string => fs.readFileSync(path.join(FIXTURES, f), 'utf8');
const idOf = (file: string): string => /_([^_]+)\.zpln$/.exec(file)?.[1] ?? '';

// The Spark tutorial under another file name (the way a rename on disk leaves it), and a copy of the IPython one
// carrying fields this server does not know about.
const RENAMED = 'Renamed/Daily numbers_2A94M5J1Z.zpln';
const UNKNOWN_ID = '2UNKNOWN1';
function withUnknownFields(): string {
  // Edited as text, so everything else stays exactly as Zeppelin wrote it.
  return fixture('1. IPython Basic_2EYDJKFFY.zpln')
    .replace('  "id": "2EYDJKFFY",', `  "id": "${UNKNOWN_ID}",\n  "zzFutureNoteField": {\n    "kept": true,\n    "ratio": 0.25\n  },`)
    .replace(/\n( {6}"jobName": )/, '\n      "zzFuturePara": "still here",\n$1');
}

const files: Record<string, string> = {
  [`Real/1. Flink Basics_2F2YS7PCE.zpln`]: fixture('1. Flink Basics_2F2YS7PCE.zpln'),
  [`Real/1. IPython Basic_2EYDJKFFY.zpln`]: fixture('1. IPython Basic_2EYDJKFFY.zpln'),
  [`Real/3. Spark SQL (PySpark)_2EWM84JXA.zpln`]: fixture('3. Spark SQL (PySpark)_2EWM84JXA.zpln'),
  [`Real/4. Matplotlib (Python, PySpark)_2C2AUG798.zpln`]: fixture('4. Matplotlib (Python, PySpark)_2C2AUG798.zpln'),
  [RENAMED]: fixture('2. Spark Basic Features_2A94M5J1Z.zpln'),
  [`Real/Unknown fields_${UNKNOWN_ID}.zpln`]: withUnknownFields(),
};
const fileOf = (id: string): string => Object.keys(files).find((f) => idOf(f) === id) ?? '';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({}, { samples: false, files });
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openNote(page: Page, id: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`${server.url}#/notebook/${id}`);
  await page.getByRole('toolbar', { name: 'Note toolbar' }).waitFor();
  await page.locator('section[id^="paragraph_"]').first().waitFor();
}

async function exportFromPage(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export this note (zpln)' }).click()]);
  return fs.readFileSync(await download.path(), 'utf8');
}

/** Every key path of a JSON value (objects by key, arrays by index). */
function keyPaths(v: unknown, at = ''): string[] {
  if (typeof v !== 'object' || v === null) return [];
  return Object.entries(v as Record<string, unknown>).flatMap(([k, x]) => [`${at}/${k}`, ...keyPaths(x, `${at}/${k}`)]);
}

test('7. a note is named after its file path, in the title and in the list', async () => {
  const { page } = browser;
  await openNote(page, '2A94M5J1Z');
  await page.getByRole('heading', { level: 1, name: 'Daily numbers' }).waitFor();
  await page.goto(`${server.url}#/`);
  await page.getByRole('link', { name: 'Daily numbers' }).first().waitFor();
  const note = await restBody<{ name: string }>(server.url, 'GET', '/api/notebook/2A94M5J1Z');
  expect(note.name).toBe('Daily numbers');
  expect(await page.getByText('2. Spark Basic Features').count()).toBe(0);
});

test('8. the REST export of an unedited note is its file, byte for byte', async () => {
  for (const file of Object.keys(files)) {
    const body = await restBody<string>(server.url, 'GET', `/api/notebook/export/${idOf(file)}`);
    expect({ file, same: body === files[file] }).toEqual({ file, same: true });
  }
});

test('8. "Export this note" of each unedited real note downloads its file, byte for byte', async () => {
  const { page } = browser;
  for (const id of ['2F2YS7PCE', '2EYDJKFFY', '2EWM84JXA', '2C2AUG798', '2A94M5J1Z', UNKNOWN_ID]) {
    await openNote(page, id);
    const text = await exportFromPage(page);
    expect({ id, same: text === files[fileOf(id)] }).toEqual({ id, same: true });
  }
});

test('8. an edited note exports with every field it had, and the edit', async () => {
  const { page } = browser;
  await openNote(page, UNKNOWN_ID);
  const original = JSON.parse(files[fileOf(UNKNOWN_ID)]) as { paragraphs: { id: string; config?: { editorHide?: boolean } }[] };
  const at = original.paragraphs.findIndex((p) => !p.config?.editorHide);
  const target = original.paragraphs[at].id;
  await scrollToParagraph(page.locator(`#paragraph_${target}`));
  await (await editorLines(page.locator(`#paragraph_${target}`))).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n# edited today');
  const fromPage = await exportFromPage(page);
  const edited = JSON.parse(fromPage) as { paragraphs: { text: string; zzFuturePara?: string }[]; zzFutureNoteField: unknown };
  expect(edited.paragraphs[at].text).toContain('# edited today');
  const missing = (text: string) => keyPaths(original).filter((k) => !keyPaths(JSON.parse(text)).includes(k));
  expect(missing(fromPage)).toEqual([]);
  expect(edited.zzFutureNoteField).toEqual({ kept: true, ratio: 0.25 });
  expect(edited.paragraphs[0].zzFuturePara).toBe('still here');
  // the server has the edit now: its export too keeps every field and Zeppelin's number format
  await waitUntil(() => restBody<string>(server.url, 'GET', `/api/notebook/export/${UNKNOWN_ID}`), (t) => t.includes('# edited today'));
  const fromRest = await restBody<string>(server.url, 'GET', `/api/notebook/export/${UNKNOWN_ID}`);
  expect(missing(fromRest)).toEqual([]);
  const lines = (t: string) => new Set(t.split('\n'));
  const lost = [...lines(files[fileOf(UNKNOWN_ID)])].filter((l) => !lines(fromRest).has(l));
  // only the edited paragraph's text and its update date differ, the name, which now follows the file's path, and
  // the cron flag, which a saved note takes from this server's settings
  expect(lost.map((l) => /^\s*"(\w+)"/.exec(l)?.[1]).sort()).toEqual(['dateUpdated', 'isZeppelinNotebookCronEnable', 'name', 'text']);
  expect(fromPage).toBe(fromRest);
});
