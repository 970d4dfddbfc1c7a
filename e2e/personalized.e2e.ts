/**
 * Personalized mode with two users in two browsers: the owner switches the note to personal mode, both run the
 * same paragraph with their own form value, and each sees only their own result and value (also after a reload);
 * the other user sees the mode but cannot switch it.
 */
import type { Page } from 'playwright-core';
import { launch, type Browser } from './support/browser';
import { loginThroughDialog as login } from './support/login';
import { startTestServer, type TestServer } from './support/server';
import { waitUntil } from './support/wait';

const SHIRO_INI = `
[users]
user1 = password2, role1
user2 = password3, role2

[urls]
/api/version = anon
/** = authc
`;

const BANNER = 'Personal view: results and form values here are yours only';

let server: TestServer;
let one: Browser;
let two: Browser;

beforeAll(async () => {
  server = await startTestServer({}, { shiroIni: SHIRO_INI, samples: false });
  [one, two] = await Promise.all([launch(), launch()]);
});

afterAll(async () => {
  await Promise.all([one?.close(), two?.close()]);
  await server?.close();
});

const loginThroughDialog = (page: Page, user: string, password: string): Promise<void> => login(page, server.url, user, password);

/** user1 creates the note through REST with the browser's own session, so user1 is its owner. */
async function createNote(page: Page): Promise<{ noteId: string; pid: string }> {
  const noteId = await page.evaluate(async () => {
    const res = await fetch('/api/notebook', {
      method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: '/Personal demo', paragraphs: [{ text: '%sh\necho Hello ${name=world}' }] }),
    });
    return ((await res.json()) as { body: string }).body;
  });
  await page.goto(`${server.url}#/notebook/${noteId}`);
  const first = page.locator('[id^="paragraph_"]').first();
  await first.waitFor();
  return { noteId, pid: ((await first.getAttribute('id')) ?? '').replace(/^paragraph_/, '') };
}

async function runWith(page: Page, pid: string, value: string): Promise<void> {
  const p = page.locator(`#paragraph_${pid}`);
  const box = p.getByRole('group', { name: 'Forms' }).getByRole('textbox', { name: 'name' });
  await box.fill(value);
  await box.press('Enter');
  await p.getByTestId('text-result').getByText(`Hello ${value}`).waitFor({ timeout: 30_000 });
  await p.getByRole('img', { name: 'Status FINISHED' }).waitFor({ timeout: 30_000 });
}

const resultText = async (page: Page, pid: string): Promise<string> => {
  const r = page.locator(`#paragraph_${pid}`).getByTestId('text-result');
  return (await r.count()) === 0 ? '' : (await r.allTextContents()).join('\n');
};

test('two users run the same paragraph with their own form values and each sees only their own result', async () => {
  const a = one.page;
  const b = two.page;
  await loginThroughDialog(a, 'user1', 'password2');
  await loginThroughDialog(b, 'user2', 'password3');
  const { noteId, pid } = await createNote(a);
  // A first shared run makes the form and a shared result that both users start from.
  await a.locator(`#paragraph_${pid}`).getByRole('button', { name: 'Run paragraph' }).click();
  await a.locator(`#paragraph_${pid}`).getByTestId('text-result').getByText('Hello world').waitFor({ timeout: 30_000 });

  // The owner switches to personal mode; the banner says which view is shown.
  await a.getByRole('button', { name: 'Switch to personal mode' }).click();
  await a.getByRole('status', { name: 'Personal view' }).getByText(BANNER).waitFor();
  await a.getByRole('button', { name: 'Switch to collaboration mode' }).waitFor();

  // The other user sees the mode too, without a toggle (not an owner).
  await b.goto(`${server.url}#/notebook/${noteId}`);
  await b.getByRole('status', { name: 'Personal view' }).getByText(BANNER).waitFor();
  await b.locator(`#paragraph_${pid}`).waitFor();
  expect(await b.getByRole('button', { name: /Switch to/ }).count()).toBe(0);
  await b.locator(`#paragraph_${pid}`).getByTestId('text-result').getByText('Hello world').waitFor();

  await runWith(a, pid, 'alice');
  await runWith(b, pid, 'bob');
  expect(await resultText(b, pid)).not.toContain('alice');
  // user1's screen keeps its own result: user2's run never reached it.
  await waitUntil(() => resultText(a, pid), (t) => t.includes('Hello alice'));
  expect(await resultText(a, pid)).not.toContain('bob');

  // After a reload each user still gets their own copy, form value included.
  await Promise.all([a.reload(), b.reload()]);
  const boxA = a.locator(`#paragraph_${pid}`).getByRole('textbox', { name: 'name' });
  const boxB = b.locator(`#paragraph_${pid}`).getByRole('textbox', { name: 'name' });
  await waitUntil(() => boxA.inputValue(), (v) => v === 'alice');
  await waitUntil(() => boxB.inputValue(), (v) => v === 'bob');
  await waitUntil(() => resultText(a, pid), (t) => t.includes('Hello alice') && !t.includes('bob'));
  await waitUntil(() => resultText(b, pid), (t) => t.includes('Hello bob') && !t.includes('alice'));

  // Back to collaboration: the banner goes for both, and both see the shared copy again.
  await a.getByRole('button', { name: 'Switch to collaboration mode' }).click();
  await a.getByRole('button', { name: 'Switch to personal mode' }).waitFor();
  await waitUntil(() => b.getByRole('status', { name: 'Personal view' }).count(), (n) => n === 0);
  await waitUntil(() => resultText(b, pid), (t) => !t.includes('bob'));
});
