/**
 * Collaborative mode with two logged-in users, each in their own browser, on one note: both see the watchers by
 * name, both type into the same paragraph at once, each sees that the other is editing, and both end with the same
 * text holding both edits; leaving the editor while the other types loses nothing; Ctrl+Z takes back only one's own
 * text; clearing reaches the other one.
 * Every login goes through the login dialog.
 *
 * @slow (one of the suite's longest files: scheduled first on a fresh machine)
 */
import fs from 'fs';
import path from 'path';
import type { Page } from 'playwright-core';
import { launch, type Browser } from './support/browser';
import { loginThroughDialog as login } from './support/login';
import { startTestServer, type TestServer } from './support/server';
import { startWsRelay, type Relay } from './support/wsRelay';
import { waitUntil } from './support/wait';
import { editorLines } from './support/paragraph';

const SHIRO_INI = `[users]
user1 = password2, role1
user2 = password3, role2
[roles]
admin = *
`;
const NOTE = 'Shared draft';
const START = '%md\nfirst line\nsecond line';

let notebookDir: string;
let server: TestServer;
const browsers: Browser[] = [];
let user1: Page;
let user2: Page;
let relay1: Relay;
let noteId: string;
let pid: string;

/** Where each user's page opens the app: user1's through the relay. */
const bases = new Map<Page, string>();

const frameOps = (frames: string[]): string[] => frames.map((f) => (JSON.parse(f) as { op: string }).op);

async function loginThroughDialog(user: string, password: string): Promise<Page> {
  const browser = await launch();
  browsers.push(browser);
  // user1's page goes through a relay that can keep a frame from the server "on its way".
  if (user === 'user1') relay1 = await startWsRelay(server.url);
  bases.set(browser.page, user === 'user1' ? relay1.url : server.url);
  await login(browser.page, bases.get(browser.page)!, user, password);
  return browser.page;
}

beforeAll(async () => {
  server = await startTestServer({}, { shiroIni: SHIRO_INI });
  notebookDir = server.notebookDir;
  [user1, user2] = await Promise.all([loginThroughDialog('user1', 'password2'), loginThroughDialog('user2', 'password3')]);
  // user1 makes the note, so it is theirs; in the default public mode user2 may write it too.
  const created = await user1.evaluate(async ({ name, text }) => {
    const headers = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
    const r = await fetch('api/notebook', { method: 'POST', credentials: 'include', headers, body: JSON.stringify({ notePath: `/${name}`, paragraphs: [{ text }] }) });
    const id = ((await r.json()) as { body: string }).body;
    const note = (await (await fetch(`api/notebook/${id}`, { credentials: 'include', headers })).json()) as { body: { paragraphs: { id: string }[] } };
    return { id, pid: note.body.paragraphs[0].id };
  }, { name: NOTE, text: START });
  noteId = created.id;
  pid = created.pid;
});

afterAll(async () => {
  for (const b of browsers) await b.close();
  await relay1?.close();
  await server?.close();
});

/** The editor's text as Monaco draws it, line by line in screen order. */
const editorText = (page: Page): Promise<string> => page.locator(`#paragraph_${pid} .view-lines`).evaluate((el) =>
  Array.from(el.querySelectorAll<HTMLElement>('.view-line'))
    .sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top))
    .map((l) => (l.textContent ?? '').replace(/\u00a0/g, ' '))
    .join('\n'));

/** The paragraph's text in the note's file. */
function savedText(): string {
  const file = fs.readdirSync(notebookDir).find((f) => f.endsWith(`_${noteId}.zpln`));
  if (!file) return '(no file)';
  const note = JSON.parse(fs.readFileSync(path.join(notebookDir, file), 'utf8')) as { paragraphs: { id: string; text?: string }[] };
  return note.paragraphs.find((p) => p.id === pid)?.text ?? '(no paragraph)';
}

async function open(page: Page): Promise<void> {
  await page.goto(`${bases.get(page)}#/notebook/${noteId}`);
  await page.getByRole('heading', { level: 1, name: NOTE }).waitFor();
  await editorLines(page.locator(`#paragraph_${pid}`));
}

/** Types `a` in one page and `b` in the other, one key each at a time, both keys of a turn sent together. */
async function typeInterleaved(p: Page, a: string, q: Page, b: string): Promise<void> {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    await Promise.all([i < a.length ? p.keyboard.type(a[i]) : null, i < b.length ? q.keyboard.type(b[i]) : null]);
  }
}

test('two users type in one paragraph at once, see each other by name and converge on the merged text', async () => {
  await open(user1);
  await open(user2);
  for (const page of [user1, user2]) {
    const watchers = page.getByRole('group', { name: 'Users watching this note' });
    await watchers.waitFor();
    await waitUntil(async () => (await watchers.getByRole('listitem').allTextContents()).sort(), (u) => u.join() === 'user1,user2');
  }

  // user1 types at the end of the text, user2 at the end of the first text line, keystrokes interleaved
  await user1.locator(`#paragraph_${pid} .view-lines`).click();
  await user1.keyboard.press('Control+End');
  await user2.locator(`#paragraph_${pid} .view-lines`).click();
  await user2.keyboard.press('Control+Home');
  await user2.keyboard.press('ArrowDown');
  await user2.keyboard.press('End');
  await typeInterleaved(user1, ' +one', user2, ' +two');

  // each sees that the other one is typing in this paragraph
  await user1.locator(`#paragraph_${pid}`).getByRole('status').filter({ hasText: 'user2 is editing' }).waitFor({ timeout: 5000 });
  await user2.locator(`#paragraph_${pid}`).getByRole('status').filter({ hasText: 'user1 is editing' }).waitFor({ timeout: 5000 });

  const expected = '%md\nfirst line +two\nsecond line +one';
  await waitUntil(() => editorText(user1), (t) => t === expected);
  await waitUntil(() => editorText(user2), (t) => t === expected);

  // local typing keeps its place: user1's cursor is still at the end of the text
  await user1.keyboard.type('!');
  await waitUntil(() => editorText(user2), (t) => t === `${expected}!`);
  // the badge goes once the patches stop
  await user2.locator(`#paragraph_${pid}`).getByText('user1 is editing').waitFor({ state: 'detached', timeout: 10_000 });
});

test("leaving the editor saves without undoing the other user's typing that has not reached us yet", async () => {
  const before = await editorText(user1);
  await user2.locator(`#paragraph_${pid} .view-lines`).click();
  await user2.keyboard.press('Control+Home');
  await user2.keyboard.press('End');
  // user2's keystrokes reach the server, but are held on their way to user1 ...
  relay1.hold();
  await user2.keyboard.type(' ok');
  await waitUntil(() => frameOps(relay1.held).filter((op) => op === 'PATCH_PARAGRAPH').length, (n) => n === 3);
  // ... while user1 types and leaves the editor, which saves the paragraph
  await user1.locator(`#paragraph_${pid} .view-lines`).click();
  await user1.keyboard.press('Control+End');
  await user1.keyboard.type(' done');
  await user1.getByRole('heading', { level: 1, name: NOTE }).click();
  await waitUntil(() => frameOps(relay1.sent), (ops) => ops.includes('COMMIT_PARAGRAPH'));
  relay1.release();

  const [head, ...rest] = before.split('\n');
  const expected = [`${head} ok`, ...rest].join('\n') + ' done';
  await waitUntil(() => editorText(user1), (t) => t === expected);
  await waitUntil(() => editorText(user2), (t) => t === expected);
  // user2 never left the editor: the file has user1's save, with user2's typing in it
  await waitUntil(savedText, (t) => t === expected);
});

test("Ctrl+Z takes back one's own typing only, and the caret stays with one's text", async () => {
  const before = await editorText(user1);
  const lines = before.split('\n');
  await user1.locator(`#paragraph_${pid} .view-lines`).click();
  await user1.keyboard.press('Control+End');
  // One input, as a paste is: typed key by key, a busy machine could space two keys more than the grouping time
  // (GROUP_MS) apart and make two undo steps of the word.
  await user1.keyboard.insertText(' mine');
  await waitUntil(() => editorText(user2), (t) => t === `${before} mine`);
  // user2 writes above user1's text and at the start of user1's line, before user1's caret
  await user2.locator(`#paragraph_${pid} .view-lines`).click();
  await user2.keyboard.press('Control+Home');
  await user2.keyboard.press('End');
  await user2.keyboard.type(' theirs');
  await user2.keyboard.press('Control+End');
  await user2.keyboard.press('Home');
  await user2.keyboard.type('> ');
  const theirs = [`${lines[0]} theirs`, ...lines.slice(1, -1), `> ${lines[lines.length - 1]}`].join('\n');
  await waitUntil(() => editorText(user1), (t) => t === `${theirs} mine`);
  await user1.keyboard.type('?');
  await waitUntil(() => editorText(user2), (t) => t === `${theirs} mine?`);

  await user1.keyboard.press('Control+z');
  await user1.keyboard.press('Control+z');
  await waitUntil(() => editorText(user2), (t) => t === theirs);
  expect(await editorText(user1)).toBe(theirs);
  await user1.keyboard.press('Control+Shift+z');
  await waitUntil(() => editorText(user2), (t) => t === `${theirs} mine`);
  expect(await editorText(user1)).toBe(`${theirs} mine`);
});

test('clearing the paragraph reaches the other user', async () => {
  await user1.locator(`#paragraph_${pid} .view-lines`).click();
  await user1.keyboard.press('Control+A');
  await user1.keyboard.press('Delete');
  await waitUntil(() => editorText(user2), (t) => t === '');
  expect(await editorText(user1)).toBe('');
  await user1.getByRole('heading', { level: 1, name: NOTE }).click();
  await waitUntil(savedText, (t) => t === '');
});
