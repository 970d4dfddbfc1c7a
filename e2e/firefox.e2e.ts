/**
 * A smoke run of the app in Firefox ESR (puppeteer-core over WebDriver BiDi): the home page, opening a note, editing
 * and running a paragraph, a table and its chart, an HTML result in its sandboxed frame, the login dialog and the
 * Helium page. No page may raise an uncaught error. Skipped by name where Firefox is not installed.
 *
 * @slow (one of the suite's longest files: scheduled first on a fresh machine)
 */
import type { Page } from 'puppeteer-core';
import { aria, clickWhenThere, launchFirefox, missingFirefox, waitFor, waitUntil, type FirefoxPage } from './support/firefox';
import { restBody } from './support/rest';
import { startTestServer, type TestServer } from './support/server';
import { testUnless } from '../test/support/skips';

const smoke = testUnless(missingFirefox());
const CITIES = "%sql\nselect * from (values ('Paris', 48.85, 2.35), ('Oslo', 59.91, 10.75), ('Quito', -0.18, -78.47)) t(city, lat, lon)";

let server: TestServer;
let firefox: FirefoxPage;

beforeAll(async () => {
  if (missingFirefox()) return;
  server = await startTestServer();
  firefox = await launchFirefox();
});

afterAll(async () => {
  await firefox?.close();
  await server?.close();
});

afterEach(() => {
  // Each test ends with the page's uncaught errors checked; the list restarts for the next test.
  const errors = firefox ? firefox.pageErrors.splice(0) : [];
  expect(errors).toEqual([]);
});

const rest = <T>(method: string, path: string, body?: unknown): Promise<T> => restBody<T>(server.url, method, path, body);

async function newNote(name: string, text: string, run: boolean): Promise<{ noteId: string; pid: string }> {
  const noteId = await rest<string>('POST', '/api/notebook', { notePath: `/firefox/${name} ${Date.now()}`, paragraphs: [{ text }] });
  const pid = (await rest<{ paragraphs: { id: string }[] }>('GET', `/api/notebook/${noteId}`)).paragraphs[0].id;
  if (run) expect((await rest<{ code: string }>('POST', `/api/notebook/run/${noteId}/${pid}`)).code).toBe('SUCCESS');
  return { noteId, pid };
}

async function openNote(page: Page, noteId: string, pid: string): Promise<string> {
  await page.goto(`${server.url}#/notebook/${noteId}`);
  const p = `#paragraph_${pid}`;
  await waitFor(page, p);
  return p;
}

/** Replaces the paragraph's text the way a user does (click the editor, select all, type) and runs it. */
async function typeAndRun(page: Page, p: string, text: string): Promise<void> {
  // A click on the text builds its editor (src/editor/LazyCodeEditor.tsx), which takes the focus once it is there.
  await clickWhenThere(page, `${p} pre.paragraph-text, ${p} .monaco-editor .view-lines`);
  await waitUntil(page, () => !!document.activeElement?.closest('.monaco-editor'));
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyA');
  await page.keyboard.up('Control');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
  await page.keyboard.down('Shift');
  await page.keyboard.press('Enter');
  await page.keyboard.up('Shift');
}

smoke('home lists the notes; a click opens one with its paragraphs', async () => {
  const { page } = firefox;
  await page.goto(server.url);
  await waitFor(page, aria('status', 'WebSocket Connected'));
  await clickWhenThere(page, aria('link', '1. IPython Basic'));
  await waitUntil(page, () => location.hash === '#/notebook/2EYDJKFFY');
  await waitFor(page, aria('heading', '1. IPython Basic'));
  await waitUntil(page, () => document.querySelectorAll('[id^="paragraph_"]').length > 5);
});

smoke('a paragraph edited and run with Shift+Enter shows its output; %md is HTML in the sandboxed frame', async () => {
  const { page } = firefox;
  const { noteId, pid } = await newNote('edit', '', false);
  const p = await openNote(page, noteId, pid);
  await typeAndRun(page, p, '%sh\necho hello from firefox');
  // By name only: Firefox gives role="img" the role name "image".
  await waitFor(page, `${p} ::-p-aria(Status FINISHED)`);
  await waitUntil(page, (sel: string) => document.querySelector(sel)?.textContent?.includes('hello from firefox'), `${p} [data-testid="text-result"]`);

  await typeAndRun(page, p, '%md\n# Hello *Firefox*');
  // HTML results are drawn by the note's one result document, over the paragraph's placeholder.
  await waitFor(page, `${p} [data-result-slot]`);
  const frame = await (await waitFor(page, 'iframe.note-result-frame'))?.contentFrame();
  if (!frame) throw new Error('no result frame');
  await waitFor(frame, `.zeppelin-result[data-paragraph-id="${pid}"] ${aria('heading', 'Hello Firefox')}`);
  // The frame is sandboxed without allow-same-origin: its script cannot reach the app.
  expect(await page.$eval('iframe.note-result-frame', (f) => f.getAttribute('sandbox')?.split(' ').includes('allow-same-origin'))).toBe(false);
});

smoke('a %sql table is shown as a table and as a bar chart', async () => {
  const { page } = firefox;
  const { noteId, pid } = await newNote('table', CITIES, true);
  const p = await openNote(page, noteId, pid);
  await waitFor(page, `${p} [role="grid"]`);
  const rows = await page.$$eval(`${p} tbody tr[role="row"]`, (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
  expect(rows).toEqual([['Paris', '48.85', '2.35'], ['Oslo', '59.91', '10.75'], ['Quito', '-0.18', '-78.47']]);
  await clickWhenThere(page, `${p} ${aria('button', 'Bar Chart')}`);
  await waitUntil(page, (sel: string) => document.querySelectorAll(sel).length === 3, `${p} .result-chart-canvas .recharts-bar-rectangle path`);
  expect(await page.$(`${p} [role="grid"]`)).toBeNull();
});

smoke('the Helium page enables the heat map, which then draws a table result', async () => {
  const { page } = firefox;
  const { noteId, pid } = await newNote('heat', CITIES, true);
  await page.goto(`${server.url}#/helium`);
  const heat = `${aria('list', 'Packages')} ${aria('listitem', 'zeppelin-heatmap')}`;
  await clickWhenThere(page, `${heat} ${aria('button', 'Enable')}`);
  await clickWhenThere(page, `${aria('dialog', 'Enable zeppelin-heatmap')} ${aria('button', 'Enable')}`);
  await waitFor(page, `${heat} ::-p-text(enabled, bundle loaded)`);
  const p = await openNote(page, noteId, pid);
  await clickWhenThere(page, `${p} ${aria('button', 'zeppelin-heatmap')}`);
  await waitFor(page, `${p} ${aria('table', 'Heat map')}`);
  const cells = await page.$$eval(`${p} table[aria-label="Heat map"] tbody td`, (tds) => tds.length);
  expect(cells).toBe(9);
});

smoke('with a shiro.ini the login dialog opens, and a login shows the user and the notes', async () => {
  const secured = await startTestServer({}, { shiroIni: '[users]\nuser1 = password2, role1\n[roles]\nrole1 = *\n[urls]\n/api/version = anon\n/** = authc\n' });
  try {
    const { page } = firefox;
    await page.goto(secured.url);
    const dialog = aria('dialog', 'Login');
    await (await waitFor(page, `${dialog} ::-p-aria(User Name)`))?.type('user1');
    await (await waitFor(page, `${dialog} ::-p-aria(Password)`))?.type('password2');
    await clickWhenThere(page, `${dialog} ${aria('button', 'Login')}`);
    await waitFor(page, dialog, { hidden: true });
    await waitFor(page, '::-p-aria([role="banner"]) ::-p-text(user1)');
    await waitFor(page, aria('link', '1. IPython Basic'));
  } finally {
    await secured.close();
  }
});
