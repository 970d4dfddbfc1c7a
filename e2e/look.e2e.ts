/**
 * Look and words: icons with names and tooltips, a one-row navbar, readable charts, a clear import dialog, the job
 * manager without trashed notes, and DuckDB's settings on the interpreter page.
 */
import os from 'os';
import fs from 'fs';
import path from 'path';
import type { Locator, Page } from 'playwright-core';
import { restBody } from './support/rest';
import { serverAndBrowser } from './support/session';
import { waitUntil } from './support/wait';

const env = serverAndBrowser();

async function newNote(name: string, texts: string[]): Promise<string> {
  return restBody<string>(env.server.url, 'POST', '/api/notebook', { name, paragraphs: texts.map((text) => ({ text })) });
}

async function openNote(page: Page, noteId: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`${env.server.url}#/notebook/${noteId}`);
  await page.getByRole('toolbar', { name: 'Note toolbar' }).waitFor();
  await page.locator('section[id^="paragraph_"]').first().waitFor();
}

async function firstParagraph(page: Page): Promise<Locator> {
  const p = page.locator('section[id^="paragraph_"]').first();
  await p.waitFor();
  return p;
}

// Arrows, technical symbols, geometric shapes and dingbats: what the controls used to be drawn with.
const GLYPHS = /[\u2190-\u21ff\u2300-\u23ff\u25a0-\u25ff\u2600-\u27bf\u2b00-\u2bff\u2900-\u297f]/;

test('12. note and paragraph controls are icons with an accessible name and a tooltip', async () => {
  const { page } = env.browser;
  const id = await newNote('/look/icons', ['%sh\necho hi']);
  await openNote(page, id);
  const p = await firstParagraph(page);
  await p.getByRole('textbox', { name: 'Paragraph code' }).waitFor();
  const controls = await page.locator('.note-toolbar button, .paragraph-head button, .paragraph-insert').evaluateAll((els) =>
    els.map((e) => ({ name: e.getAttribute('aria-label') ?? (e.textContent ?? '').trim(), title: e.getAttribute('title') ?? '', text: (e.textContent ?? '').trim(), svg: !!e.querySelector('svg') })));
  expect(controls.length).toBeGreaterThan(20);
  for (const c of controls) {
    expect({ c, named: c.name !== '', tooltip: c.title !== '' }).toEqual({ c, named: true, tooltip: true });
    expect({ c, glyph: GLYPHS.test(c.text) }).toEqual({ c, glyph: false });
  }
  for (const name of ['Hide editor', 'Hide output', 'Paragraph settings', 'Run paragraph']) {
    const title = await p.getByRole('button', { name, exact: true }).getAttribute('title');
    expect(title).toContain(name);
  }
  expect(await p.getByRole('button', { name: 'Run paragraph' }).locator('svg').count()).toBe(1);
});

test('13. the navbar is one row at 1280 px, with a menu for the rest below that', async () => {
  const { page } = env.browser;
  await page.goto(`${env.server.url}#/`);
  await page.getByRole('status', { name: 'WebSocket Connected' }).waitFor();
  const bar = page.getByRole('banner');
  expect((await bar.boundingBox())?.height).toBeLessThan(56);
  for (const name of ['Download action log', 'About Zeppelin']) {
    const box = await bar.getByRole('button', { name }).boundingBox();
    expect(box && box.y + box.height).toBeLessThan(56);
  }
  const theme = await bar.getByRole('combobox', { name: 'Theme' }).boundingBox();
  expect(theme && theme.y + theme.height).toBeLessThan(56);
  await page.setViewportSize({ width: 1000, height: 800 });
  try {
    expect((await bar.boundingBox())?.height).toBeLessThan(56);
    expect(await bar.getByRole('button', { name: 'Download action log' }).count()).toBe(0);
    await bar.getByRole('button', { name: 'More' }).click();
    await bar.getByRole('button', { name: 'Download action log' }).waitFor();
    await bar.getByRole('link', { name: 'Interpreter' }).waitFor();
    await bar.getByRole('combobox', { name: 'Theme' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await bar.getByRole('button', { name: 'Download action log' }).count()).toBe(0);
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
});

test('14. scatter y labels fit, pie colours do not repeat within 20 slices', async () => {
  const { page } = env.browser;
  const id = await newNote('/look/charts', [
    // long tick labels: below a million the axis writes every digit (123,456.789)
    '%sql\nselect i as x, 123456.789 + i * 0.001 as y from range(20) t(i)',
    "%sql\nselect 'slice ' || i as k, i + 1 as v from range(24) t(i)",
  ]);
  await restBody(env.server.url, 'POST', `/api/notebook/job/${id}?blocking=true`);
  await waitUntil(() => restBody<{ info?: { isRunning?: boolean } }>(env.server.url, 'GET', `/api/notebook/${id}`), (n) => n.info?.isRunning === false, 60_000);
  await openNote(page, id);
  const [scatter, pie] = await page.locator('section[id^="paragraph_"]').all();
  await scatter.getByRole('button', { name: 'Scatter Chart' }).click();
  const yTicks = scatter.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
  await waitUntil(() => yTicks.count(), (n) => n > 2);
  const surface = await scatter.locator('.recharts-wrapper').first().boundingBox();
  for (const tick of await yTicks.all()) {
    const box = await tick.boundingBox();
    expect(box && surface && box.x >= surface.x - 0.5).toBe(true);
  }
  await pie.getByRole('button', { name: 'Pie Chart' }).click();
  await pie.locator('.recharts-pie-sector path').first().waitFor();
  const fills = await pie.locator('.recharts-pie-sector path').evaluateAll((els) => els.map((e) => e.getAttribute('fill')));
  expect(fills.length).toBe(24);
  expect(new Set(fills.slice(0, 20)).size).toBe(20);
});

test('14. number fields on the interpreter page look like the other fields', async () => {
  const { page } = env.browser;
  await page.goto(`${env.server.url}#/interpreter`);
  const sh = page.getByRole('region', { name: 'sh', exact: true });
  await sh.getByRole('button', { name: 'Edit sh' }).click();
  const num = sh.locator('input[type=number]').first();
  const text = sh.locator('input[type=text]').first();
  await num.waitFor();
  const style = (l: Locator) => l.evaluate((e) => {
    const c = getComputedStyle(e);
    return { border: c.borderTopColor, radius: c.borderTopLeftRadius, padding: c.paddingLeft, background: c.backgroundColor, font: c.fontSize };
  });
  expect(await style(num)).toEqual(await style(text));
  await sh.getByRole('button', { name: 'Cancel' }).click();
});

test('15. the import dialog names the files it takes and says why one is refused', async () => {
  const { page } = env.browser;
  await page.goto(`${env.server.url}#/`);
  await page.getByRole('button', { name: 'Import note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import new note' });
  await dialog.getByText(/\.zpln.*\.json.*\.ipynb/).first().waitFor();
  expect(await dialog.getByText('Choose a JSON', { exact: false }).count()).toBe(0);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zeppelin-import-'));
  try {
    const bad = path.join(dir, 'notes.txt');
    fs.writeFileSync(bad, 'hello, this is not a note');
    await dialog.locator('input[type=file]').setInputFiles(bad);
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/notes\.txt.*not JSON/);
    const empty = path.join(dir, 'list.json');
    fs.writeFileSync(empty, '{"hello": 1}');
    await dialog.locator('input[type=file]').setInputFiles(empty);
    await waitUntil(() => alert.innerText(), (t) => /list\.json/.test(t) && /paragraphs/.test(t) && /cells/.test(t));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('16. the job manager leaves out notes in the trash', async () => {
  const { page } = env.browser;
  const id = await newNote('/look/jobs victim', ['%sh\necho x']);
  await restBody(env.server.url, 'POST', `/api/notebook/run/${id}/${(await restBody<{ paragraphs: { id: string }[] }>(env.server.url, 'GET', `/api/notebook/${id}`)).paragraphs[0].id}`);
  await page.goto(`${env.server.url}#/jobmanager`);
  await page.getByRole('listitem', { name: /jobs victim/ }).first().waitFor();
  await restBody(env.server.url, 'PUT', `/api/notebook/${id}/rename`, { name: '/~Trash/look/jobs victim' });
  await page.goto('about:blank');
  await page.goto(`${env.server.url}#/jobmanager`);
  await page.getByRole('listitem', { name: /IPython Basic/ }).first().waitFor();
  expect(await page.getByRole('listitem', { name: /jobs victim/ }).count()).toBe(0);
});

test('17. DuckDB shows its settings with defaults on the interpreter page', async () => {
  const { page } = env.browser;
  await page.goto(`${env.server.url}#/interpreter`);
  await page.getByRole('searchbox', { name: 'Search interpreters' }).fill('duckdb');
  for (const prop of ['duckdb.database', 'duckdb.threads', 'duckdb.memory_limit', 'duckdb.maxResult']) {
    await page.getByRole('cell', { name: prop, exact: true }).waitFor();
  }
});
