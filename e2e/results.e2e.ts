/**
 * Result display in Chromium against the embedded server and its real interpreters: a %sql table, every chart
 * mode, the pivot column selector, filter and pagination, CSV download, a %network graph with node selection, and
 * a mode change that survives a reload.
 *
 * @slow (one of the suite's longest files: scheduled first on a fresh machine)
 */
import fs from 'fs';
import type { Locator, Page } from 'playwright-core';
import { restBody } from './support/rest';
import { serverAndBrowser } from './support/session';
import { waitUntil } from './support/wait';
import { scrollToParagraph, editorLines } from './support/paragraph';

/** 200 rows: a key i (0..99), a numeric v, and a group g ('a' or 'b'); v is 10·i + 1 for a, 10·i + 2 for b. */
const QUERY = "%sql\nselect i, i * 10 + case when g = 'a' then 1 else 2 end as v, g from range(100) t(i), (values ('a'), ('b')) s(g) order by i, g";

/** recharts' drawing of each mode; a mode counts as drawn when its own marks are there and no other mode's are. */
const MARKS: Record<string, string> = {
  'Bar Chart': '.recharts-bar-rectangle path',
  'Pie Chart': '.recharts-pie-sector path',
  'Area Chart': '.recharts-area-area',
  'Line Chart': '.recharts-line-curve',
  'Scatter Chart': '.recharts-scatter-symbol path',
};

const env = serverAndBrowser();

const rest = <T>(method: string, path: string, body?: unknown): Promise<T> => restBody<T>(env.server.url, method, path, body);

interface RestNote { paragraphs: { id: string; config?: { results?: Record<string, { graph?: { mode?: string } }> } }[] }

/** A new note with one paragraph of `text`, run to its end through the synchronous REST run. */
async function ranNote(name: string, text: string, expectType: string, title?: string): Promise<{ noteId: string; pid: string }> {
  const noteId = await rest<string>('POST', '/api/notebook', { notePath: `/results e2e/${name} ${Date.now()}`, paragraphs: [{ text, title }] });
  const note = await rest<RestNote>('GET', `/api/notebook/${noteId}`);
  const pid = note.paragraphs[0].id;
  const out = await rest<{ code: string; msg: { type: string; data: string }[] }>('POST', `/api/notebook/run/${noteId}/${pid}`);
  expect(out.code).toBe('SUCCESS');
  expect(out.msg.map((m) => m.type)).toContain(expectType);
  return { noteId, pid };
}

async function openParagraph(page: Page, noteId: string, pid: string): Promise<Locator> {
  await page.goto(`${env.server.url}#/notebook/${noteId}`);
  const p = page.locator(`#paragraph_${pid}`);
  await p.waitFor();
  await scrollToParagraph(p);
  return p;
}

/** The cells of the table's rows as drawn (virtualised: only the rows in and near the view). */
async function drawnRows(p: Locator): Promise<string[][]> {
  return p.locator('tbody tr[role="row"]').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
}

async function marks(p: Locator): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [mode, sel] of Object.entries(MARKS)) out[mode] = await p.locator(`.result-chart-canvas ${sel}`).count();
  return out;
}

/** The chart's screen-reader table: header and rows, which follow the pivot that was drawn. */
async function fallbackTable(p: Locator): Promise<string[][]> {
  return p.locator('figure.result-chart table tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent ?? '')));
}

test('a %sql query typed and run with Shift+Enter shows its table', async () => {
  const { page } = env.browser;
  const noteId = await rest<string>('POST', '/api/notebook', { notePath: `/results e2e/typed ${Date.now()}`, paragraphs: [{ text: '' }] });
  const pid = (await rest<RestNote>('GET', `/api/notebook/${noteId}`)).paragraphs[0].id;
  const p = await openParagraph(page, noteId, pid);
  await (await editorLines(p)).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(QUERY);
  await page.keyboard.press('Shift+Enter');
  await p.getByRole('img', { name: 'Status FINISHED' }).waitFor({ timeout: 60_000 });
  const table = p.getByRole('grid');
  await table.waitFor();
  expect(await p.getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe('true');
  expect(await p.getByRole('columnheader').evaluateAll((hs) => hs.map((h) => h.querySelector('.grid-sort')?.textContent))).toEqual(['i', 'v', 'g']);
  expect(await table.getAttribute('aria-rowcount')).toBe('201');
  await p.getByRole('status').filter({ hasText: /^200 rows$/ }).waitFor();
  const rows = await drawnRows(p);
  expect(rows.slice(0, 3)).toEqual([['0', '1', 'a'], ['0', '2', 'b'], ['1', '11', 'a']]);
  // Virtualised: a 300 px box draws its visible rows and a few more, not all 200.
  expect(rows.length).toBeGreaterThan(5);
  expect(rows.length).toBeLessThan(40);
});

test('every mode draws: Table, Bar, Pie, Area, Line and Scatter Chart', async () => {
  const { page } = env.browser;
  const { noteId, pid } = await ranNote('modes', QUERY, 'TABLE');
  const p = await openParagraph(page, noteId, pid);
  await p.getByRole('grid').waitFor();
  for (const mode of Object.keys(MARKS)) {
    await p.getByRole('button', { name: mode, exact: true }).click();
    await waitUntil(() => p.getByRole('button', { name: mode, exact: true }).getAttribute('aria-pressed'), (v) => v === 'true');
    const drawn = await waitUntil(() => marks(p), (m) => m[mode] > 0 && Object.entries(m).every(([k, n]) => k === mode || n === 0));
    // One x per key i (0..99); the scatter plots one point per row.
    if (mode === 'Bar Chart') expect(drawn[mode]).toBe(100);
    if (mode === 'Pie Chart') expect(drawn[mode]).toBe(100);
    if (mode === 'Scatter Chart') expect(drawn[mode]).toBe(200);
    expect(await p.getByRole('grid').count()).toBe(0);
  }
  await p.getByRole('button', { name: 'Table', exact: true }).click();
  await p.getByRole('grid').waitFor();
  expect(await marks(p)).toEqual({ 'Bar Chart': 0, 'Pie Chart': 0, 'Area Chart': 0, 'Line Chart': 0, 'Scatter Chart': 0 });
});

test('dragging columns into keys and values changes the chart', async () => {
  const { page } = env.browser;
  const { noteId, pid } = await ranNote('pivot', QUERY, 'TABLE');
  const p = await openParagraph(page, noteId, pid);
  await p.getByRole('button', { name: 'Bar Chart', exact: true }).click();
  await waitUntil(() => marks(p), (m) => m['Bar Chart'] === 100);
  // The default pivot: the first column is the key, the second the summed value.
  const before = await fallbackTable(p);
  expect(before.length).toBe(101);
  expect(before.slice(0, 3)).toEqual([['x', 'v(sum)'], ['0', '3'], ['1', '23']]);

  await p.getByRole('button', { name: 'settings', exact: true }).click();
  const settings = p.getByRole('region', { name: 'Chart settings' });
  await settings.waitFor();
  const keys = settings.getByRole('group', { name: 'Keys', exact: true });
  const values = settings.getByRole('group', { name: 'Values', exact: true });
  const field = (name: string) => settings.getByRole('list', { name: 'All fields' }).getByRole('listitem').filter({ hasText: new RegExp(`^${name}$`) });

  await keys.getByRole('button', { name: 'Remove i from Keys' }).click();
  await field('g').dragTo(keys);
  await keys.getByRole('button', { name: 'Remove g from Keys' }).waitFor();
  await waitUntil(() => marks(p), (m) => m['Bar Chart'] === 2);
  // Sum of v over the 100 rows of each group: 10·4950 + 100 for a, 10·4950 + 200 for b.
  await waitUntil(() => fallbackTable(p), (t) => JSON.stringify(t) === JSON.stringify([['x', 'v(sum)'], ['a', '49600'], ['b', '49700']]));

  await field('i').dragTo(values);
  await values.getByRole('button', { name: 'Remove i from Values' }).waitFor();
  await waitUntil(() => marks(p), (m) => m['Bar Chart'] === 4);
  await waitUntil(() => fallbackTable(p), (t) => JSON.stringify(t) === JSON.stringify([['x', 'v(sum)', 'i(sum)'], ['a', '49600', '4950'], ['b', '49700', '4950']]));
  await p.locator('.recharts-legend-item').filter({ hasText: /^i\(sum\)$/ }).waitFor();

  // The pivot was committed: the server has it.
  await waitUntil(async () => JSON.stringify((await rest<RestNote>('GET', `/api/notebook/${noteId}`)).paragraphs[0].config?.results?.['0']),
    (s) => /"keys":\[\{"name":"g","index":2/.test(s) && /"values":\[\{"name":"v","index":1,"aggr":"sum"\},\{"name":"i","index":0,"aggr":"sum"\}\]/.test(s));
});

test('a table column is filtered and the table paginated', async () => {
  const { page } = env.browser;
  const { noteId, pid } = await ranNote('filter', QUERY, 'TABLE');
  const p = await openParagraph(page, noteId, pid);
  await p.getByRole('grid').waitFor();
  await p.getByRole('button', { name: 'settings', exact: true }).click();
  const options = p.getByRole('region', { name: 'Table options' });
  await options.getByRole('checkbox', { name: 'Enable filter for columns' }).check();
  await options.getByRole('checkbox', { name: 'Enable pagination for better navigation' }).check();

  const pager = p.getByRole('navigation', { name: 'Pagination' });
  await pager.getByText('Page 1 of 4').waitFor();
  expect((await drawnRows(p))[0]).toEqual(['0', '1', 'a']);
  await pager.getByRole('button', { name: 'Next page' }).click();
  await pager.getByText('Page 2 of 4').waitFor();
  // Page 2 starts at row 51: i = 25, group a.
  await waitUntil(() => drawnRows(p), (r) => JSON.stringify(r[0]) === JSON.stringify(['25', '251', 'a']));
  await pager.getByRole('button', { name: 'Last page' }).click();
  await pager.getByText('Page 4 of 4').waitFor();
  await waitUntil(() => pager.getByRole('button', { name: 'Next page' }).isDisabled(), (disabled) => disabled);

  // A filter goes back to page 1 and keeps only matching rows.
  await p.getByRole('searchbox', { name: 'Filter g' }).fill('b');
  await p.getByRole('status').filter({ hasText: /^100 of 200 rows$/ }).waitFor();
  await pager.getByText('Page 1 of 2').waitFor();
  // The drawn rows are read until they are the filtered page's: a read between the grid's renders can hold rows of
  // the unfiltered page.
  const rows = await waitUntil(() => drawnRows(p), (r) => r.length > 0 && r.every((row) => row[2] === 'b'));
  expect(rows[0]).toEqual(['0', '2', 'b']);
  // A regex character is matched literally, not as a pattern.
  await p.getByRole('searchbox', { name: 'Filter g' }).fill('.');
  await p.getByRole('status').filter({ hasText: /^0 of 200 rows$/ }).waitFor();
  await p.getByRole('searchbox', { name: 'Filter g' }).fill('');
  await p.getByRole('status').filter({ hasText: /^200 rows$/ }).waitFor();
});

test('"Download as CSV" saves the table as CSV named from the title or "data" and the finish time', async () => {
  const { page } = env.browser;
  const titled = await ranNote('csv titled', '%sql\nselect 1 as n', 'TABLE', 'Sales report');
  let p = await openParagraph(page, titled.noteId, titled.pid);
  await p.getByRole('grid').waitFor();
  let [download] = await Promise.all([page.waitForEvent('download'), p.getByRole('button', { name: 'Download as CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Sales report_\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d\.csv$/);
  expect(fs.readFileSync(await download.path(), 'utf8')).toBe('n\n1\n');

  const { noteId, pid } = await ranNote('csv', QUERY, 'TABLE');
  p = await openParagraph(page, noteId, pid);
  await p.getByRole('grid').waitFor();
  [download] = await Promise.all([page.waitForEvent('download'), p.getByRole('button', { name: 'Download as CSV' }).click()]);
  // An untitled paragraph (shown as "Paragraph 1") downloads as "data".
  expect(download.suggestedFilename()).toMatch(/^data_\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d\.csv$/);
  const lines = fs.readFileSync(await download.path(), 'utf8').split('\n');
  expect(lines.length).toBe(202); // header, 200 rows, and the final newline
  expect(lines[lines.length - 1]).toBe('');
  expect(lines.slice(0, 4)).toEqual(['i,v,g', '0,1,a', '0,2,b', '1,11,a']);
  expect(lines[200]).toBe('99,992,b');
});

test('a %network result draws a graph and selecting a node shows its properties', async () => {
  const { page } = env.browser;
  const network = {
    nodes: [
      { id: 1, label: 'Person', data: { name: 'Alice', age: 31 } },
      { id: 2, label: 'Person', data: { name: 'Bob', age: 42 } },
      { id: 3, label: 'City', data: { name: 'Paris' } },
    ],
    edges: [
      { id: 1, source: 1, target: 2, label: 'KNOWS', data: { since: 2020 } },
      { id: 2, source: 2, target: 3, label: 'LIVES_IN', data: {} },
    ],
    labels: { Person: '#3071A9', City: '#9467bd' },
    types: ['KNOWS', 'LIVES_IN'],
    directed: true,
  };
  const { noteId, pid } = await ranNote('network', `%sh\necho '%network ${JSON.stringify(network)}'`, 'NETWORK');
  const p = await openParagraph(page, noteId, pid);
  const graph = p.getByTestId('network');
  await graph.waitFor();
  expect(await graph.getAttribute('aria-label')).toBe('Network of 3 nodes and 2 edges');
  expect(await p.getByRole('button', { name: 'Network', exact: true }).getAttribute('aria-pressed')).toBe('true');
  const panel = p.getByRole('complementary', { name: 'Properties' });
  await panel.getByText('Select a node or an edge to see its properties.').waitFor();
  // The graph gets the width left beside the property panel, not a sliver.
  expect((await graph.boundingBox())?.width).toBeGreaterThan(600);

  // Cytoscape draws on canvas: read Bob's rendered position from the instance cytoscape registers on its container
  // and click there like a user. While the layout still moves the node a click can miss it; then, like a user, look
  // again and click again.
  const where = () => graph.evaluate((root) => {
    const host = [root, ...root.querySelectorAll('div')].find((d) => (d as unknown as { _cyreg?: { cy?: unknown } })._cyreg?.cy) as
      (HTMLElement & { _cyreg: { cy: { getElementById(id: string): { renderedPosition(): { x: number; y: number } } } } }) | undefined;
    if (!host) return null;
    const { x, y } = host._cyreg.cy.getElementById('2').renderedPosition();
    const box = host.getBoundingClientRect();
    return { x: Math.round(box.left + x), y: Math.round(box.top + y), inside: x > 0 && y > 0 && x < box.width && y < box.height };
  });
  const bob = panel.getByRole('heading', { name: 'Node: Bob' });
  await waitUntil(async () => {
    const pos = await where();
    if (!pos?.inside) return false;
    await page.mouse.click(pos.x, pos.y);
    return bob.waitFor({ timeout: 2_000 }).then(() => true, () => false);
  }, (shown) => shown);
  const props = await panel.locator('dl > div').evaluateAll((ds) => ds.map((d) => [d.querySelector('dt')?.textContent, d.querySelector('dd')?.textContent]));
  expect(props).toEqual([['id', '2'], ['label', 'Person'], ['name', 'Bob'], ['age', '42']]);
});

test('a mode change is committed and survives a reload', async () => {
  const { page } = env.browser;
  const { noteId, pid } = await ranNote('reload', QUERY, 'TABLE');
  let p = await openParagraph(page, noteId, pid);
  await p.getByRole('grid').waitFor();
  await p.getByRole('button', { name: 'Pie Chart', exact: true }).click();
  await waitUntil(() => marks(p), (m) => m['Pie Chart'] === 100);
  await waitUntil(async () => (await rest<RestNote>('GET', `/api/notebook/${noteId}`)).paragraphs[0].config?.results?.['0']?.graph?.mode,
    (mode) => mode === 'pieChart');
  await page.reload();
  p = page.locator(`#paragraph_${pid}`);
  await p.getByRole('button', { name: 'Pie Chart', exact: true }).waitFor();
  await waitUntil(() => p.getByRole('button', { name: 'Pie Chart', exact: true }).getAttribute('aria-pressed'), (v) => v === 'true');
  await waitUntil(() => marks(p), (m) => m['Pie Chart'] === 100);
  expect(await p.getByRole('grid').count()).toBe(0);
});

test('a bar chart of hundreds of bars has axes, a legend and a tooltip of the category under the pointer', async () => {
  const { page } = env.browser;
  // 97 categories × 7 groups: 679 bars, drawn by the app's large bar chart rather than recharts.
  const lines = ['category\tgroup\tvalue'];
  for (let i = 0; i < 97 * 7; i++) lines.push(`item${Math.floor(i / 7)}\tg${i % 7}\t${(i % 7) + 1}`);
  const pivot = { keys: [{ name: 'category', index: 0, aggr: 'sum' }], groups: [{ name: 'group', index: 1, aggr: 'sum' }], values: [{ name: 'value', index: 2, aggr: 'sum' }] };
  const noteId = await rest<string>('POST', '/api/notebook/import', {
    name: `large bar chart ${Date.now()}`,
    paragraphs: [{ id: 'paragraph_large_bars', text: '%sql\nselect *', status: 'FINISHED', config: { results: { 0: { graph: { mode: 'multiBarChart', height: 300, ...pivot } } } },
      settings: { params: {}, forms: {} }, results: { code: 'SUCCESS', msg: [{ type: 'TABLE', data: `${lines.join('\n')}\n` }] } }],
  });
  await page.goto(`${env.server.url}#/notebook/${noteId}`);
  const p = page.locator('#paragraph_paragraph_large_bars');
  await waitUntil(() => marks(p), (m) => m['Bar Chart'] === 97 * 7);
  expect(await p.locator('.recharts-legend-item-text').allInnerTexts()).toEqual(['g0', 'g1', 'g2', 'g3', 'g4', 'g5', 'g6']);
  const xLabels = await p.locator('.recharts-xAxis .recharts-cartesian-axis-tick-value').allTextContents();
  expect(xLabels[0]).toBe('item0');
  expect(xLabels.at(-1)).toBe('item96');
  expect(await p.locator('.recharts-yAxis .recharts-cartesian-axis-tick-value').allTextContents()).toEqual(['0', '2', '4', '6', '8']);
  // The pointer over the plot's middle band: that category's seven values.
  const plot = await p.locator('.recharts-cartesian-grid-horizontal').boundingBox();
  await page.mouse.move(plot!.x + plot!.width * (48.5 / 97), plot!.y + plot!.height / 2);
  const tip = p.locator('.recharts-tooltip-wrapper');
  await expect(tip.locator('.recharts-tooltip-label').innerText()).resolves.toBe('item48');
  expect(await tip.locator('.recharts-tooltip-item').allInnerTexts()).toEqual([1, 2, 3, 4, 5, 6, 7].map((v, g) => `g${g} : ${v}`));
  await page.mouse.move(0, 0);
  await tip.waitFor({ state: 'detached' });
});
