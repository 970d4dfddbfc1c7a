/**
 * Helium on the note page, in Chromium against the embedded server: the heat map enabled on #/helium becomes a
 * mode button of a table result and draws it (kept after a reload); the %wordcount spell runs in the browser and
 * its result is stored on the server, also as one step of "Run all paragraphs" between server paragraphs (and a
 * second viewer sees it); the summary application is loaded into a table paragraph and shows its output; the map
 * draws the points of a latitude/longitude table without any tile request.
 *
 * @slow (one of the suite's longest files: scheduled first on a fresh machine)
 */
import type { Locator, Page } from 'playwright-core';
import { restBody } from './support/rest';
import { serverAndBrowser } from './support/session';
import { waitUntil } from './support/wait';
import { scrollToParagraph } from './support/paragraph';

const env = serverAndBrowser();

const CITIES = "%sql\nselect * from (values ('Paris', 48.85, 2.35), ('Oslo', 59.91, 10.75), ('Quito', -0.18, -78.47)) t(city, lat, lon)";

const rest = <T>(method: string, path: string, body?: unknown): Promise<T> => restBody<T>(env.server.url, method, path, body);

interface RestParagraph { id: string; status?: string; text?: string; results?: { msg: { type: string; data: string }[] }; config?: { results?: Record<string, { graph?: { mode?: string } }> } }

async function newNote(name: string, text: string, run: boolean): Promise<{ noteId: string; pid: string }> {
  const noteId = await rest<string>('POST', '/api/notebook', { notePath: `/helium e2e/${name} ${Date.now()}`, paragraphs: [{ text }] });
  const pid = (await rest<{ paragraphs: RestParagraph[] }>('GET', `/api/notebook/${noteId}`)).paragraphs[0].id;
  if (run) expect((await rest<{ code: string }>('POST', `/api/notebook/run/${noteId}/${pid}`)).code).toBe('SUCCESS');
  return { noteId, pid };
}

const restParagraph = async (noteId: string, pid: string) => rest<RestParagraph>('GET', `/api/notebook/${noteId}/paragraph/${pid}`);

async function openParagraph(page: Page, noteId: string, pid: string): Promise<Locator> {
  await page.goto(`${env.server.url}#/notebook/${noteId}`);
  // Packages enabled over REST load with the page: a hash change alone would keep the old page.
  await page.reload();
  const p = page.locator(`#paragraph_${pid}`);
  await p.waitFor();
  await scrollToParagraph(p);
  return p;
}

test('an enabled visualisation package is a mode button of a table result, draws it and is kept in the config', async () => {
  const { page } = env.browser;
  const { noteId, pid } = await newNote('heat', CITIES, true);
  await page.goto(`${env.server.url}#/helium`);
  const heat = page.getByRole('list', { name: 'Packages' }).getByRole('listitem', { name: 'zeppelin-heatmap' });
  await heat.getByRole('button', { name: 'Enable', exact: true }).click();
  await page.getByRole('dialog', { name: 'Enable zeppelin-heatmap' }).getByRole('button', { name: 'Enable' }).click();
  await heat.getByText('enabled, bundle loaded').waitFor();

  const p = await openParagraph(page, noteId, pid);
  const modes = p.getByRole('group', { name: 'Visualization' });
  await modes.getByRole('button', { name: 'zeppelin-heatmap' }).click();
  const grid = p.getByRole('table', { name: 'Heat map' });
  await grid.waitFor();
  const cells = await grid.locator('tbody td').evaluateAll((tds) => tds.map((td) => [td.textContent, (td as HTMLElement).style.background !== '']));
  expect(cells).toEqual([
    ['Paris', false], ['48.85', true], ['2.35', true],
    ['Oslo', false], ['59.91', true], ['10.75', true],
    ['Quito', false], ['-0.18', true], ['-78.47', true],
  ]);
  expect(await modes.getByRole('button', { name: 'zeppelin-heatmap' }).getAttribute('aria-pressed')).toBe('true');
  await waitUntil(() => restParagraph(noteId, pid), (x) => x.config?.results?.['0']?.graph?.mode === 'zeppelin-heatmap');

  // Kept after a reload (the note route waits for the bundle); disabling the package falls back to the table.
  await page.reload();
  await page.locator(`#paragraph_${pid}`).getByRole('table', { name: 'Heat map' }).waitFor();
  await rest('POST', '/api/helium/disable/zeppelin-heatmap');
  await page.reload();
  const again = page.locator(`#paragraph_${pid}`);
  await again.getByText('Visualization zeppelin-heatmap is not enabled; showing the table.').waitFor();
  expect(await again.getByRole('button', { name: 'zeppelin-heatmap' }).count()).toBe(0);
  expect(await again.getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe('true');
});

test('%wordcount runs in the browser with the spell bundle and the server stores its result', async () => {
  await rest('POST', '/api/helium/enable/zeppelin-wordcount', 'zeppelin-wordcount');
  const { page } = env.browser;
  const { noteId, pid } = await newNote('spell', '%wordcount some words here some', false);
  const p = await openParagraph(page, noteId, pid);
  await p.getByRole('button', { name: 'Run paragraph' }).click();
  const rows = p.locator('tbody tr[role="row"]');
  await waitUntil(() => rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '').join('='))),
    (r) => r.includes('words=4') && r.includes('"some"=2'));
  const stored = await waitUntil(() => restParagraph(noteId, pid), (x) => x.status === 'FINISHED');
  expect(stored.results?.msg[0].type).toBe('TABLE');
  expect(stored.results?.msg[0].data).toContain('words\t4');
});

test('run all: %md and %sh run on the server, %wordcount in the browser between them, and a second viewer sees all three', async () => {
  await rest('POST', '/api/helium/enable/zeppelin-wordcount', 'zeppelin-wordcount');
  const { page, context } = env.browser;
  const texts = ['%md\n# Counted words', '%wordcount alpha beta alpha', '%sh\necho after the spell'];
  const noteId = await rest<string>('POST', '/api/notebook', { notePath: `/helium e2e/run all ${Date.now()}`, paragraphs: texts.map((text) => ({ text })) });
  const [md, spell, sh] = (await rest<{ paragraphs: RestParagraph[] }>('GET', `/api/notebook/${noteId}`)).paragraphs.map((x) => x.id);
  await openParagraph(page, noteId, md);
  const viewer = await context.newPage();
  try {
    await openParagraph(viewer, noteId, spell);
    await page.getByRole('button', { name: 'Run all paragraphs' }).click();
    await page.getByRole('dialog', { name: 'Run all paragraphs' }).getByRole('button', { name: 'Run', exact: true }).click();

    for (const p of [page, viewer]) {
      await p.frameLocator('iframe.note-result-frame').locator(`.zeppelin-result[data-paragraph-id="${md}"]`).getByRole('heading', { name: 'Counted words' }).waitFor({ timeout: 30_000 });
      const rows = p.locator(`#paragraph_${spell} tbody tr[role="row"]`);
      await waitUntil(() => rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '').join('='))),
        (r) => r.includes('words=3') && r.includes('"alpha"=2'), 30_000);
      await p.locator(`#paragraph_${sh}`).getByTestId('text-result').getByText('after the spell').waitFor({ timeout: 30_000 });
    }
    const stored = await waitUntil(() => Promise.all([md, spell, sh].map((id) => restParagraph(noteId, id))), (ps) => ps.every((x) => x.status === 'FINISHED'));
    expect(stored.map((x) => x.results?.msg[0].type)).toEqual(['HTML', 'TABLE', 'TEXT']);
    expect(stored[1].results?.msg[0].data).toContain('words\t3');
    // The spell never reached the server as an interpreter.
    expect(JSON.stringify(stored)).not.toContain('not found');
  } finally {
    await viewer.close();
  }
});

test('the summary application is offered for a table paragraph, loads and shows its output', async () => {
  await rest('POST', '/api/helium/enable/zeppelin-summary', 'zeppelin-summary@1.0.0');
  const { page } = env.browser;
  const { noteId, pid } = await newNote('app', CITIES, true);
  const p = await openParagraph(page, noteId, pid);
  await p.getByRole('button', { name: 'Load application' }).click();
  await p.getByRole('menu', { name: 'Available applications' }).getByRole('menuitem', { name: 'zeppelin-summary' }).click();
  const region = p.getByRole('region', { name: 'Application zeppelin-summary' });
  await region.waitFor();
  await waitUntil(() => region.getAttribute('data-app-status'), (s) => s === 'LOADED');
  const frame = page.frameLocator('iframe.note-result-frame').locator(`.zeppelin-result[data-result-key^="app:"][data-paragraph-id="${pid}"]`);
  await frame.getByText('3 rows, 3 columns').waitFor();
  expect(await frame.locator('tr', { hasText: 'lat' }).textContent()).toBe('latnumber-0.1859.91');
  const apps = p.getByRole('group', { name: 'Helium applications' });
  expect(await apps.getByRole('button', { name: 'zeppelin-summary' }).getAttribute('aria-pressed')).toBe('true');
  await waitUntil(async () => (await rest<{ paragraphs: { id: string; config?: { helium?: { activeApp?: string } } }[] }>('GET', `/api/notebook/${noteId}`)).paragraphs[0].config?.helium?.activeApp,
    (id) => id === `app_${noteId}-${pid}zeppelin-summary`);
  await apps.getByRole('button', { name: 'Result' }).click();
  await p.getByRole('group', { name: 'Visualization' }).waitFor();
});

test('the map draws the points of a latitude/longitude table on a plain background, requesting no tiles', async () => {
  await rest('POST', '/api/helium/enable/zeppelin-map', 'zeppelin-map');
  const { page } = env.browser;
  const { noteId, pid } = await newNote('map', CITIES, true);
  const requests: string[] = [];
  const onRequest = (r: { url(): string }) => requests.push(r.url());
  page.on('request', onRequest);
  try {
    const p = await openParagraph(page, noteId, pid);
    await p.getByRole('group', { name: 'Visualization' }).getByRole('button', { name: 'zeppelin-map' }).click();
    const map = p.getByRole('img', { name: 'Map of 3 points' });
    await map.waitFor();
    expect(await map.locator('circle.helium-map-point').count()).toBe(3);
    expect(await map.locator('image').count()).toBe(0);
    await p.getByText('No tile URL is configured for Streets').waitFor();
    // A text column as latitude gives no valid point; the column choice is kept in the result's settings.
    await p.getByRole('button', { name: 'settings', exact: true }).click();
    const settings = p.getByRole('group', { name: 'Map settings' });
    await settings.getByLabel('Latitude').selectOption('city');
    await p.getByRole('img', { name: 'Map of 0 points' }).waitFor();
    await p.getByText('0 points, 3 rows without valid coordinates').waitFor();
    await settings.getByLabel('Latitude').selectOption('lon');
    await settings.getByLabel('Longitude').selectOption('lat');
    await p.getByRole('img', { name: 'Map of 3 points' }).waitFor();
    await settings.getByLabel('Base map').selectOption('Oceans');
    await waitUntil(() => restParagraph(noteId, pid), (x) => {
      const g = x.config?.results?.['0']?.graph as { mode?: string; setting?: Record<string, unknown> } | undefined;
      return g?.mode === 'zeppelin-map' && JSON.stringify(g.setting?.['zeppelin-map']) === JSON.stringify({ lat: 'lon', lon: 'lat', baseMap: 'Oceans' });
    });
    await p.getByText('No tile URL is configured for Oceans').waitFor();
    const origin = new URL(env.server.url).origin;
    expect(requests.filter((u) => !u.startsWith(origin) && !u.startsWith('blob:') && !u.startsWith('data:'))).toEqual([]);
  } finally {
    page.off('request', onRequest);
  }
});
