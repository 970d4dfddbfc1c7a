/**
 * The "Keymap" setting in Chromium: Jupyter's command mode on the note page, Vim and Emacs inside the editor, the
 * keys listed in the shortcut help, and the choice kept across a reload.
 *
 * @slow (one of the suite's longest files: scheduled first on a fresh machine)
 */
import type { Page } from 'playwright-core';
import { restBody } from './support/rest';
import { serverAndBrowser } from './support/session';
import { waitUntil } from './support/wait';
import { editorLines, shownTexts } from './support/paragraph';

const env = serverAndBrowser();

const rest = <T>(method: string, path: string, body?: unknown): Promise<T> => restBody<T>(env.server.url, method, path, body);

interface RestNote { paragraphs: { id: string; text?: string }[] }

async function newNote(texts: string[]): Promise<string> {
  return rest<string>('POST', '/api/notebook', { notePath: `/keymaps/${Date.now()}`, paragraphs: texts.map((text) => ({ text })) });
}

const texts = async (noteId: string): Promise<string[]> =>
  (await rest<RestNote>('GET', `/api/notebook/${noteId}`)).paragraphs.map((p) => p.text ?? '');

async function chooseKeymap(page: Page, label: string): Promise<void> {
  await page.getByRole('button', { name: 'List of shortcuts' }).click();
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await help.getByRole('combobox', { name: 'Keymap' }).selectOption({ label });
  if (label !== 'Zeppelin') await help.getByRole('table', { name: `${label} keys` }).waitFor();
  await help.getByRole('button', { name: 'Close' }).click();
}

/** Vim and Emacs keys load on demand, into a built editor: keys typed before they are attached are plain Monaco keys. */
async function keymapLive(page: Page, pid: string, keymap: 'vim' | 'emacs'): Promise<void> {
  await page.locator(`#paragraph_${pid} [data-keymap="${keymap}"]`).waitFor();
}

async function openNote(page: Page, noteId: string): Promise<string[]> {
  await page.goto(`${env.server.url}#/notebook/${noteId}`);
  await page.locator('section.paragraph').getByRole('textbox', { name: 'Paragraph code' }).first().waitFor();
  return page.locator('section.paragraph').evaluateAll((ss) => ss.map((s) => s.id.replace(/^paragraph_/, '')));
}

const editorText = async (page: Page, pid: string): Promise<string> => (await shownTexts(page.locator(`#paragraph_${pid}`)))[0] ?? '';
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
const inEditorOf = (page: Page) => page.evaluate(() => document.activeElement?.closest('section.paragraph')?.id ?? '');

afterEach(async () => {
  // Each test starts from Zeppelin's keys, whatever the last one chose.
  await env.browser.page.evaluate(() => window.localStorage.clear());
});

test('Jupyter: Esc leaves the editor for command mode, where B, A, M, Y, K, J, DD and Enter act on paragraphs', async () => {
  const { page } = env.browser;
  const noteId = await newNote(['%sh\necho one', 'print(2)']);
  const [first, second] = await openNote(page, noteId);
  await chooseKeymap(page, 'Jupyter');

  await (await editorLines(page.locator(`#paragraph_${second}`))).click();
  await page.keyboard.press('Escape');
  await waitUntil(() => focusedId(page), (id) => id === `paragraph_${second}`);
  await page.keyboard.press('m');
  await waitUntil(() => texts(noteId), (t) => t[1] === '%md\nprint(2)');
  await page.keyboard.press('y');
  await waitUntil(() => texts(noteId), (t) => t[1] === 'print(2)');
  // Plain letters in command mode never reach an editor.
  expect(await editorText(page, first)).toContain('echo one');

  await page.keyboard.press('k');
  await waitUntil(() => focusedId(page), (id) => id === `paragraph_${first}`);
  await page.keyboard.press('j');
  await waitUntil(() => focusedId(page), (id) => id === `paragraph_${second}`);
  await page.keyboard.press('b');
  await waitUntil(() => texts(noteId), (t) => t.length === 3);
  const added = (await rest<RestNote>('GET', `/api/notebook/${noteId}`)).paragraphs[2].id;
  // The new paragraph's editor takes the focus: typing lands there.
  await waitUntil(() => inEditorOf(page), (id) => id === `paragraph_${added}`);
  await page.keyboard.type('%md\nnew');
  await page.keyboard.press('Escape');
  await waitUntil(() => focusedId(page), (id) => id === `paragraph_${added}`);
  await page.keyboard.press('Shift+Enter');
  // Running the last paragraph appends an empty one, as Zeppelin does.
  await waitUntil(() => texts(noteId), (t) => t[2] === '%md\nnew' && t.length === 4);

  await page.keyboard.press('d');
  await page.keyboard.press('d');
  const confirm = page.getByRole('dialog', { name: 'Remove' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await waitUntil(() => texts(noteId), (t) => t.length === 3 && !t.includes('%md\nnew'));

  await page.locator(`#paragraph_${first}`).focus();
  await page.keyboard.press('a');
  await waitUntil(() => texts(noteId), (t) => t.length === 4 && t[1] === '%sh\necho one');
  const top = (await rest<RestNote>('GET', `/api/notebook/${noteId}`)).paragraphs[0].id;
  await waitUntil(() => inEditorOf(page), (id) => id === `paragraph_${top}`);
  await page.keyboard.press('Escape');
  await waitUntil(() => focusedId(page), (id) => id === `paragraph_${top}`);
  await page.keyboard.press('Enter');
  await waitUntil(() => inEditorOf(page), (id) => id === `paragraph_${top}`);

  // The choice is a preference: after a reload the help shows it and Esc still leaves the editor.
  await page.reload();
  await page.locator('section.paragraph').getByRole('textbox', { name: 'Paragraph code' }).first().waitFor();
  await page.getByRole('button', { name: 'List of shortcuts' }).click();
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  expect(await help.getByRole('combobox', { name: 'Keymap' }).inputValue()).toBe('jupyter');
  await help.getByText('D, D').waitFor();
  await help.getByRole('button', { name: 'Close' }).click();
});

test('Vim: normal-mode commands edit the paragraph, with the mode shown under the editor', async () => {
  const { page } = env.browser;
  const noteId = await newNote(['print(2)']);
  const [pid] = await openNote(page, noteId);
  await chooseKeymap(page, 'Vim');
  await editorLines(page.locator(`#paragraph_${pid}`));
  await keymapLive(page, pid, 'vim');
  const status = page.locator(`#paragraph_${pid}`).getByRole('status', { name: 'Vim status' });
  await status.waitFor();
  await (await editorLines(page.locator(`#paragraph_${pid}`))).click();
  await page.keyboard.press('Escape');
  // 0 to the line start, dw deletes "print", then i inserts.
  await page.keyboard.type('0dw');
  await waitUntil(() => editorText(page, pid), (t) => t.trim() === '(2)');
  await page.keyboard.type('ix');
  await waitUntil(() => editorText(page, pid), (t) => t.trim() === 'x(2)');
  await waitUntil(() => status.innerText(), (t) => /insert/i.test(t));
  await page.keyboard.press('Escape');
  await page.keyboard.press('Shift+Enter');
  await waitUntil(() => texts(noteId), (t) => t[0] === 'x(2)');
});

test('Emacs: Ctrl+A and Ctrl+E move to the line ends instead of selecting all', async () => {
  const { page } = env.browser;
  const noteId = await newNote(['print(2)']);
  const [pid] = await openNote(page, noteId);
  await chooseKeymap(page, 'Emacs');
  await editorLines(page.locator(`#paragraph_${pid}`));
  await keymapLive(page, pid, 'emacs');
  await (await editorLines(page.locator(`#paragraph_${pid}`))).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Z');
  await waitUntil(() => editorText(page, pid), (t) => t.trim() === 'Zprint(2)');
  await page.keyboard.press('Control+E');
  await page.keyboard.type('!');
  await waitUntil(() => editorText(page, pid), (t) => t.trim() === 'Zprint(2)!');
});

test("Zeppelin: the editor's Ctrl keys keep their Zeppelin meaning (Ctrl+S searches the code)", async () => {
  const { page } = env.browser;
  const noteId = await newNote(['print(2)']);
  const [pid] = await openNote(page, noteId);
  await chooseKeymap(page, 'Zeppelin');
  await (await editorLines(page.locator(`#paragraph_${pid}`))).click();
  await page.keyboard.press('Control+KeyS');
  await page.locator(`#paragraph_${pid} .find-widget.visible`).waitFor();
});

test('the editor keeps the Monaco commands that its keys and the Vim and Emacs keymaps call', async () => {
  // src/editor/monacoSetup.ts registers a chosen list of Monaco's features instead of all of them: each of these keys
  // reaches a feature from that list.
  const { page } = env.browser;
  const noteId = await newNote(['%python\nalpha\nbeta']);
  const [pid] = await openNote(page, noteId);
  await (await editorLines(page.locator(`#paragraph_${pid}`))).click();
  const lines = async () => (await editorText(page, pid)).split('\n').map((l) => l.trim());
  // Ctrl+/ comments the last line (Monaco's editor.action.commentLine, which the Vim keymap calls too).
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Control+Slash');
  await waitUntil(lines, (l) => l[2] === '# beta');
  // Alt+↑ moves the line up (line operations, which the Emacs keymap calls for its line keys).
  await page.keyboard.press('Alt+ArrowUp');
  await waitUntil(lines, (l) => l.join('|') === '%python|# beta|alpha');
});

test("Ctrl+. lists the interpreter's completions in Monaco's suggestion list, and Enter takes one", async () => {
  const { page } = env.browser;
  const noteId = await newNote(['%python\npri']);
  const [pid] = await openNote(page, noteId);
  await (await editorLines(page.locator(`#paragraph_${pid}`))).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Control+Period');
  const option = page.locator(`#paragraph_${pid} .suggest-widget.visible .monaco-list-row`).filter({ hasText: /^print/ });
  await option.first().waitFor();
  await page.keyboard.press('Enter');
  await waitUntil(async () => (await editorText(page, pid)).split('\n')[1].trim(), (l) => l.startsWith('print'));
});
