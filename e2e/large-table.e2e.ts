/**
 * A 100,000-row table result in Chromium: received and decoded in a worker bundled with the app (which holds the
 * websocket), which finds where its rows lie as it decodes the frame, so the grid is drawn whole from the first
 * time its rows show, before any cell but those drawn has been read; then every row reads as the parse on the
 * page's own thread reads it. And a large table that arrives streamed, in many appends, ends as the same grid as a
 * parse of its whole text.
 */
import type { Locator } from 'playwright-core';
import { columnType, compareCells } from '../src/results/table/columnTypes';
import { parseTableText } from '../src/results/table/parseTable';
import { restBody } from './support/rest';
import { serverAndBrowser } from './support/session';

const ROWS = 100_000;
// The streamed table below is larger than the default per-result limit.
const env = serverAndBrowser({ 'zeppelin.interpreter.output.limit': String(16 * 1024 * 1024) });

/** value = 7919·i mod 100,000 is a permutation of 0..99,999, so sorting by it has one answer. */
function tableText(): string {
  const lines = ['category\tgroup\tvalue\tprice'];
  for (let i = 0; i < ROWS; i++) lines.push(`item${i % 97}\tg${i % 7}\t${(i * 7919) % 100_000}\t${((i * 31) % 10_000) / 100}`);
  return lines.join('\n') + '\n';
}

async function drawnRows(p: Locator): Promise<string[][]> {
  return p.locator('tbody tr[role="row"]').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
}

test('a 100,000-row table that comes in a frame is drawn whole at once by way of a bundled worker, and reads every row as the page would', async () => {
  const { page } = env.browser;
  const text = tableText();
  const expected = parseTableText(text);
  const shown = (r: number) => expected.columns.map((c) => String(expected.cell(r, c.index)));
  const noteId = await restBody<string>(env.server.url, 'POST', '/api/notebook/import', {
    name: `large table ${Date.now()}`,
    paragraphs: [{ id: 'paragraph_large_table', text: '%sql\nselect *', status: 'FINISHED', config: { results: { 0: { graph: { mode: 'table', height: 400 } } } },
      settings: { params: {}, forms: {} }, results: { code: 'SUCCESS', msg: [{ type: 'TABLE', data: text }] } }],
  });
  const origin = new URL(env.server.url).origin;
  const elsewhere: string[] = [];
  page.on('request', (r) => { if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) elsewhere.push(r.url()); });
  // Records, as the page changes, how many rows the grid held when its first rows came on screen, and whether the
  // "reading" notice ever showed; and counts the websockets the page's own thread opens (none: the worker holds the
  // socket, so the browser turns the 6 MB frame into a string there and the worker decodes it).
  await page.addInitScript(`window.__pageSockets = 0;
    window.WebSocket = class extends window.WebSocket { constructor(...a) { super(...a); window.__pageSockets++; } };
    window.__firstRowCount = null;
    window.__readingShown = false;
    new MutationObserver(() => {
      if (document.querySelector('.result-partial')) window.__readingShown = true;
      const grid = document.querySelector('[role="grid"]');
      if (window.__firstRowCount === null && grid && grid.querySelector('tbody tr[role="row"]')) window.__firstRowCount = grid.getAttribute('aria-rowcount');
    }).observe(document, { subtree: true, childList: true });`);
  await page.goto(`${env.server.url}#/notebook/${noteId}`);
  const p = page.locator('#paragraph_paragraph_large_table');
  await p.getByRole('status').filter({ hasText: `${ROWS} rows` }).waitFor({ timeout: 60_000 });

  const seen = await page.evaluate(() => {
    const w = window as unknown as { __firstRowCount: string | null; __readingShown: boolean };
    return { firstRowCount: w.__firstRowCount, readingShown: w.__readingShown };
  });
  expect(seen).toEqual({ firstRowCount: String(ROWS + 1), readingShown: false });
  await page.getByRole('status', { name: 'WebSocket Connected' }).waitFor();
  expect(await page.evaluate(() => (window as unknown as { __pageSockets: number }).__pageSockets)).toBe(0);
  expect(await p.getByRole('group', { name: 'Large result' }).count()).toBe(0);
  expect(page.workers().map((w) => new URL(w.url()).origin)).toContain(origin);
  expect(elsewhere).toEqual([]);

  const grid = p.getByRole('grid');
  expect(await grid.getAttribute('aria-rowcount')).toBe(String(ROWS + 1));
  const top = await drawnRows(p);
  expect(top.slice(0, 5)).toEqual([0, 1, 2, 3, 4].map(shown));

  await p.getByTestId('grid-scroll').evaluate((el) => { el.scrollTop = el.scrollHeight; });
  await p.locator(`tbody tr[aria-rowindex="${ROWS + 1}"]`).waitFor();
  expect((await drawnRows(p)).at(-1)).toEqual(shown(ROWS - 1));

  // Sorting the whole table by value (as the column's type compares, string by default as in Zeppelin) in the page
  // gives the order the same sort gives over the page-thread parse.
  await p.getByTestId('grid-scroll').evaluate((el) => { el.scrollTop = 0; });
  await p.getByRole('button', { name: 'value', exact: true }).click();
  // The header's button then reads "value ▲" or "value ▼".
  const sorted = p.locator('th[role="columnheader"][aria-sort$="ending"]');
  await sorted.waitFor();
  expect(await sorted.locator('.grid-sort').textContent()).toMatch(/^value [▲▼]$/);
  const dir = await sorted.getAttribute('aria-sort');
  const type = columnType(undefined, 'value');
  const order = Array.from({ length: ROWS }, (_, r) => r).sort((a, b) => compareCells(type, expected.cell(a, 2), expected.cell(b, 2)));
  if (dir === 'descending') order.reverse();
  await p.locator('tbody tr[aria-rowindex="2"] td').nth(2).filter({ hasText: String(expected.cell(order[0], 2)) }).waitFor();
  expect((await drawnRows(p)).slice(0, 5)).toEqual(order.slice(0, 5).map(shown));
});

// 40,000 rows, about 1.3 MB: quotes, unicode and CRLF line ends in the cells, numbers and text mixed.
const STREAMED_ROWS = 40_000;
const STREAM_SCRIPT = `%sh
printf '%%table id\\tname\\tamount\\n'
awk 'BEGIN { for (i = 0; i < ${STREAMED_ROWS}; i++) { printf "%d\\tnaïve \\"q%d\\" 😀\\t%.2f\\r\\n", i, i % 97, i * 1.5; if (i == 20000) { fflush(); system("sleep 0.3") } } }'`;

test('a large table streamed in many appends ends as the same grid as a parse of its whole text', async () => {
  const page = await env.browser.context.newPage();
  try {
    const noteId = await restBody<string>(env.server.url, 'POST', '/api/notebook/import', {
      name: `streamed table ${Date.now()}`,
      paragraphs: [{ id: 'paragraph_streamed_table', text: STREAM_SCRIPT, status: 'READY', config: { results: { 0: { graph: { mode: 'table', height: 400 } } } },
        settings: { params: {}, forms: {} } }],
    });
    let appends = 0;
    page.on('websocket', (ws) => ws.on('framereceived', (f) => {
      if (typeof f.payload === 'string' && f.payload.startsWith('{"op":"PARAGRAPH_APPEND_OUTPUT"')) appends++;
    }));
    await page.goto(`${env.server.url}#/notebook/${noteId}`);
    const p = page.locator('#paragraph_paragraph_streamed_table');
    await p.getByRole('textbox', { name: 'Paragraph code' }).waitFor();
    await p.getByRole('button', { name: 'Run paragraph' }).click();
    await p.getByRole('status').filter({ hasText: `${STREAMED_ROWS} rows` }).waitFor({ timeout: 60_000 });

    // What the server kept is the whole text; the page read it in pieces.
    const stored = await restBody<{ status: string; results: { msg: { type: string; data: string }[] } }>(
      env.server.url, 'GET', `/api/notebook/${noteId}/paragraph/paragraph_streamed_table`);
    expect(stored.status).toBe('FINISHED');
    expect(stored.results.msg[0].type).toBe('TABLE');
    const expected = parseTableText(stored.results.msg[0].data);
    expect(expected.rowCount).toBe(STREAMED_ROWS);
    expect(appends).toBeGreaterThan(2);
    const shown = (r: number) => expected.columns.map((c) => String(expected.cell(r, c.index)));

    const grid = p.getByRole('grid');
    expect(await grid.getAttribute('aria-rowcount')).toBe(String(STREAMED_ROWS + 1));
    expect(await p.locator('thead th[role="columnheader"]').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('amount')]));
    expect((await drawnRows(p)).slice(0, 5)).toEqual([0, 1, 2, 3, 4].map(shown));
    // Rows either side of where the output paused, and the last one.
    for (const r of [20_000, 20_001, STREAMED_ROWS - 1]) {
      await scrollToRow(p, r);
      const row = p.locator(`tbody tr[aria-rowindex="${r + 2}"]`);
      await row.waitFor();
      expect(await row.locator('td').allTextContents()).toEqual(shown(r));
    }
  } finally {
    await page.close();
  }
});

/**
 * Scrolls the grid so that row `r` is drawn, from the height of a drawn row. Measured and scrolled in one page task:
 * the last scroll's render replaces the drawn rows, and a row looked up in one step and measured in the next may be
 * gone by then (a detached row measures 0, which scrolled to the top).
 */
async function scrollToRow(p: Locator, r: number): Promise<void> {
  await p.getByTestId('grid-scroll').evaluate((el, row) => {
    const h = el.querySelector('tbody tr[role="row"]')?.getBoundingClientRect().height ?? 0;
    if (h === 0) throw new Error('no drawn row to measure');
    el.scrollTop = Math.max(0, row * h - 100);
  }, r);
}
