/**
 * Version control in Chromium against the embedded server's git-backed notebook folder: commit twice with changes
 * in between, compare the two revisions, view an old revision read-only, and set the note back to it.
 *
 * @slow (one of the suite's longest files: scheduled first on a fresh machine)
 */
import type { Page, WebSocket } from 'playwright-core';
import { serverAndBrowser } from './support/session';
import { waitUntil } from './support/wait';
import { editorLines, shownTexts } from './support/paragraph';
import { startWsRelay } from './support/wsRelay';

const env = serverAndBrowser();

const sent: { op: string; data: Record<string, unknown> }[] = [];

interface Envelope<T> { status: string; message?: string; body?: T }

async function api<T>(path: string, method = 'GET', json?: unknown): Promise<T | undefined> {
  const res = await fetch(new URL(path.replace(/^\//, ''), env.server.url), {
    method, headers: json === undefined ? {} : { 'content-type': 'application/json' }, body: json === undefined ? undefined : JSON.stringify(json),
  });
  const body = (await res.json()) as Envelope<T>;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${body.message ?? ''}`);
  return body.body;
}

interface P { id: string; text?: string }
const paragraphs = async (noteId: string): Promise<P[]> => (await api<{ paragraphs: P[] }>(`/api/notebook/${noteId}`))?.paragraphs ?? [];

async function commit(page: Page, message: string): Promise<void> {
  await page.getByRole('button', { name: 'Version control' }).click();
  const dialog = page.getByRole('dialog', { name: 'Commit this note' });
  await dialog.getByLabel('Commit message').fill(message);
  await dialog.getByRole('button', { name: 'Commit' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText(`Committed: ${message}`).waitFor();
}

/** Every paragraph's editor text as shown. */
const editorTexts = (page: Page) => shownTexts(page.locator('section[id^="paragraph_"]'));

test('commit, compare, view a revision read-only and set it back', async () => {
  const { page } = env.browser;
  page.on('websocket', (ws) => ws.on('framesent', (f) => {
    const m = JSON.parse(String(f.payload));
    if (m.op !== 'PING') sent.push(m);
  }));
  const noteId = String(await api<string>('/api/notebook', 'POST', {
    notePath: '/revisions/e2e',
    paragraphs: [{ text: '%md keep me' }, { text: '%md change me' }, { text: '%md delete me' }],
  }));
  const [keep, change, remove] = await paragraphs(noteId);

  await page.goto(`${env.server.url}#/notebook/${noteId}`);
  const toolbar = page.getByRole('toolbar', { name: 'Note toolbar' });
  await toolbar.getByRole('button', { name: 'Version control' }).waitFor();

  // A blank message is refused in the dialog.
  await toolbar.getByRole('button', { name: 'Version control' }).click();
  const dialog = page.getByRole('dialog', { name: 'Commit this note' });
  await dialog.getByRole('button', { name: 'Commit' }).click();
  await dialog.getByRole('alert').filter({ hasText: 'Please enter a commit message.' }).waitFor();
  expect(sent.filter((f) => f.op === 'CHECKPOINT_NOTE')).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await commit(page, 'first version');

  // Changes between the commits: one paragraph added, one changed, one deleted.
  const added = String(await api<string>(`/api/notebook/${noteId}/paragraph`, 'POST', { text: '%md brand new' }));
  await api(`/api/notebook/${noteId}/paragraph/${change.id}`, 'PUT', { text: '%md changed text' });
  await api(`/api/notebook/${noteId}/paragraph/${remove.id}`, 'DELETE');
  await waitUntil(() => page.locator('section[id^="paragraph_"]').count(), (n) => n === 3);

  await commit(page, 'second version');
  const history = (await api<{ id: string; message: string }[]>(`/api/notebook/${noteId}/revision`)) ?? [];
  expect(history.map((r) => r.message)).toEqual(['second version', 'first version']);
  const [second, first] = history.map((r) => r.id);

  // The comparator.
  await toolbar.getByRole('button', { name: 'Compare revisions' }).click();
  const panel = page.getByRole('region', { name: 'Compare revisions' });
  await panel.getByText('Please select a revision').waitFor();
  const revisionItems = await panel.getByRole('list', { name: 'Revisions' }).getByRole('listitem').allTextContents();
  expect(revisionItems[0].trim()).toBe('Head');
  expect(revisionItems[1]).toMatch(/^second version [A-Z][a-z]+ \d{1,2}(st|nd|rd|th) \d{4}, \d{1,2}:\d{2} (am|pm)$/);
  await panel.getByLabel('First revision').selectOption(first);
  await panel.getByText('Please select a revision').waitFor();
  await panel.getByLabel('Second revision').selectOption(second);
  const list = panel.getByRole('list', { name: 'Paragraphs' });
  await list.waitFor();
  const rows = await list.getByRole('button').allTextContents();
  expect(rows).toEqual([
    '%md keep me contents are identical',
    '%md changed text there are differences',
    '%md brand new added',
    '%md delete me deleted',
  ]);
  await panel.getByText('Nothing to display').waitFor();
  await list.getByRole('button', { name: /changed text/ }).click();
  const diff = panel.getByRole('region', { name: 'Text diff' });
  // A line diff: the line "%md change me" was replaced by "%md changed text".
  expect(await diff.locator('.jsondiffpatch-added .jsondiffpatch-value').allTextContents()).toEqual(['"%md changed text"']);
  expect(await diff.locator('.jsondiffpatch-deleted .jsondiffpatch-value').allTextContents()).toEqual(['"%md change me"']);
  expect(sent.filter((f) => f.op === 'NOTE_REVISION_FOR_COMPARE').map((f) => [f.data.revisionId, f.data.position]))
    .toEqual([[first, 'first'], [second, 'second']]);
  await toolbar.getByRole('button', { name: 'Compare revisions' }).click();

  // The first revision, read-only.
  await toolbar.getByLabel('Revision', { exact: true }).selectOption(first);
  await waitUntil(() => page.evaluate(() => location.hash), (h) => h === `#/notebook/${noteId}/revision/${first}`);
  const banner = page.getByRole('region', { name: 'Revision' });
  await banner.getByText('first version').waitFor();
  await waitUntil(() => page.locator('section[id^="paragraph_"]').count(), (n) => n === 3);
  await waitUntil(() => editorTexts(page), (t) => t.length === 3);
  expect(await editorTexts(page)).toEqual(['%md keep me', '%md change me', '%md delete me']);
  for (const run of await page.getByRole('button', { name: 'Run paragraph' }).all()) expect(await run.isDisabled()).toBe(true);
  expect(await page.getByRole('button', { name: 'Add paragraph' }).count()).toBe(0);
  const editor = await editorLines(page.locator(`#paragraph_${keep.id}`));
  await editor.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' typed');
  await page.keyboard.press('Shift+Enter');
  await page.getByRole('heading', { level: 1 }).click();
  expect((await editorTexts(page))[0]).toBe('%md keep me');
  expect(sent.filter((f) => ['COMMIT_PARAGRAPH', 'RUN_PARAGRAPH', 'PATCH_PARAGRAPH', 'RUN_ALL_PARAGRAPHS'].includes(f.op))).toEqual([]);
  expect((await paragraphs(noteId)).map((p) => p.text)).toEqual(['%md keep me', '%md changed text', '%md brand new']);

  // Set revision, with confirmation: back on the live note, with the first revision's content.
  await banner.getByRole('button', { name: 'Set revision' }).click();
  const confirm = page.getByRole('dialog', { name: 'Set revision' });
  await confirm.getByText(/Set the note to this revision\?/).waitFor();
  await confirm.getByRole('button', { name: 'Set revision' }).click();
  await waitUntil(() => page.evaluate(() => location.hash), (h) => h === `#/notebook/${noteId}`);
  await banner.waitFor({ state: 'detached' });
  await waitUntil(() => editorTexts(page), (t) => t.join('|') === '%md keep me|%md change me|%md delete me');
  expect((await paragraphs(noteId)).map((p) => p.text)).toEqual(['%md keep me', '%md change me', '%md delete me']);
  expect(added).not.toBe('');
  expect(await page.getByRole('button', { name: 'Run paragraph' }).first().isDisabled()).toBe(false);
});

test('a revision that does not exist shows the problem', async () => {
  const { page } = env.browser;
  const noteId = String(await api<string>('/api/notebook', 'POST', { notePath: '/revisions/missing', paragraphs: [{ text: '%md x' }] }));
  await page.goto('about:blank');
  await page.goto(`${env.server.url}#/notebook/${noteId}/revision/${'0'.repeat(40)}`);
  await page.getByRole('alert').filter({ hasText: 'There is a problem with this Revision' }).first().waitFor();
  expect(await page.locator('section[id^="paragraph_"]').count()).toBe(0);
});

test('a revision stays as it was while others change and run the live note; drafts are saved or kept for Head', async () => {
  const { page } = env.browser;
  const received: { op: string; data: Record<string, unknown> }[] = [];
  const sentHere: { op: string; data: Record<string, unknown> }[] = [];
  const onSocket = (ws: WebSocket) => {
    ws.on('framereceived', (f) => received.push(JSON.parse(String(f.payload))));
    ws.on('framesent', (f) => sentHere.push(JSON.parse(String(f.payload))));
  };
  page.on('websocket', onSocket);
  const noteId = String(await api<string>('/api/notebook', 'POST', {
    notePath: '/revisions/live', paragraphs: [{ text: '%sh echo old result' }, { text: '%sh echo draft' }],
  }));
  const [ran, drafted] = await paragraphs(noteId);
  await api(`/api/notebook/run/${noteId}/${ran.id}`, 'POST');
  const revision = String(await api<string>(`/api/notebook/${noteId}/revision`, 'POST', { commitMessage: 'as it was' }));
  const output = (id: string) => page.locator(`#paragraph_${id}`).getByRole('region', { name: 'Output' });
  const typeAtEnd = async (id: string, text: string) => {
    await (await editorLines(page.locator(`#paragraph_${id}`))).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(text);
  };

  await page.goto('about:blank');
  await page.goto(`${env.server.url}#/notebook/${noteId}`);
  await waitUntil(() => editorTexts(page), (t) => t.join('|') === '%sh echo old result|%sh echo draft');
  await output(ran.id).getByText('old result').waitFor();

  // Typed, then straight to the revision from the toolbar: the draft is saved, and not shown over the revision.
  await typeAtEnd(drafted.id, ' typed');
  await page.getByRole('toolbar', { name: 'Note toolbar' }).getByLabel('Revision', { exact: true }).selectOption(revision);
  const banner = page.getByRole('region', { name: 'Revision' });
  await banner.getByText('as it was').waitFor();
  await waitUntil(() => paragraphs(noteId), (ps) => ps[1]?.text === '%sh echo draft typed');
  await waitUntil(() => editorTexts(page), (t) => t.join('|') === '%sh echo old result|%sh echo draft');

  // Someone else edits and runs the first paragraph and adds one; every frame of it reaches this page.
  const seen = received.length;
  await api(`/api/notebook/${noteId}/paragraph/${ran.id}`, 'PUT', { text: '%sh echo new result' });
  await api(`/api/notebook/run/${noteId}/${ran.id}`, 'POST');
  await api(`/api/notebook/${noteId}/paragraph`, 'POST', { text: '%sh echo added' });
  await waitUntil(() => received.slice(seen).map((f) => f.op), (ops) => ops.includes('NOTE') && ops.filter((op) => op === 'PARAGRAPH').length >= 2);
  expect(received.slice(seen).some((f) => f.op === 'PARAGRAPH' && (f.data.paragraph as P & { status?: string }).status === 'FINISHED')).toBe(true);
  expect(await editorTexts(page)).toEqual(['%sh echo old result', '%sh echo draft']);
  expect(await output(ran.id).textContent()).toContain('old result');
  expect(await output(ran.id).textContent()).not.toContain('new result');
  expect(await page.locator('section[id^="paragraph_"]').count()).toBe(2);
  await banner.getByText('as it was').waitFor();

  // Head: the live note, fetched afresh.
  const back = sentHere.length;
  await banner.getByRole('link', { name: 'Back to the current note' }).click();
  await banner.waitFor({ state: 'detached' });
  await waitUntil(() => editorTexts(page), (t) => t.join('|') === '%sh echo new result|%sh echo draft typed|%sh echo added');
  await output(ran.id).getByText('new result').waitFor();
  expect(sentHere.slice(back).filter((f) => f.op === 'GET_NOTE').map((f) => f.data.id)).toEqual([noteId]);

  // A revision reached by its address keeps an unsaved draft out of sight, and Head shows it again.
  await typeAtEnd(drafted.id, ' again');
  await page.evaluate((hash) => { location.hash = hash; }, `#/notebook/${noteId}/revision/${revision}`);
  await banner.getByText('as it was').waitFor();
  await waitUntil(() => editorTexts(page), (t) => t.join('|') === '%sh echo old result|%sh echo draft');
  await page.goBack();
  await banner.waitFor({ state: 'detached' });
  await waitUntil(() => editorTexts(page), (t) => t.join('|') === '%sh echo new result|%sh echo draft typed again|%sh echo added');
  page.off('websocket', onSocket);
});

test('the toolbar keeps its place while the server has not yet said whether it keeps revisions', async () => {
  const { page } = env.browser;
  const noteId = String(await api<string>('/api/notebook', 'POST', { notePath: '/revisions/toolbar', paragraphs: [{ text: '%md hello' }] }));
  const relay = await startWsRelay(env.server.url);
  try {
    // The server's configuration list, which says so, is kept "on its way" until the toolbar has been measured.
    relay.holdFrom((frame) => /"op"\s*:\s*"CONFIGURATIONS_INFO"/.test(frame));
    await page.goto('about:blank');
    await page.goto(`${relay.url}#/notebook/${noteId}`);
    const lookAndFeel = page.getByRole('combobox', { name: 'Look and feel' });
    await lookAndFeel.waitFor();
    await waitUntil(() => relay.held.length, (n) => n > 0);
    expect(await page.getByRole('button', { name: 'Version control' }).count()).toBe(0);
    const before = await lookAndFeel.boundingBox();
    relay.release();
    await page.getByRole('button', { name: 'Version control' }).waitFor();
    expect(await lookAndFeel.boundingBox()).toEqual(before);
  } finally {
    await relay.close();
  }
});
