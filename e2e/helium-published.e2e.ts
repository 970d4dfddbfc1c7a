/**
 * Zeppelin's own published Helium packages, from registry entries in Zeppelin's format whose artifacts are npm
 * packages: each is enabled on #/helium (bundled by the server with our zeppelin-vis, zeppelin-tabledata and
 * zeppelin-spell), the bubble chart and the Highcharts column range draw a table result with their settings panels,
 * and %echo (with its saved repeat and delay) and %flowchart paragraphs run in the browser and are stored.
 *
 * @slow (one of the suite's longest files: scheduled first on a fresh machine)
 */
import fs from 'fs';
import path from 'path';
import type { Locator, Page } from 'playwright-core';
import { restBody } from './support/rest';
import { serverAndBrowser } from './support/session';
import { waitUntil } from './support/wait';
import { scrollToParagraph } from './support/paragraph';

const env = serverAndBrowser();

const PUBLISHED = [
  { type: 'VISUALIZATION', name: 'zeppelin-bubblechart', artifact: 'zeppelin-bubblechart@0.0.4', description: 'Animated bubble chart', license: 'BSD-2-Clause',
    icon: "<svg viewBox='0 0 70 70'><circle cx='26' cy='28' r='25' fill='seagreen'/></svg>" },
  { type: 'VISUALIZATION', name: 'zeppelin-highcharts-columnrange', artifact: 'zeppelin-highcharts-columnrange@0.0.4', description: 'Column range chart using highcharts library',
    icon: '<i class="fa fa-align-center"></i>' },
  { type: 'SPELL', name: 'zeppelin-echo-spell', artifact: 'zeppelin-echo-spell@1.0.7', description: 'Repeat paragraph text', icon: "<i class='fa fa-repeat'></i>",
    config: { repeat: { type: 'number', description: 'How many times to repeat', defaultValue: 1 }, delay: { type: 'number', description: 'Time to wait', defaultValue: 1000 } },
    spell: { magic: '%echo', usage: '%echo <TEXT>' } },
  { type: 'SPELL', name: 'zeppelin-flowchart-spell', artifact: 'zeppelin-flowchart-spell@0.0.2', description: 'Draw flowchart using http://flowchart.js.org',
    icon: "<i class='fa fa-random'></i>", spell: { magic: '%flowchart', usage: '%flowchart <TEXT>' } },
];

const FRUIT = "%sql\nselect * from (values ('apple', 30, 'high', 'high'), ('pear', 10, 'low', 'low'), ('plum', 20, 'high', 'medium')) t(fruit, amount, grp, level)";
const RANGES = "%sql\nselect * from (values ('Mon', -2.5), ('Mon', 8.1), ('Tue', 1.0), ('Tue', 12.4)) t(day, temp)";

const rest = <T>(method: string, p: string, body?: unknown): Promise<T> => restBody<T>(env.server.url, method, p, body);

interface RestParagraph { id: string; status?: string; results?: { msg: { type: string; data: string }[] }; config?: { results?: Record<string, { graph?: { mode?: string; setting?: Record<string, unknown> } }> } }

async function newNote(name: string, texts: string[], run: boolean): Promise<{ noteId: string; pids: string[] }> {
  const noteId = await rest<string>('POST', '/api/notebook', { notePath: `/helium published/${name} ${Date.now()}`, paragraphs: texts.map((text) => ({ text })) });
  const pids = (await rest<{ paragraphs: RestParagraph[] }>('GET', `/api/notebook/${noteId}`)).paragraphs.map((p) => p.id);
  if (run) for (const pid of pids) expect((await rest<{ code: string }>('POST', `/api/notebook/run/${noteId}/${pid}`)).code).toBe('SUCCESS');
  return { noteId, pids };
}

const restParagraph = (noteId: string, pid: string) => rest<RestParagraph>('GET', `/api/notebook/${noteId}/paragraph/${pid}`);

async function openParagraph(page: Page, noteId: string, pid: string): Promise<Locator> {
  await page.goto(`${env.server.url}#/notebook/${noteId}`);
  await page.reload();
  const p = page.locator(`#paragraph_${pid}`);
  await p.waitFor();
  await scrollToParagraph(p);
  return p;
}

beforeAll(() => {
  const dir = path.join(env.server.confDir, 'helium', 'published');
  fs.mkdirSync(dir, { recursive: true });
  for (const d of PUBLISHED) fs.writeFileSync(path.join(dir, `${d.name}.json`), JSON.stringify(d, null, 2));
});

test('each published package is enabled on the Helium page and its bundle loads', async () => {
  const { page } = env.browser;
  await page.goto(`${env.server.url}#/helium`);
  for (const d of PUBLISHED) {
    await page.getByRole('button', { name: d.type, exact: true }).click();
    const item = page.getByRole('list', { name: 'Packages' }).getByRole('listitem', { name: d.name });
    await item.getByRole('button', { name: 'Enable', exact: true }).click();
    await page.getByRole('dialog', { name: `Enable ${d.name}` }).getByRole('button', { name: 'Enable' }).click();
    await item.getByText('enabled, bundle loaded').waitFor({ timeout: 60_000 });
  }
  const enabled = await rest<{ pkg: { name: string } }[]>('GET', '/api/helium/enabledPackage');
  expect(enabled.map((r) => r.pkg.name).sort()).toEqual(PUBLISHED.map((d) => d.name).sort());
  const bundle = await (await fetch(new URL('/api/helium/bundle/load/zeppelin-echo-spell', env.server.url))).text();
  expect(bundle).toContain('_heliumBundles');
});

test('the bubble chart draws a table result, with its column selector and All / Group settings', async () => {
  const { page } = env.browser;
  const { noteId, pids: [pid] } = await newNote('bubble', [FRUIT], true);
  const p = await openParagraph(page, noteId, pid);
  await p.getByRole('group', { name: 'Visualization' }).getByRole('button', { name: 'zeppelin-bubblechart' }).click();
  await p.getByRole('button', { name: 'settings', exact: true }).click();
  const settings = p.getByRole('region', { name: 'Chart settings' });
  const columns = settings.getByRole('group', { name: 'Columns' });
  for (const [prop, col] of [['name', 'fruit'], ['value', 'amount'], ['group', 'grp'], ['color', 'level']]) {
    await columns.getByLabel(prop, { exact: true }).selectOption({ label: col });
  }
  await waitUntil(() => p.locator('.helium-visualization svg circle').count(), (n) => n === 3, 20_000);
  await settings.getByRole('button', { name: 'Group' }).click();
  await p.locator('.helium-visualization svg text.groups').first().waitFor();
  const saved = await waitUntil(() => restParagraph(noteId, pid), (x) => (x.config?.results?.['0']?.graph?.setting?.['zeppelin-bubblechart'] as { mode?: string } | undefined)?.mode === 'group');
  const setting = saved.config?.results?.['0']?.graph?.setting?.['zeppelin-bubblechart'] as Record<string, { name: string } | string>;
  expect(saved.config?.results?.['0']?.graph?.mode).toBe('zeppelin-bubblechart');
  expect([setting.name, setting.value, setting.group, setting.color].map((c) => (c as { name: string }).name)).toEqual(['fruit', 'amount', 'grp', 'level']);
  expect(await settings.getByRole('button', { name: 'Group' }).getAttribute('class')).toContain('active');

  // After a reload the saved columns and mode draw again.
  await page.reload();
  await page.locator(`#paragraph_${pid} .helium-visualization svg text.groups`).first().waitFor({ timeout: 20_000 });
});

test('the Highcharts column range draws the range of each category from the columns chosen in its settings', async () => {
  const { page } = env.browser;
  const { noteId, pids: [pid] } = await newNote('columnrange', [RANGES], true);
  const p = await openParagraph(page, noteId, pid);
  await p.getByRole('group', { name: 'Visualization' }).getByRole('button', { name: 'zeppelin-highcharts-columnrange' }).click();
  await p.getByRole('button', { name: 'settings', exact: true }).click();
  const columns = p.getByRole('region', { name: 'Chart settings' }).getByRole('group', { name: 'Columns' });
  await columns.getByLabel('xAxis', { exact: true }).selectOption({ label: 'temp' });
  await columns.getByLabel('yAxis', { exact: true }).selectOption({ label: 'day' });
  const chart = p.locator('.helium-visualization .highcharts-container');
  await chart.waitFor({ timeout: 20_000 });
  // Highcharts draws each label twice (an outline under the text): the label's text is its content's second half.
  const labels = await waitUntil(async () => (await chart.locator('.highcharts-data-labels text').allTextContents()).map((t) => t.slice(t.length / 2)),
    (t) => t.length === 4);
  expect(labels.sort()).toEqual(['-2.5', '1', '12.4', '8.1']);
  expect(await chart.locator('.highcharts-xaxis-labels text').allTextContents()).toEqual(['Mon', 'Tue']);
  await waitUntil(() => restParagraph(noteId, pid), (x) => (x.config?.results?.['0']?.graph?.setting?.['zeppelin-highcharts-columnrange'] as { yAxis?: { name?: string } } | undefined)?.yAxis?.name === 'day');
});

test('%echo repeats the text as its saved configuration says, in the browser, and the server stores it', async () => {
  await rest('POST', '/api/helium/config/zeppelin-echo-spell/zeppelin-echo-spell@1.0.7', { repeat: 3, delay: 50 });
  const { page } = env.browser;
  const { noteId, pids: [pid] } = await newNote('echo', ['%echo hello spell'], false);
  const p = await openParagraph(page, noteId, pid);
  await p.getByRole('button', { name: 'Run paragraph' }).click();
  const stored = await waitUntil(() => restParagraph(noteId, pid), (x) => x.status === 'FINISHED', 20_000);
  expect(stored.results?.msg).toEqual([{ type: 'TEXT', data: 'hello spell\nhello spell\nhello spell\n\n' }]);
  await waitUntil(() => p.getByTestId('text-result').textContent(), (t) => (t ?? '').split('hello spell').length === 4);
  expect(JSON.stringify(stored)).not.toContain('not found');
});

test('%flowchart draws its diagram into the page; the stored result draws again for the next viewer', async () => {
  const { page } = env.browser;
  const text = '%flowchart\nst=>start: Begin here\nop=>operation: Count things\ne=>end: All done\nst->op->e';
  const { noteId, pids: [pid] } = await newNote('flowchart', [text], false);
  const p = await openParagraph(page, noteId, pid);
  await p.getByRole('button', { name: 'Run paragraph' }).click();
  const diagram = p.locator('.helium-spell-element svg');
  await diagram.getByText('Count things').waitFor({ timeout: 20_000 });
  const stored = await waitUntil(() => restParagraph(noteId, pid), (x) => x.status === 'FINISHED');
  expect(stored.results?.msg[0].type).toBe('%flowchart');
  expect(stored.results?.msg[0].data).toContain('st->op->e');
  await page.reload();
  await page.locator(`#paragraph_${pid} .helium-spell-element svg`).getByText('All done').waitFor({ timeout: 20_000 });
});
