/**
 * A working day on the note page, as an analyst trips over it: leaving a trashed note, typing into new paragraphs,
 * %md editors, %js re-runs, run all after an error, terminal text, imported timing, missing Python modules, status
 * words and the keypad's Enter key.
 *
 * @slow (one of the suite's longest files: scheduled first on a fresh machine)
 */
import path from 'path';
import type { Locator, Page } from 'playwright-core';
import { restBody } from './support/rest';
import { ROOT } from './support/server';
import { serverAndBrowser } from './support/session';
import { waitUntil } from './support/wait';
import { editorLines, shownTexts } from './support/paragraph';

const env = serverAndBrowser();

interface RestParagraph { id: string; status?: string; text?: string }

async function newNote(name: string, texts: string[]): Promise<string> {
  return restBody<string>(env.server.url, 'POST', '/api/notebook', { name, paragraphs: texts.map((text) => ({ text })) });
}

async function paragraphsOf(noteId: string): Promise<RestParagraph[]> {
  return (await restBody<{ paragraphs: RestParagraph[] }>(env.server.url, 'GET', `/api/notebook/${noteId}`)).paragraphs;
}

async function openNote(page: Page, noteId: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`${env.server.url}#/notebook/${noteId}`);
  await page.getByRole('toolbar', { name: 'Note toolbar' }).waitFor();
  await page.locator('section[id^="paragraph_"]').first().waitFor();
}

const para = (page: Page, id: string): Locator => page.locator(`#paragraph_${id}`);

/** Replaces a paragraph's text by typing, as a user does. */
async function typeInto(page: Page, id: string, text: string): Promise<void> {
  await (await editorLines(para(page, id))).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
}

const editorText = async (page: Page, id: string): Promise<string> => (await shownTexts(para(page, id)))[0] ?? '';

test('1. moving the open note to the trash leaves it: home page, note gone, its runs stopped', async () => {
  const { page } = env.browser;
  const id = await newNote('/workday/trash me', ['%sh\nsleep 30; echo late', '%sh\necho next']);
  await openNote(page, id);
  const [first, second] = await paragraphsOf(id);
  await para(page, first.id).getByRole('button', { name: 'Run paragraph' }).click();
  await para(page, first.id).getByRole('img', { name: 'Status RUNNING' }).waitFor({ timeout: 30_000 });
  // the second waits behind the first in the interpreter's queue
  await para(page, second.id).getByRole('button', { name: 'Run paragraph' }).click();
  await para(page, second.id).getByRole('img', { name: 'Status PENDING' }).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Move this note to trash' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Move' }).click();
  await waitUntil(() => page.evaluate(() => location.hash), (h) => h === '#/' || h === '');
  await page.getByRole('button', { name: 'Create new note' }).waitFor();
  expect(await page.getByRole('toolbar', { name: 'Note toolbar' }).count()).toBe(0);
  // The note's runs end: nothing stays RUNNING or PENDING in the trash.
  await waitUntil(() => paragraphsOf(id), (ps) => ps.every((p) => p.status !== 'RUNNING' && p.status !== 'PENDING'), 15_000);
  // The navbar's home link still works from here.
  await page.goto(`${env.server.url}#/jobmanager`);
  await page.getByRole('link', { name: 'Zeppelin', exact: true }).click();
  await page.getByRole('button', { name: 'Create new note' }).waitFor();
});

test('2. a paragraph inserted by shortcut or menu, and a new note\'s first paragraph, get the editor focus', async () => {
  const { page } = env.browser;
  const id = await newNote('/workday/insert', ['%sh\necho one']);
  await openNote(page, id);
  const [first] = await paragraphsOf(id);
  await (await editorLines(para(page, first.id))).click();
  await page.keyboard.press('Control+Alt+B');
  await waitUntil(() => paragraphsOf(id), (ps) => ps.length === 2);
  const second = (await paragraphsOf(id))[1];
  await para(page, second.id).locator('.monaco-editor').waitFor();
  await waitUntil(() => page.evaluate(() => !!document.activeElement?.closest('.monaco-editor')), (v) => v);
  await page.keyboard.type('typed by key');
  await waitUntil(() => editorText(page, second.id), (t) => t.includes('typed by key'));
  expect(await editorText(page, first.id)).not.toContain('typed by key');

  await para(page, first.id).getByRole('button', { name: 'Paragraph settings' }).click();
  await para(page, first.id).getByRole('menuitem', { name: /Insert new paragraph below/ }).click();
  await waitUntil(() => paragraphsOf(id), (ps) => ps.length === 3);
  const inserted = (await paragraphsOf(id))[1];
  await para(page, inserted.id).locator('.monaco-editor').waitFor();
  await waitUntil(() => page.evaluate(() => !!document.activeElement?.closest('.monaco-editor')), (v) => v);
  await page.keyboard.type('typed after menu');
  await waitUntil(() => editorText(page, inserted.id), (t) => t.includes('typed after menu'));
  expect(await editorText(page, first.id)).not.toContain('typed after menu');

  await page.goto(`${env.server.url}#/`);
  await page.getByRole('button', { name: 'Create new note' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').first().fill('/workday/fresh note');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('toolbar', { name: 'Note toolbar' }).waitFor();
  await page.locator('section[id^="paragraph_"] .monaco-editor').first().waitFor();
  await waitUntil(() => page.evaluate(() => !!document.activeElement?.closest('.monaco-editor')), (v) => v);
  await page.keyboard.type('first words');
  const fresh = ((await page.locator('section[id^="paragraph_"]').first().getAttribute('id')) ?? '').replace(/^paragraph_/, '');
  await waitUntil(() => editorText(page, fresh), (t) => t.includes('first words'));
});

test('3. %md hides its editor after a run and opens it again on double click', async () => {
  const { page } = env.browser;
  const id = await newNote('/workday/md', ['']);
  await openNote(page, id);
  const [p] = await paragraphsOf(id);
  await typeInto(page, p.id, '%md\n# Quarterly *numbers*');
  await page.keyboard.press('Shift+Enter');
  // The note's HTML results live in its one result document, over their paragraphs: a user double-clicks there.
  const heading = page.frameLocator('iframe.note-result-frame').locator(`.zeppelin-result[data-paragraph-id="${p.id}"]`)
    .getByRole('heading', { name: 'Quarterly numbers' });
  await heading.waitFor({ timeout: 30_000 });
  await waitUntil(() => para(page, p.id).locator('.monaco-editor, pre.paragraph-text').count(), (n) => n === 0);
  await heading.dblclick();
  await para(page, p.id).locator('.monaco-editor').waitFor();
});

test('4. %js runs twice without "already declared": each run gets a fresh scope', async () => {
  const { page } = env.browser;
  const id = await newNote('/workday/js', ['%js\nlet total = 20 + 22; total']);
  await openNote(page, id);
  const [p] = await paragraphsOf(id);
  const keptRuns = async () => (await restBody<{ runs: unknown[] }>(env.server.url, 'GET', `/api/notebook/${id}/paragraph/${p.id}/history`)).runs.length;
  for (let i = 0; i < 2; i++) {
    const before = await keptRuns();
    await para(page, p.id).getByRole('button', { name: 'Run paragraph' }).click();
    // This run's own end: until the second run has started, the status and the text are still the first run's.
    await waitUntil(keptRuns, (n) => n > before, 30_000);
    await waitUntil(() => paragraphsOf(id), (ps) => ps[0].status === 'FINISHED' || ps[0].status === 'ERROR', 30_000);
    await para(page, p.id).getByTestId('text-result').getByText('42').waitFor();
  }
  expect(await para(page, p.id).textContent()).not.toContain('already been declared');
  expect((await paragraphsOf(id))[0].status).toBe('FINISHED');
});

test('5. run all stops at the first error and shows which paragraphs did not run', async () => {
  const { page } = env.browser;
  const id = await newNote('/workday/run all', ['%sh\necho one', '%sh\necho two', '%sh\necho three']);
  const ids = (await paragraphsOf(id)).map((p) => p.id);
  await openNote(page, id);
  // every paragraph has a FINISHED result from an earlier run
  await page.getByRole('button', { name: 'Run all paragraphs' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Run' }).click();
  await waitUntil(() => paragraphsOf(id), (ps) => ps.every((p) => p.status === 'FINISHED'), 30_000);
  await waitUntil(() => page.getByText('Running all paragraphs…').count(), (n) => n === 0);
  // the second one now fails
  await typeInto(page, ids[1], '%sh\necho broken; exit 3');
  await page.getByRole('button', { name: 'Run all paragraphs' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Run' }).click();
  await para(page, ids[1]).getByRole('img', { name: 'Status ERROR' }).waitFor({ timeout: 30_000 });
  await waitUntil(() => page.getByText('Running all paragraphs…').count(), (n) => n === 0);
  const ps = await paragraphsOf(id);
  expect(ps.map((p) => p.status)).toEqual(['FINISHED', 'ERROR', 'FINISHED']);
  // the third kept its old result: the page says it did not run
  await para(page, ids[2]).getByText(/Not run/).waitFor();
  expect(await para(page, ids[0]).getByText(/Not run/).count()).toBe(0);
  await page.getByRole('status').filter({ hasText: /Run all stopped/ }).waitFor();
});

test('6. text output honours backspace and carriage return, and shows no control glyphs', async () => {
  const { page } = env.browser;
  const id = await newNote('/workday/terminal', [
    "%sh\nprintf 'abc\\b\\bX\\n'; printf '10%%\\r50%%\\r100%%\\n'; printf 'bell\\a tab\\tend\\x01\\x1b[Kok\\n'",
  ]);
  await openNote(page, id);
  const [p] = await paragraphsOf(id);
  await para(page, p.id).getByRole('button', { name: 'Run paragraph' }).click();
  const out = para(page, p.id).getByTestId('text-result');
  await out.getByText('100%').waitFor({ timeout: 30_000 });
  const text = (await out.innerText()).split('\n');
  expect(text[0]).toBe('aXc');
  expect(text[1]).toBe('100%');
  expect(text[2]).toBe('bell tab\tendok');
  // eslint-disable-next-line no-control-regex
  expect(/[\u0000-\u0008\u000b-\u001f\u007f]/.test(await out.innerText())).toBe(false);
});

test('9. a paragraph imported from Jupyter without run times shows no "Took 0 seconds"', async () => {
  const { page } = env.browser;
  await page.goto(`${env.server.url}#/`);
  await page.getByRole('button', { name: 'Import note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import new note' });
  await dialog.getByRole('textbox', { name: /Import As/ }).fill('from jupyter');
  await dialog.locator('input[type=file]').setInputFiles(path.join(ROOT, 'test', 'fixtures', 'ipynb', 'basic.ipynb'));
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('link', { name: 'from jupyter' }).click();
  await page.locator('section[id^="paragraph_"] .paragraph-results').first().waitFor();
  expect(await page.getByText(/Took 0 seconds/).count()).toBe(0);
});

test('10. a missing Python module says what is missing and how to fix it', async () => {
  const { page } = env.browser;
  const id = await newNote('/workday/python', ['%python\nimport surely_not_installed_zz']);
  await openNote(page, id);
  const [p] = await paragraphsOf(id);
  await para(page, p.id).getByRole('button', { name: 'Run paragraph' }).click();
  await para(page, p.id).getByRole('img', { name: 'Status ERROR' }).waitFor({ timeout: 60_000 });
  const text = await para(page, p.id).getByTestId('text-result').innerText();
  expect(text).toContain("No module named 'surely_not_installed_zz'");
  expect(text).toMatch(/surely_not_installed_zz is not installed for the Python at \S+/);
  expect(text).toContain('-m pip install surely_not_installed_zz');
  expect(text).toContain('zeppelin.python');
  await page.goto(`${env.server.url}#/interpreter`);
  await page.getByRole('heading', { name: /python/ }).first().waitFor();
  await page.getByText(/pandas and matplotlib/).first().waitFor();
});

test('11. the status is a word too: READY, RUNNING with its elapsed time, FINISHED, ERROR', async () => {
  const { page } = env.browser;
  const id = await newNote('/workday/status', ['%sh\nsleep 1.5; echo done', '%sh\nexit 1']);
  await openNote(page, id);
  const [slow, failing] = await paragraphsOf(id);
  const word = (pid: string) => para(page, pid).locator('.paragraph-head').innerText();
  expect(await word(slow.id)).toContain('READY');
  await para(page, slow.id).getByRole('button', { name: 'Run paragraph' }).click();
  await waitUntil(() => word(slow.id), (t) => /RUNNING \d+:\d\d/.test(t), 30_000);
  await waitUntil(() => word(slow.id), (t) => t.includes('FINISHED'), 30_000);
  await para(page, failing.id).getByRole('button', { name: 'Run paragraph' }).click();
  await waitUntil(() => word(failing.id), (t) => t.includes('ERROR'), 30_000);
});

test('20. Shift with the keypad Enter runs the paragraph', async () => {
  const { page } = env.browser;
  const id = await newNote('/workday/numpad', ['%sh\necho keypad']);
  await openNote(page, id);
  const [p] = await paragraphsOf(id);
  await (await editorLines(para(page, p.id))).click();
  await page.keyboard.press('Shift+NumpadEnter');
  await para(page, p.id).getByTestId('text-result').getByText('keypad').waitFor({ timeout: 30_000 });
  expect(await editorText(page, p.id)).toBe('%sh\necho keypad');
});
