/**
 * Collaborative mode in two Chromium instances on one note: both see the watchers, both type into the same
 * paragraph at once, each sees who is editing, and both end with the same text holding both edits.
 */
import type { Page } from 'playwright-core';
import { launch, type Browser } from './support/browser';
import { startTestServer, type TestServer } from './support/server';
import { waitUntil } from './support/wait';

let server: TestServer;
let alice: Browser;
let bob: Browser;
let noteId: string;
let pid: string;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = await Promise.all([launch(), launch()]);
  const created = await fetch(`${server.url}api/notebook`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ notePath: '/collab/Shared', paragraphs: [{ text: '%md\nfirst line\nsecond line' }] }),
  });
  noteId = ((await created.json()) as { body: string }).body;
  const note = await (await fetch(`${server.url}api/notebook/${noteId}`)).json() as { body: { paragraphs: { id: string }[] } };
  pid = note.body.paragraphs[0].id;
});

afterAll(async () => {
  await Promise.all([alice?.close(), bob?.close()]);
  await server?.close();
});

/** The editor's text as Monaco draws it, line by line in screen order. */
const editorText = (page: Page): Promise<string> => page.locator(`#paragraph_${pid} .view-lines`).evaluate((el) =>
  Array.from(el.querySelectorAll<HTMLElement>('.view-line'))
    .sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top))
    .map((l) => (l.textContent ?? '').replace(/\u00a0/g, ' '))
    .join('\n'));

async function open(page: Page): Promise<void> {
  await page.goto(`${server.url}#/notebook/${noteId}`);
  await page.locator(`#paragraph_${pid} .monaco-editor`).waitFor({ timeout: 30_000 });
}

test('two watchers type in one paragraph at once and converge on the merged text', async () => {
  await open(alice.page);
  await open(bob.page);
  for (const page of [alice.page, bob.page]) {
    const watchers = page.getByRole('group', { name: 'Users watching this note' });
    await watchers.waitFor();
    expect(await watchers.getByRole('listitem').allTextContents()).toEqual(['anonymous']);
  }

  // alice types at the end of the text, bob at the end of the first text line, at the same time
  await alice.page.locator(`#paragraph_${pid} .view-lines`).click();
  await alice.page.keyboard.press('Control+End');
  await bob.page.locator(`#paragraph_${pid} .view-lines`).click();
  await bob.page.keyboard.press('Control+Home');
  await bob.page.keyboard.press('ArrowDown');
  await bob.page.keyboard.press('End');
  await Promise.all([
    alice.page.keyboard.type(' +alice', { delay: 60 }),
    bob.page.keyboard.type(' +bob', { delay: 60 }),
  ]);

  // each sees that the other one is typing in this paragraph
  for (const page of [alice.page, bob.page]) {
    await page.locator(`#paragraph_${pid}`).getByRole('status').filter({ hasText: 'anonymous is editing' }).waitFor({ timeout: 5000 });
  }

  const expected = '%md\nfirst line +bob\nsecond line +alice';
  await waitUntil(() => editorText(alice.page), (t) => t === expected, 10_000);
  await waitUntil(() => editorText(bob.page), (t) => t === expected, 10_000);

  // local typing keeps its place: alice's cursor is still at her end of the text
  await alice.page.keyboard.type('!');
  await waitUntil(() => editorText(bob.page), (t) => t === `${expected}!`, 10_000);
  // the badge goes once the patches stop
  await bob.page.locator(`#paragraph_${pid}`).getByText('anonymous is editing').waitFor({ state: 'detached', timeout: 10_000 });
});

test('clearing the paragraph reaches the other watcher', async () => {
  await alice.page.locator(`#paragraph_${pid} .view-lines`).click();
  await alice.page.keyboard.press('Control+A');
  await alice.page.keyboard.press('Delete');
  await waitUntil(() => editorText(bob.page), (t) => t === '', 10_000);
  expect(await editorText(alice.page)).toBe('');
});
