/**
 * Note permissions end to end, each user in their own browser: the owner restricts readers to user1 in the
 * permissions panel; user2 no longer sees the note in the list; user1 sees it and gets it view-only. Every login
 * goes through the login dialog.
 *
 * @slow (one of the suite's longest files: scheduled first on a fresh machine)
 */
import type { Page, Request, Route } from 'playwright-core';
import { launch, type Browser } from './support/browser';
import { loginThroughDialog as login } from './support/login';
import { startTestServer, type TestServer } from './support/server';

const SHIRO_INI = `[users]
admin = admin, admin
owner = pw-owner, staff
user1 = password2, role1
user2 = password3, role2
[roles]
admin = *
`;
const NOTE = 'Team secrets';

let server: TestServer;
const browsers: Browser[] = [];

beforeAll(async () => {
  server = await startTestServer({}, { shiroIni: SHIRO_INI });
});

afterAll(async () => {
  for (const b of browsers) await b.close();
  await server?.close();
});

async function loginThroughDialog(user: string, password: string): Promise<Page> {
  const browser = await launch();
  browsers.push(browser);
  await login(browser.page, server.url, user, password);
  return browser.page;
}

/** The owner makes the note from the page, so it is theirs (creator = owner), and opens it. */
async function ownersNote(owner: Page, name: string, text: string): Promise<string> {
  const noteId = await owner.evaluate(async ([n, t]) => {
    const r = await fetch('api/notebook', { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' }, body: JSON.stringify({ notePath: `/${n}`, paragraphs: [{ text: t }] }) });
    return ((await r.json()) as { body: string }).body;
  }, [name, text]);
  if (typeof noteId !== 'string' || noteId === '') throw new Error(`note not created: ${String(noteId)}`);
  await owner.goto('about:blank');
  await owner.goto(`${server.url}#/notebook/${noteId}`);
  await owner.getByRole('heading', { level: 1, name }).waitFor();
  return noteId;
}

/**
 * The panel shows the lists loaded with the note and asks the server again as it opens. Here that answer is held
 * until the owner has typed, as on a busy server: it must not put the old lists back over the typing (they were
 * saved instead, once, in CI).
 */
async function restrictReadersTo(owner: Page, reader: string): Promise<void> {
  let typed!: () => void;
  const ownerTyped = new Promise<void>((resolve) => { typed = resolve; });
  let held!: (r: Request) => void;
  const heldLoad = new Promise<Request>((resolve) => { held = resolve; });
  const permissionsUrl = '**/api/notebook/*/permissions';
  const holdLoad = async (route: Route): Promise<void> => {
    if (route.request().method() === 'GET') {
      held(route.request());
      await ownerTyped;
    }
    await route.continue();
  };
  await owner.route(permissionsUrl, holdLoad);
  await owner.getByRole('button', { name: 'Note permissions' }).click();
  const panel = owner.getByRole('region', { name: 'Note permissions' });
  await expect(panel.getByRole('combobox', { name: 'Owners' }).inputValue()).resolves.toBe('owner');
  await panel.getByRole('combobox', { name: 'Readers' }).fill(reader);
  typed();
  await (await (await heldLoad).response())?.finished();
  // Two round trips to the page: the answer's handling, queued when it arrived, has run before them.
  for (let i = 0; i < 2; i++) await owner.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await expect(panel.getByRole('combobox', { name: 'Readers' }).inputValue()).resolves.toBe(reader);
  await owner.unroute(permissionsUrl, holdLoad);
  await panel.getByRole('button', { name: 'Save' }).click();
  await owner.getByText('Permissions Saved Successfully').waitFor();
}

/**
 * Spec: closing the permission panel with changes asks first, also through its toolbar button; once discarded, the
 * panel opens again on the stored lists.
 */
async function abandonTyping(owner: Page): Promise<void> {
  const button = owner.getByRole('button', { name: 'Note permissions', exact: true });
  const panel = owner.getByRole('region', { name: 'Note permissions' });
  // Save closed the panel.
  await button.click();
  await expect(panel.getByRole('combobox', { name: 'Readers' }).inputValue()).resolves.toBe('user1');
  const writers = await panel.getByRole('combobox', { name: 'Writers' }).inputValue();
  await panel.getByRole('combobox', { name: 'Writers' }).fill('someone else');
  await button.click();
  const ask = owner.getByRole('dialog', { name: 'Discard changes' });
  await ask.getByRole('button', { name: 'OK' }).click();
  await panel.waitFor({ state: 'detached' });
  await button.click();
  await expect(panel.getByRole('combobox', { name: 'Readers' }).inputValue()).resolves.toBe('user1');
  await expect(panel.getByRole('combobox', { name: 'Writers' }).inputValue()).resolves.toBe(writers);
}

test('the owner restricts readers to user1: user2 no longer lists the note, user1 opens it view-only', async () => {
  const owner = await loginThroughDialog('owner', 'pw-owner');
  const noteId = await ownersNote(owner, NOTE, '%md top secret');
  await restrictReadersTo(owner, 'user1');
  await abandonTyping(owner);

  const user2 = await loginThroughDialog('user2', 'password3');
  await user2.getByRole('link', { name: '1. IPython Basic' }).waitFor();
  await expect(user2.getByRole('link', { name: NOTE }).count()).resolves.toBe(0);
  // Going to it directly is refused with the server's text.
  await user2.goto('about:blank');
  await user2.goto(`${server.url}#/notebook/${noteId}`);
  const refused = user2.getByRole('dialog', { name: 'Insufficient privileges' });
  await refused.waitFor();
  await refused.getByText('Insufficient privileges to READER note.', { exact: false }).waitFor();

  const user1 = await loginThroughDialog('user1', 'password2');
  // Clicked straight after the login: the page must not be pulled back home by the post-login redirect.
  await user1.getByRole('link', { name: NOTE }).click();
  await user1.getByRole('heading', { level: 1, name: NOTE }).waitFor();
  await user1.getByText('View only', { exact: true }).waitFor();
  await expect(user1.evaluate(() => window.location.hash)).resolves.toBe(`#/notebook/${noteId}`);
  await user1.getByRole('button', { name: 'Note permissions' }).click();
  const readOnly = user1.getByRole('region', { name: 'Note permissions' });
  await expect(readOnly.getByRole('combobox', { name: 'Readers' }).inputValue()).resolves.toBe('user1');
  await expect(readOnly.getByRole('combobox', { name: 'Readers' }).getAttribute('readonly')).resolves.not.toBeNull();
  await expect(readOnly.getByRole('button', { name: 'Save' }).count()).resolves.toBe(0);
});

test('a reader whose access is taken away while the note is open gets the permission dialog and no longer sees the note', async () => {
  const owner = await loginThroughDialog('owner', 'pw-owner');
  const name = 'Shared for now';
  const noteId = await ownersNote(owner, name, '%md shared for now');
  const user2 = await loginThroughDialog('user2', 'password3');
  await user2.getByRole('link', { name }).click();
  await user2.getByRole('heading', { level: 1, name }).waitFor();
  await expect(user2.evaluate(() => window.location.hash)).resolves.toBe(`#/notebook/${noteId}`);

  await restrictReadersTo(owner, 'user1');
  const refused = user2.getByRole('dialog', { name: 'Insufficient privileges' });
  await refused.waitFor();
  await refused.getByText('Insufficient privileges to READER note.', { exact: false }).waitFor();
  // As for a note opened without rights: the note is gone from the page, not just covered by the dialog.
  await user2.getByRole('heading', { level: 1, name }).waitFor({ state: 'detached' });
  await user2.getByRole('status').filter({ hasText: 'Loading note' }).waitFor();
});
