/**
 * The interpreter page against the embedded server: create a second shell setting with a property that refers to
 * a credential, edit it, add the credential on #/credential, run `%sh2` from a note (it prints the credential's
 * user), restart it, add and delete a repository, and remove the setting.
 */
import type { Page } from 'playwright-core';
import { serverAndBrowser } from './support/session';
import { runInLastParagraph } from './support/paragraph';
import { waitUntil } from './support/wait';

const NOTE = '2EYDJKFFY';
const env = serverAndBrowser();

async function settingJson(name: string): Promise<{ status: number; body?: { properties: Record<string, { value: unknown }> } }> {
  const r = await fetch(new URL(`api/interpreter/setting/${name}`, env.server.url));
  const j = await r.json() as { body?: { properties: Record<string, { value: unknown }> } };
  return { status: r.status, body: j.body };
}

const runText = (page: Page, text: string) => runInLastParagraph(page, env.server.url, NOTE, text);

test('create, edit, use with a credential, restart and remove an interpreter setting', async () => {
  const { page } = env.browser;
  await page.goto(`${env.server.url}#/interpreter`);
  await page.getByRole('region', { name: 'sh' }).waitFor();

  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const form = page.getByRole('form', { name: 'Create new interpreter' });
  await form.getByRole('button', { name: 'Save' }).click();
  await form.getByRole('alert').filter({ hasText: "Interpreter name shouldn't be empty, and can consist only of: -_a-zA-Z0-9" }).waitFor();
  await form.getByLabel('Interpreter Name').fill('sh');
  await form.getByLabel('Interpreter group').selectOption('sh');
  await form.getByRole('button', { name: 'Save' }).click();
  await form.getByRole('alert').filter({ hasText: 'Name sh already exists' }).waitFor();
  await form.getByLabel('Interpreter Name').fill('sh2');
  // Typed but not added: the spec adds a pending property on submit.
  await form.getByLabel('New property name').fill('DB_USER');
  await form.getByLabel('Value of DB_USER').fill('{pgdb.user}');
  await form.getByRole('button', { name: 'Save' }).click();
  const card = page.getByRole('region', { name: 'sh2' });
  await card.waitFor();
  expect((await settingJson('sh2')).body?.properties.DB_USER.value).toBe('{pgdb.user}');

  await page.getByRole('button', { name: 'Edit sh2' }).click();
  const editor = page.getByRole('form', { name: 'Edit sh2' });
  await editor.getByLabel('Value of shell.command.timeout.millisecs').fill('5000');
  await editor.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog', { name: 'Update interpreter' }).getByRole('button', { name: 'Save' }).click();
  await waitUntil(() => settingJson('sh2'), (s) => s.body?.properties['shell.command.timeout.millisecs'].value === '5000');
  await card.getByText('5000').waitFor();

  await page.goto(`${env.server.url}#/credential`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const cred = page.getByRole('form', { name: 'Add new credential' });
  await cred.getByLabel('Entity').fill('pgdb');
  await cred.getByLabel('Username').fill('analyst');
  await cred.getByLabel('Password').fill('e2e-Secret-1');
  await cred.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('alert').filter({ hasText: 'Successfully saved credentials.' }).waitFor();

  const p = await runText(page, '%sh2 echo "hi $DB_USER"');
  // Any end state, then the one expected: a failed run then says what it printed instead of timing out.
  const ended = p.getByRole('img', { name: /^Status (FINISHED|ERROR|ABORT)$/ });
  await ended.waitFor({ timeout: 30_000 }).catch(async (e: unknown) => {
    throw new Error(`the run did not end: ${await p.innerText()}\n${String(e)}`);
  });
  expect(`${await ended.getAttribute('aria-label')}: ${await p.innerText()}`).toMatch(/^Status FINISHED: [\s\S]*hi analyst/);

  await page.goto(`${env.server.url}#/interpreter`);
  await page.getByRole('button', { name: 'Restart sh2' }).click();
  await page.getByRole('dialog', { name: 'Restart interpreter' }).getByRole('button', { name: 'Restart' }).click();
  await page.getByRole('alert').filter({ hasText: 'Interpreter stopped. Will be lazily started on next run.' }).waitFor();

  const repos = page.getByRole('region', { name: 'Repositories' });
  await repos.getByRole('button', { name: 'Add repository' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Repository' });
  await add.getByLabel('ID', { exact: true }).fill('corp');
  await add.getByLabel('URL').fill('https://repo.example.com/maven/');
  await add.getByLabel('Proxy Host').fill('proxy.example.com');
  await add.getByLabel('Proxy Port').fill('3128');
  await add.getByRole('button', { name: 'Add' }).click();
  await repos.getByRole('listitem', { name: 'corp' }).getByText('via HTTP proxy proxy.example.com:3128').waitFor();
  await repos.getByRole('button', { name: 'Delete repository corp' }).click();
  await page.getByRole('dialog', { name: 'Delete repository' }).getByRole('button', { name: 'Delete' }).click();
  await repos.getByRole('listitem', { name: 'corp' }).waitFor({ state: 'detached' });

  await page.getByRole('button', { name: 'Remove sh2' }).click();
  await page.getByRole('dialog', { name: 'Remove interpreter' }).getByRole('button', { name: 'Remove' }).click();
  await card.waitFor({ state: 'detached' });
  expect((await settingJson('sh2')).status).toBe(404);
});
