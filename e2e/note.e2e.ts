/**
 * The note page in Chromium against the embedded server: open a sample note, edit and save, insert, move, clone
 * and delete (menu and keys), every paragraph shortcut, forms, find and replace, export, and view-only mode.
 *
 * @slow (one of the suite's longest files: scheduled first on a fresh machine)
 */
import fs from 'fs';
import type { Page } from 'playwright-core';
import { launch, type Browser } from './support/browser';
import { startTestServer, type TestServer } from './support/server';
import { waitUntil } from './support/wait';
import { scrollToParagraph, editorLines, shownTexts } from './support/paragraph';
import { restBody } from './support/rest';

const NOTE = '2EYDJKFFY';
const PY = '20180118-112246_474555672';
const FORM = '20180118-115612_471385279';

let server: TestServer;
let browser: Browser;
let sent: { op: string; data: Record<string, unknown> }[] = [];
let received: { op: string; data: Record<string, unknown> }[] = [];

beforeAll(async () => {
  server = await startTestServer();
  browser = await launch();
  browser.page.on('websocket', (ws) => ws.on('framesent', (f) => {
    const m = JSON.parse(String(f.payload));
    if (m.op !== 'PING') sent.push(m);
  }));
  browser.page.on('websocket', (ws) => ws.on('framereceived', (f) => { received.push(JSON.parse(String(f.payload))); }));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(page: Page): Promise<void> {
  sent = [];
  received = [];
  // a fresh page each time: a hash-only goto would keep the previous state (and any open dialog)
  await page.goto('about:blank');
  await page.goto(`${server.url}#/notebook/${NOTE}`);
  await page.getByRole('toolbar', { name: 'Note toolbar' }).waitFor();
  await scrollToParagraph(para(page, PY));
  await editorLines(para(page, PY));
}

const ids = (page: Page) => page.locator('section[id^="paragraph_"]').evaluateAll((els) => els.map((e) => e.id.replace('paragraph_', '')));
const para = (page: Page, id: string) => page.locator(`#paragraph_${id}`);

async function focusEditor(page: Page, id: string): Promise<void> {
  await (await editorLines(para(page, id))).click();
}

test('a sample note opens with its paragraphs, editors, sandboxed HTML and text results', async () => {
  const { page } = browser;
  await open(page);
  await page.getByRole('heading', { level: 1, name: '1. IPython Basic' }).waitFor();
  expect((await ids(page)).length).toBe(14);
  // open() centred the Python paragraph; far paragraphs are placeholders, so bring the HTML one into view first.
  const HTML = '20180118-105449_1130638270';
  await scrollToParagraph(para(page, HTML));
  await para(page, HTML).locator('[data-result-slot]').waitFor();
  // HTML results are drawn by the note's result document, over their paragraph's placeholder
  const frame = page.frameLocator('iframe.note-result-frame').locator(`.zeppelin-result[data-paragraph-id="${HTML}"]`);
  await frame.getByText('IPython is more powerful').first().waitFor();
  // the note's HTML runs in an opaque origin: no access to the app's storage or DOM
  const probe = await page.locator('iframe.note-result-frame').evaluate((f: HTMLIFrameElement) => {
    try { return String(f.contentWindow?.document); } catch { return 'blocked'; }
  });
  expect(probe).toBe('blocked');
  await page.evaluate((id) => document.getElementById(`paragraph_${id}`)?.scrollIntoView({ block: 'center' }), PY);
  await para(page, PY).getByTestId('text-result').waitFor();
  expect(sent.some((f) => f.op === 'GET_INTERPRETER_BINDINGS')).toBe(true);
});

test('no editor is built as a note opens; one is built where the pointer rests, over its coloured text, and nothing moves', async () => {
  const { page } = browser;
  const noteId = await restBody<string>(server.url, 'POST', '/api/notebook', {
    name: '/editor heights',
    paragraphs: [
      { text: '%md\nshort' },
      { text: '%python\na = 1\n\nprint(a + 2)', config: { fontSize: 14, lineNumbers: true } },
      { text: '%sh\necho one', config: { fontSize: 10 } },
    ],
  });
  await page.mouse.move(1, 1);
  await page.goto('about:blank');
  await page.goto(`${server.url}#/notebook/${noteId}`);
  const editors = page.locator('.paragraph-editor');
  await waitUntil(() => editors.locator('pre.paragraph-text').count(), (n) => n === 3);
  // The text is coloured once Monaco's chunk is in: the editor could be built now, and is not.
  await editors.locator('pre.paragraph-text .mtk1').first().waitFor();
  await editors.nth(1).getByText('print').waitFor();
  expect(await editors.locator('.monaco-editor').count()).toBe(0);
  expect(await page.getByRole('textbox', { name: 'Paragraph code' }).count()).toBe(3);
  // Each editor's height, where its last line is, and where that line's first word starts, against its editor area.
  const layout = () => editors.evaluateAll((els) => els.map((e) => {
    const box = e.getBoundingClientRect();
    const lines = [...e.querySelectorAll('.view-line, .paragraph-line')].filter((l) => (l.textContent ?? '').trim());
    // The lowest: Monaco keeps its line elements in no fixed order.
    const line = lines.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)[lines.length - 1];
    const word = line?.querySelector('span > span, span')?.getBoundingClientRect();
    const at = (x: number | undefined, from: number) => Math.round(((x ?? 0) - from) * 10) / 10;
    return { height: box.height, left: at(word?.left, box.left), top: at(line?.getBoundingClientRect().top, box.top) };
  }));
  const before = await layout();
  const shots = () => Promise.all([0, 1].map((i) => editors.nth(i).screenshot()));
  const drawn = await shots();
  // Two built by a resting pointer, the third by a click with no rest: the click's caret is where it was aimed.
  for (let i = 0; i < 2; i++) await editorLines(editors.nth(i));
  await page.mouse.move(1, 1);
  // Pixel for pixel what the plain text drew: font, colours, gutter and line numbers (the caret's line's included),
  // once Monaco has drawn its lines (over the frames after it is built).
  const same = async () => (await shots()).map((shot, i) => shot.equals(drawn[i]));
  await waitUntil(same, (eq) => eq.every(Boolean), 5_000).catch(() => undefined);
  expect(await same()).toEqual([true, true]);
  const echo = (await editors.nth(2).locator('.paragraph-line').nth(1).boundingBox())!;
  await page.mouse.click(echo.x + 1, echo.y + echo.height / 2);
  await waitUntil(() => editors.locator('pre.paragraph-text').count(), (n) => n === 0);
  await waitUntil(() => page.evaluate(() => !!document.activeElement?.closest('.monaco-editor')), (v) => v);
  // Monaco draws a new editor's lines over the next frames: the layout is read once they are all drawn.
  await waitUntil(() => layout(), (l) => JSON.stringify(l) === JSON.stringify(before), 5_000).catch(() => undefined);
  expect(await layout()).toEqual(before);
  await page.keyboard.type('X');
  await waitUntil(() => shownTexts(editors.nth(2)), (t) => t[0] === '%sh\nXecho one');
});

test('edited text is saved on blur and survives a reload', async () => {
  const { page } = browser;
  await open(page);
  await focusEditor(page, PY);
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n# saved by e2e');
  await page.getByRole('heading', { level: 1 }).click();
  await waitUntil(() => sent.filter((f) => f.op === 'COMMIT_PARAGRAPH' && String(f.data.paragraph).endsWith('# saved by e2e')).length, (n) => n === 1);
  await open(page);
  await para(page, PY).getByText('# saved by e2e').waitFor();
});

test('a link in code is found once the pointer is over its editor (Monaco\'s worker starts then, not with the page)', async () => {
  const { page } = browser;
  await open(page);
  await focusEditor(page, PY);
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n# docs: https://zeppelin.apache.org/docs/');
  await page.getByRole('heading', { level: 1 }).click();
  await waitUntil(() => sent.filter((f) => f.op === 'COMMIT_PARAGRAPH' && String(f.data.paragraph).includes('https://zeppelin.apache.org/docs/')).length, (n) => n === 1);
  // The pointer rests on the navbar, so that no editor drawn under it gets a (browser-made) pointer move.
  await page.mouse.move(1, 1);
  await open(page);
  const links = para(page, PY).locator('.monaco-editor .detected-link');
  // A fresh page: no editor has been pointed at or entered, so none has asked for its links yet.
  expect(await links.count()).toBe(0);
  await (await editorLines(para(page, PY))).hover();
  await links.first().waitFor();
  expect(await links.first().textContent()).toContain('zeppelin.apache.org');
});

test('insert, clone, move and delete with the paragraph shortcuts', async () => {
  const { page } = browser;
  await open(page);
  const before = await ids(page);
  const at = before.indexOf(PY);
  await focusEditor(page, PY);
  await page.keyboard.press('Control+Alt+KeyB');
  await waitUntil(() => ids(page), (xs) => xs.length === before.length + 1);
  const inserted = (await ids(page))[at + 1];
  expect(before).not.toContain(inserted);
  // the new paragraph gets the focus: typing goes into it
  await page.keyboard.type('%md hello from e2e');
  await focusEditor(page, PY);
  await page.keyboard.press('Control+Shift+KeyC');
  await waitUntil(() => ids(page), (xs) => xs.length === before.length + 2);
  await waitUntil(() => sent.filter((f) => f.op === 'COPY_PARAGRAPH').length, (n) => n === 1);
  await page.keyboard.press('Control+Alt+KeyK');
  await waitUntil(() => ids(page), (xs) => xs.indexOf(PY) === at - 1);
  await page.keyboard.press('Control+Alt+KeyJ');
  await waitUntil(() => ids(page), (xs) => xs.indexOf(PY) === at);
  await focusEditor(page, inserted);
  await page.keyboard.press('Control+Alt+KeyD');
  await page.getByRole('dialog', { name: 'Remove' }).getByRole('button', { name: 'Remove' }).click();
  await waitUntil(() => ids(page), (xs) => !xs.includes(inserted));
  // remove the clone too, so the later tests see the note as it was
  const clone = (await ids(page)).find((x) => !before.includes(x)) as string;
  await focusEditor(page, clone);
  await page.keyboard.press('Control+Alt+KeyD');
  await page.getByRole('dialog', { name: 'Remove' }).getByRole('button', { name: 'Remove' }).click();
  await waitUntil(() => ids(page), (xs) => xs.length === before.length);
});

test('menu items and toggle shortcuts: editor, output, title, line numbers, width, enable', async () => {
  const { page } = browser;
  await open(page);
  const p = para(page, PY);
  await focusEditor(page, PY);
  await page.keyboard.press('Control+Alt+KeyM');
  await p.locator('.monaco-editor .line-numbers').first().waitFor();
  await page.keyboard.press('Control+Alt+KeyO');
  await p.getByRole('button', { name: 'Show output' }).waitFor();
  await page.keyboard.press('Control+Alt+KeyO');
  await p.getByRole('button', { name: 'Hide output' }).waitFor();
  await page.keyboard.press('Control+Shift+Minus');
  await waitUntil(() => page.locator(`[data-paragraph-id="${PY}"]`).evaluate((e) => (e as HTMLElement).style.gridColumn), (v) => v.includes('11'));
  await page.keyboard.press('Control+Shift+Equal');
  await waitUntil(() => page.locator(`[data-paragraph-id="${PY}"]`).evaluate((e) => (e as HTMLElement).style.gridColumn), (v) => v.includes('12'));
  await page.keyboard.press('Control+Alt+KeyR');
  await p.getByRole('button', { name: 'Run paragraph' }).and(page.locator('[disabled]')).waitFor();
  await page.keyboard.press('Control+Alt+KeyR');
  await p.getByRole('button', { name: 'Run paragraph' }).and(page.locator(':not([disabled])')).waitFor();
  await page.keyboard.press('Control+Alt+KeyE');
  await p.getByRole('button', { name: 'Show editor' }).waitFor();
  await p.getByRole('button', { name: 'Show editor' }).click();
  await p.getByRole('textbox', { name: 'Paragraph code' }).waitFor();
  await p.getByRole('button', { name: 'Paragraph settings' }).click();
  await p.getByRole('menuitem', { name: /Show title|Hide title/ }).click();
  await waitUntil(() => sent.filter((f) => f.op === 'COMMIT_PARAGRAPH' && 'title' in (f.data.config as object)).length, (n) => n >= 1);
  // Shift+Enter runs: the server reports the paragraph's run through to a final status
  await focusEditor(page, PY);
  const from = received.length;
  await page.keyboard.press('Shift+Enter');
  await waitUntil(() => sent.filter((f) => f.op === 'RUN_PARAGRAPH' && f.data.id === PY).length, (n) => n === 1);
  // (this fixture paragraph runs `sys?`, IPython-only syntax, so plain Python ends it in ERROR)
  const statuses = () => received.slice(from)
    .filter((f) => f.op === 'PARAGRAPH' && (f.data.paragraph as { id: string }).id === PY)
    .map((f) => (f.data.paragraph as { status: string }).status);
  await waitUntil(statuses, (xs) => xs.includes('FINISHED') || xs.includes('ERROR'), 30_000);
  const final = statuses().pop();
  await p.getByRole('img', { name: `Status ${final}` }).waitFor();
  // An error dialog (e.g. a run-all refused while the note runs) takes the focus, as it should: close it and go on.
  const settle = async () => {
    const details = page.getByRole('dialog', { name: 'Details' });
    if (await details.isVisible()) await details.getByRole('button', { name: 'Close' }).click();
    await focusEditor(page, PY);
  };
  const count = (op: string) => sent.filter((f) => f.op === op).length;
  await settle();
  await page.keyboard.press('Control+Alt+KeyC');
  await waitUntil(() => count('CANCEL_PARAGRAPH'), (n) => n === 1);
  await settle();
  await page.keyboard.press('Control+Alt+KeyL');
  await waitUntil(() => count('PARAGRAPH_CLEAR_OUTPUT'), (n) => n === 1);
  await settle();
  await page.keyboard.press('Control+Shift+ArrowUp');
  await waitUntil(() => count('RUN_ALL_PARAGRAPHS'), (n) => n === 1);
  await settle();
  await page.keyboard.press('Control+Shift+ArrowDown');
  await waitUntil(() => count('RUN_ALL_PARAGRAPHS'), (n) => n === 2);
});

test('shortcut help, find in code with Ctrl+Alt+F, and replace', async () => {
  const { page } = browser;
  await open(page);
  await page.getByRole('button', { name: 'List of shortcuts' }).click();
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await help.getByText('Ctrl+Alt+C').waitFor();
  await help.getByRole('button', { name: 'Close' }).click();
  await focusEditor(page, PY);
  await page.keyboard.press('Control+Alt+KeyF');
  const box = page.getByRole('search', { name: 'Find and replace' });
  await box.getByRole('textbox', { name: 'Find' }).fill('help(sys)');
  await box.getByText('1 of 1').waitFor();
  await box.getByRole('textbox', { name: 'Replace' }).fill('help(os)');
  await box.getByRole('button', { name: 'Replace all' }).click();
  await waitUntil(() => sent.filter((f) => f.op === 'COMMIT_PARAGRAPH' && String(f.data.paragraph).includes('help(os)')).length, (n) => n === 1);
  await box.getByText('No results').waitFor();
});

test('a text form runs on Enter with its value', async () => {
  const { page } = browser;
  await open(page);
  // paragraphs far off screen are placeholders until scrolled to
  await scrollToParagraph(para(page, FORM));
  const input = para(page, FORM).getByRole('textbox', { name: 'my_name' });
  await input.fill('world');
  await input.press('Enter');
  await waitUntil(() => sent.filter((f) => f.op === 'RUN_PARAGRAPH' && f.data.id === FORM), (xs) => xs.length === 1);
  expect(sent.find((f) => f.op === 'RUN_PARAGRAPH')?.data.params).toMatchObject({ my_name: 'world' });
});

test('export as .zpln and .ipynb downloads files', async () => {
  const { page } = browser;
  await open(page);
  const [zpln] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export this note (zpln)' }).click()]);
  expect(zpln.suggestedFilename()).toBe('1. IPython Basic.zpln');
  const note = JSON.parse(fs.readFileSync(await zpln.path(), 'utf8'));
  expect(note.paragraphs.length).toBeGreaterThan(10);
  const [ipynb] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export this note (ipynb)' }).click()]);
  expect(ipynb.suggestedFilename()).toBe('1. IPython Basic.ipynb');
  expect(JSON.parse(fs.readFileSync(await ipynb.path(), 'utf8')).cells.length).toBeGreaterThan(0);
});

test('report look and feel makes the note view-only; default brings the editors back', async () => {
  const { page } = browser;
  await open(page);
  await page.getByRole('combobox', { name: 'Look and feel' }).selectOption('report');
  await page.getByText('View only').waitFor();
  await waitUntil(() => page.locator('.monaco-editor, pre.paragraph-text').count(), (n) => n === 0);
  expect(await page.getByRole('button', { name: 'Run all paragraphs' }).isDisabled()).toBe(true);
  await page.getByRole('combobox', { name: 'Look and feel' }).selectOption('default');
  await page.getByRole('textbox', { name: 'Paragraph code' }).first().waitFor();
});

test('?asIframe shows one paragraph without the app chrome', async () => {
  const { page } = browser;
  await page.goto(`${server.url}#/notebook/${NOTE}/paragraph/${PY}?asIframe`);
  await para(page, PY).getByTestId('text-result').waitFor();
  expect(await page.locator('section[id^="paragraph_"]').count()).toBe(1);
  expect(await page.getByRole('toolbar', { name: 'Note toolbar' }).count()).toBe(0);
});
