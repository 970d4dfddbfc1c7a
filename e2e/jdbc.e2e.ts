/**
 * A database the way a user adds one: create `%pg` (group jdbc) on the interpreter page with only its URL, store the
 * database login on #/credential under the setting's name, run a query from a note and read the table; a cancelled
 * long query ends ABORT. Against a throwaway PostgreSQL cluster (skipped, with the reason, without the package).
 */
import { missingDatabase, startPostgres, type ThrowawayDb } from '../test/server/helpers/databases';
import { runInLastParagraph } from './support/paragraph';
import { serverAndBrowser } from './support/session';

const NOTE = '2EYDJKFFY';
const missing = missingDatabase('postgresql');
if (missing) console.warn(`Skipping the %jdbc browser test: ${missing}`);
const maybe = missing ? test.skip : test;

const env = serverAndBrowser();
let db: ThrowawayDb | undefined;

beforeAll(async () => {
  if (missing) return;
  db = await startPostgres();
  await db.admin("CREATE ROLE analyst LOGIN PASSWORD 'e2e-Analyst-1'; GRANT ALL ON SCHEMA public TO analyst");
  await db.admin("CREATE TABLE cities (name text, population bigint, founded date); INSERT INTO cities VALUES ('Rome', 2761632, NULL), ('Lyon', 522250, '0043-10-10'); GRANT SELECT ON cities TO analyst");
});
afterAll(async () => {
  await db?.stop();
});

maybe('create %pg, log in with a credential, see a query as a table, cancel a long one', async () => {
  const { page } = env.browser;
  const url = db?.url ?? '';
  await page.goto(`${env.server.url}#/interpreter`);
  await page.getByRole('region', { name: 'jdbc' }).waitFor();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const form = page.getByRole('form', { name: 'Create new interpreter' });
  await form.getByLabel('Interpreter Name').fill('pg');
  await form.getByLabel('Interpreter group').selectOption('jdbc');
  await form.getByLabel('Value of default.url').fill(url);
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('region', { name: 'pg' }).waitFor();

  await page.goto(`${env.server.url}#/credential`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const cred = page.getByRole('form', { name: 'Add new credential' });
  await cred.getByLabel('Entity').fill('pg');
  await cred.getByLabel('Username').fill('analyst');
  await cred.getByLabel('Password').fill('e2e-Analyst-1');
  await cred.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('alert').filter({ hasText: 'Successfully saved credentials.' }).waitFor();

  const p = await runInLastParagraph(page, env.server.url, NOTE, '%pg\nSELECT name, population, founded FROM cities ORDER BY name');
  const ended = p.getByRole('img', { name: /^Status (FINISHED|ERROR|ABORT)$/ });
  await ended.waitFor({ timeout: 30_000 });
  expect(`${await ended.getAttribute('aria-label')}: ${await p.innerText()}`).toMatch(/^Status FINISHED/);
  const grid = p.getByRole('grid');
  await grid.waitFor();
  expect(await grid.getByRole('columnheader').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('name'), expect.stringContaining('population'), expect.stringContaining('founded')]));
  const rows = grid.locator('tbody tr[role="row"]');
  expect(await rows.count()).toBe(2);
  expect((await rows.nth(0).innerText()).split(/\s+/)).toEqual(['Lyon', '522250', '0043-10-10']);
  expect((await rows.nth(1).innerText()).split(/\s+/)).toEqual(['Rome', '2761632', 'null']);

  const slow = await runInLastParagraph(page, env.server.url, NOTE, '%pg\nSELECT pg_sleep(600)');
  await slow.getByRole('img', { name: 'Status RUNNING' }).waitFor({ timeout: 30_000 });
  await slow.getByRole('button', { name: 'Cancel paragraph' }).click();
  await slow.getByRole('img', { name: 'Status ABORT' }).waitFor({ timeout: 30_000 });
});
