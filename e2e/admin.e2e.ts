/**
 * The admin pages against the embedded server: credentials added, listed masked, edited and deleted (and stored
 * encrypted); the shipped visualisation package enabled, listed as enabled and its bundle registered in the page;
 * configurations, notebook repositories and the cluster pages shown. Drawing with packages and running spells on
 * the note page are in helium.e2e.ts.
 */
import fs from 'fs';
import path from 'path';
import { launch, type Browser } from './support/browser';
import { startTestServer, type TestServer } from './support/server';
import { waitUntil } from './support/wait';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ 'zeppelin.ssl.keystore.password': 'keystore-secret' });
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

test('add, list, edit and delete a credential', async () => {
  const { page } = browser;
  await page.goto(server.url);
  await page.getByRole('status', { name: 'WebSocket Connected' }).waitFor();
  await page.getByRole('link', { name: 'Credential', exact: true }).click();
  await page.waitForURL(/#\/credential$/);
  await page.getByText('No credentials yet.').waitFor();

  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const form = page.getByRole('form', { name: 'Add new credential' });
  await form.getByLabel('Entity').fill('jdbc.postgres');
  await form.getByLabel('Username').fill('analyst');
  await form.getByLabel('Password').fill('first-Secret-1');
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('alert').filter({ hasText: 'Successfully saved credentials.' }).waitFor();
  const row = page.getByRole('row', { name: 'jdbc.postgres' });
  await row.waitFor();
  expect(await row.textContent()).toContain('analyst');
  expect(await row.textContent()).toContain('**********');
  expect(await page.content()).not.toContain('first-Secret-1');
  const onDisk = fs.readFileSync(path.join(server.confDir, 'credentials.json'), 'utf8');
  expect(onDisk).not.toContain('first-Secret-1');
  expect(onDisk).not.toContain('analyst');

  await page.getByRole('button', { name: 'Edit jdbc.postgres' }).click();
  await row.getByLabel('Username').fill('analyst2');
  await row.getByLabel('Password').fill('second-Secret-2');
  await row.getByRole('button', { name: 'Save' }).click();
  await waitUntil(() => page.getByRole('row', { name: 'jdbc.postgres' }).textContent(), (t) => t !== null && t.includes('analyst2') && t.includes('Delete'));
  const stored = await (await fetch(new URL('api/credential', server.url))).json() as { body: { userCredentials: Record<string, { username: string; password: string }> } };
  expect(stored.body.userCredentials['jdbc.postgres']).toEqual({ username: 'analyst2', password: 'second-Secret-2' });

  await page.getByRole('button', { name: 'Delete jdbc.postgres' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete credential' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await waitUntil(() => page.getByRole('row', { name: 'jdbc.postgres' }).count(), (n) => n === 0);
});

test('enable the shipped visualisation package: confirmed, listed as enabled, its bundle registered in the page', async () => {
  const { page } = browser;
  await page.getByRole('link', { name: 'Helium', exact: true }).click();
  await page.waitForURL(/#\/helium$/);
  expect(await page.getByRole('button', { name: 'VISUALIZATION' }).getAttribute('aria-pressed')).toBe('true');
  const heat = page.getByRole('list', { name: 'Packages' }).getByRole('listitem', { name: 'zeppelin-heatmap' });
  await heat.getByRole('button', { name: 'Versions (2)' }).click();
  expect(await heat.getByRole('list', { name: 'Versions of zeppelin-heatmap' }).getByRole('listitem').count()).toBe(2);
  await heat.getByRole('button', { name: 'Enable', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Enable zeppelin-heatmap' });
  await confirm.getByRole('button', { name: 'Enable' }).click();
  await heat.getByText('enabled, bundle loaded').waitFor();
  // The bundle ran as a same-origin script (no eval), once.
  const scripts = () => page.evaluate(() => [...document.querySelectorAll<HTMLScriptElement>('script[data-helium-bundle]')].map((s) => `${s.dataset.heliumBundle} ${new URL(s.src).pathname}`));
  expect(await scripts()).toEqual(['zeppelin-heatmap /api/helium/bundle/load/zeppelin-heatmap']);
  await page.getByRole('list', { name: 'Visualization order' }).getByRole('listitem', { name: 'zeppelin-heatmap' }).waitFor();

  // The config panel: opening → open, and a saved number comes back converted.
  await heat.getByRole('button', { name: 'Config' }).click();
  const conf = heat.getByRole('form', { name: 'Configuration of zeppelin-heatmap' });
  await conf.getByLabel('maxCells (number)').fill('50');
  await conf.getByRole('button', { name: 'Save' }).click();
  await conf.waitFor({ state: 'detached' });
  const saved = await (await fetch(new URL('api/helium/config', server.url))).json() as { body: Record<string, Record<string, unknown>> };
  expect(saved.body['zeppelin-heatmap/1.1.0']).toEqual(expect.objectContaining({ maxCells: 50 }));

  // After a reload the bundle comes from the startup load of enabled packages.
  await page.reload();
  await page.getByRole('list', { name: 'Packages' }).waitFor();
  await waitUntil(scripts, (s) => s.length === 1);

  await page.getByRole('button', { name: 'SPELL' }).click();
  await page.getByRole('listitem', { name: 'zeppelin-wordcount' }).getByText('Usage: %wordcount <any text>').waitFor();
});

test('configuration, notebook repositories and cluster pages', async () => {
  const { page } = browser;
  await page.getByRole('link', { name: 'Configuration', exact: true }).click();
  const configs = page.getByRole('table', { name: 'Configurations' });
  await configs.waitFor();
  expect(await configs.textContent()).toContain('zeppelin.notebook.dir');
  expect(await configs.textContent()).not.toContain('keystore-secret');

  await page.getByRole('link', { name: 'Notebook Repos', exact: true }).click();
  const repo = page.getByRole('region', { name: 'LocalFolderNotebookRepo' });
  await repo.getByRole('button', { name: 'Edit' }).click();
  await repo.getByLabel('Notebook Path').fill('relative/not/allowed');
  await repo.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('alert').filter({ hasText: "We couldn't save that NotebookRepo's settings" }).waitFor();

  await page.getByRole('link', { name: 'Cluster', exact: true }).click();
  const node = page.getByRole('list', { name: 'Nodes' }).getByRole('listitem');
  await node.getByRole('img', { name: 'Status running' }).waitFor();
  await node.getByRole('link').click();
  await page.waitForURL(/#\/cluster\/[^/]+\/\*$/);
  await page.getByText('No interpreter process has been started on this node yet.').waitFor();
});
