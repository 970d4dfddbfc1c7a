/**
 * HTML results as on a Zeppelin page, in Chromium: the note's HTML results share one script context (one sandboxed
 * result document per note), a real library (BokehJS from its npm package, served in place of its CDN) draws a plot
 * from output shaped like Bokeh's output_notebook() + show(), and the document stays out of the app's origin.
 */
import fs from 'fs';
import path from 'path';
import type { FrameLocator, Page } from 'playwright-core';
import { restBody } from './support/rest';
import { serverAndBrowser } from './support/session';
import { waitUntil } from './support/wait';
import { pythonExecutable, TEST_PYTHON, testWithPython } from '../test/support/python';

const env = serverAndBrowser();
const rest = <T>(method: string, p: string, body?: unknown): Promise<T> => restBody<T>(env.server.url, method, p, body);

interface RestNote { paragraphs: { id: string }[] }

/** A note with these paragraphs, each run to its end through the synchronous REST run. */
async function ranNote(name: string, texts: string[]): Promise<{ noteId: string; pids: string[] }> {
  const noteId = await rest<string>('POST', '/api/notebook', { notePath: `/html e2e/${name} ${Date.now()}`, paragraphs: texts.map((text) => ({ text })) });
  const note = await rest<RestNote>('GET', `/api/notebook/${noteId}`);
  const pids = note.paragraphs.slice(0, texts.length).map((p) => p.id);
  for (const pid of pids) {
    const out = await rest<{ code: string }>('POST', `/api/notebook/run/${noteId}/${pid}`);
    expect(out.code).toBe('SUCCESS');
  }
  return { noteId, pids };
}

const results = (page: Page): FrameLocator => page.frameLocator('iframe.note-result-frame');
const resultOf = (page: Page, pid: string) => results(page).locator(`.zeppelin-result[data-paragraph-id="${pid}"]`);

async function openNote(page: Page, noteId: string): Promise<void> {
  await page.goto(`${env.server.url}#/notebook/${noteId}`);
  await page.locator('iframe.note-result-frame').waitFor({ state: 'attached' });
}

test('a script in one paragraph sees window.x set by another; two outputs of one paragraph share their DOM', async () => {
  const { page } = env.browser;
  const { noteId, pids } = await ranNote('shared', [
    '%md\n<p>first</p><script>window.x = 41 + 1;</script>',
    '%sh\necho "%html <div id=\'target\'>empty</div>"\necho "%html <script>document.getElementById(\'target\').textContent = \'filled by the second output\';</script>"',
    '%md\n<p id="seen">?</p><script>document.getElementById("seen").textContent = "x is " + window.x;</script>',
  ]);
  await openNote(page, noteId);
  await resultOf(page, pids[2]).getByText('x is 42').waitFor();
  await resultOf(page, pids[1]).getByText('filled by the second output').waitFor();
  // Each result sits over its own paragraph's placeholder.
  const aligned = async (pid: string) => {
    const slot = await page.locator(`#paragraph_${pid} [data-result-slot]`).first().boundingBox();
    const shown = await resultOf(page, pid).first().boundingBox();
    return !!slot && !!shown && slot.height > 0 && Math.abs(slot.y - shown.y) < 2 && Math.abs(slot.x - shown.x) < 2 && Math.abs(slot.height - shown.height) < 2;
  };
  await waitUntil(() => aligned(pids[2]), (ok) => ok);
  await waitUntil(() => aligned(pids[0]), (ok) => ok);
});

test('a result seen before keeps its height when its note is opened again: nothing below it grows into place', async () => {
  const { page } = env.browser;
  const { noteId, pids } = await ranNote('heights', ['%md\n<div style="height: 150px">tall</div>', '%md\nbelow']);
  await page.goto('about:blank');
  await openNote(page, noteId);
  await resultOf(page, pids[0]).getByText('tall').waitFor();
  const slot = page.locator(`#paragraph_${pids[0]} [data-result-slot]`);
  await waitUntil(() => slot.evaluate((e) => e.getBoundingClientRect().height), (h) => h >= 150);
  // Away within the app and back: the placeholder's height is taken as it enters the page, before the new result
  // document can have reported anything.
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { slotHeights: number[] }).slotHeights = seen;
    new MutationObserver(() => {
      const el = document.querySelector('[data-result-slot]');
      if (el && seen.length === 0) seen.push(el.getBoundingClientRect().height);
    }).observe(document.body, { childList: true, subtree: true });
    location.hash = '#/';
  });
  await page.getByRole('heading', { level: 1, name: 'Welcome to Zeppelin!' }).waitFor();
  await page.evaluate((id) => { location.hash = `#/notebook/${id}`; }, noteId);
  const first = await waitUntil(() => page.evaluate(() => (window as unknown as { slotHeights: number[] }).slotHeights), (hs) => hs.length > 0);
  expect(first[0]).toBeGreaterThanOrEqual(150);
});

test("the result document is sandboxed: its own opaque origin, no access to the app's cookies, storage or DOM", async () => {
  const { page } = env.browser;
  const { noteId, pids } = await ranNote('sandbox', [
    '%md\n<p id="probe">?</p><script>'
    + 'var r = [];'
    + 'try { r.push("cookie:" + document.cookie); } catch (e) { r.push("cookie blocked"); }'
    + 'try { r.push("storage:" + localStorage.length); } catch (e) { r.push("storage blocked"); }'
    + 'try { r.push("parent:" + window.parent.document.title); } catch (e) { r.push("parent blocked"); }'
    + 'document.getElementById("probe").textContent = r.join(", ");</script>'
    + '<button onclick="this.textContent = \'clicked\'">press</button>',
  ]);
  await openNote(page, noteId);
  await resultOf(page, pids[0]).getByText('cookie blocked, storage blocked, parent blocked').waitFor();
  const probe = await page.locator('iframe.note-result-frame').evaluate((f: HTMLIFrameElement) => {
    try { return String(f.contentWindow?.document); } catch { return 'blocked'; }
  });
  expect(probe).toBe('blocked');
  // The frame takes clicks over its results (the button), and the note around them stays usable.
  await resultOf(page, pids[0]).getByRole('button', { name: 'press' }).click();
  await resultOf(page, pids[0]).getByRole('button', { name: 'clicked' }).waitFor();
  await page.locator(`#paragraph_${pids[0]}`).getByRole('button', { name: 'Run paragraph' }).click({ trial: true });
});

const PYTHON = pythonExecutable() ?? TEST_PYTHON;
const BOKEH_PACKAGE = require.resolve('@bokeh/bokehjs/package.json');
const BOKEH = path.join(path.dirname(BOKEH_PACKAGE), 'build', 'js');
const BOKEH_VERSION = (JSON.parse(fs.readFileSync(BOKEH_PACKAGE, 'utf8')) as { version: string }).version;
const CDN = 'https://cdn.bokeh.org/bokeh/release/';

testWithPython(['IPython'])('a Bokeh plot is drawn from output shaped like output_notebook() + show() (BokehJS from npm)', async () => {
  const { page, context, requests } = env.browser;
  // No CDN is reachable: its URLs are answered from the npm package.
  await context.route(`${CDN}**`, (route) => {
    const file = new URL(route.request().url()).pathname.split('/').pop()?.replace(`-${BOKEH_VERSION}`, '') ?? '';
    return route.fulfill({ path: path.join(BOKEH, file), contentType: 'text/javascript' });
  });
  const docs = await bokehDocument(page);
  await rest('PUT', '/api/interpreter/setting/python', await pythonSetting());
  const { noteId, pids } = await ranNote('bokeh', [loaderParagraph(), showParagraph(docs)]);
  await openNote(page, noteId);
  const plot = resultOf(page, pids[1]).locator('canvas').first();
  await plot.waitFor({ timeout: 30_000 });
  const drawn = await waitUntil(() => plot.evaluate((c: HTMLCanvasElement) => {
    const ctx = c.getContext('2d');
    if (!ctx || c.width === 0) return 0;
    const px = ctx.getImageData(0, 0, c.width, c.height).data;
    let ink = 0;
    for (let i = 0; i < px.length; i += 4) if (px[i + 3] > 0 && (px[i] < 200 || px[i + 2] < 200)) ink++;
    return ink;
  }), (n) => n > 100, 30_000);
  expect(drawn).toBeGreaterThan(100);
  expect(requests.some((u) => u.startsWith(`${CDN}bokeh-${BOKEH_VERSION}.min.js`))).toBe(true);
});

/** A Bokeh document made by BokehJS itself (its plotting API), as Bokeh's Python side would serialise it. */
async function bokehDocument(page: Page): Promise<{ docId: string; rootId: string; json: unknown }> {
  await page.goto('about:blank');
  await page.setContent(`<script src="${CDN}bokeh-${BOKEH_VERSION}.min.js"></script><script src="${CDN}bokeh-api-${BOKEH_VERSION}.min.js"></script>`);
  return page.evaluate(() => {
    const B = (window as unknown as { Bokeh: any }).Bokeh; // eslint-disable-line @typescript-eslint/no-explicit-any
    const p = B.Plotting.figure({ title: 'e2e plot', width: 400, height: 300 });
    p.line({ x: [1, 2, 3, 4], y: [4, 6, 5, 8], line_width: 3 });
    const doc = new B.Document();
    doc.add_root(p);
    return { docId: 'doc-e2e', rootId: p.id as string, json: doc.to_json() };
  });
}

async function pythonSetting(): Promise<unknown> {
  const setting = await rest<{ properties: Record<string, { value: unknown }> }>('GET', '/api/interpreter/setting/python');
  setting.properties['zeppelin.python'].value = PYTHON;
  return setting;
}

const b64 = (s: string): string => Buffer.from(s).toString('base64');

/** output_notebook(): a "loading" HTML output, then the loader as application/javascript (+ Bokeh's load MIME type). */
function loaderParagraph(): string {
  const js = `(function(root) {
  root._bokeh_onload_callbacks = root._bokeh_onload_callbacks || [];
  const urls = ["${CDN}bokeh-${BOKEH_VERSION}.min.js"];
  if (root.Bokeh !== undefined || root._bokeh_is_loading > 0) return;
  root._bokeh_is_loading = urls.length;
  for (const url of urls) {
    const s = document.createElement('script');
    s.onload = function() { root._bokeh_is_loading--; if (root._bokeh_is_loading === 0) document.getElementById('bk-loading').textContent = 'BokehJS ' + root.Bokeh.version + ' successfully loaded.'; };
    s.async = false;
    s.src = url;
    document.head.appendChild(s);
  }
}(window));`;
  return ['%python', 'import base64', 'from IPython.display import display, HTML',
    "display(HTML('<div id=\"bk-loading\">Loading BokehJS ...</div>'))",
    `js = base64.b64decode('${b64(js)}').decode()`,
    "display({'application/javascript': js, 'application/vnd.bokehjs_load.v0+json': js}, raw=True)"].join('\n');
}

/** show(p): the plot's div as text/html, then the embedding script as application/javascript (+ Bokeh's exec MIME type). */
function showParagraph(docs: { docId: string; rootId: string; json: unknown }): string {
  const element = 'bk-root-e2e';
  const js = `(function(root) {
  function embed_document(root) {
    const docs_json = ${JSON.stringify({ [docs.docId]: docs.json })};
    const render_items = [{"docid": "${docs.docId}", "roots": {"${docs.rootId}": "${element}"}, "root_ids": ["${docs.rootId}"]}];
    root.Bokeh.embed.embed_items_notebook(docs_json, render_items);
  }
  if (root.Bokeh !== undefined) { embed_document(root); return; }
  let attempts = 0;
  const timer = setInterval(function(root) {
    if (root.Bokeh !== undefined) { clearInterval(timer); embed_document(root); }
    else if (++attempts > 1000) { clearInterval(timer); console.log("Bokeh: ERROR: BokehJS library is missing"); }
  }, 10, root);
})(window);`;
  return ['%python', 'import base64', 'from IPython.display import display, HTML',
    `display(HTML('<div id="${element}" data-root-id="${docs.rootId}" style="display: contents;"></div>'))`,
    `js = base64.b64decode('${b64(js)}').decode()`,
    "display({'application/javascript': js, 'application/vnd.bokehjs_exec.v0+json': ''}, raw=True)"].join('\n');
}
