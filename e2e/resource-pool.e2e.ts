/**
 * The resource pool as a user meets it: a DataFrame put in a %python paragraph is a table that a %sql paragraph
 * queries by name, and a %sql result saved with saveAs is read back in %python.
 *
 * @slow (one of the suite's longest files: scheduled first on a fresh machine)
 */
import type { Locator } from 'playwright-core';
import { runInLastParagraph } from './support/paragraph';
import { restBody } from './support/rest';
import { serverAndBrowser } from './support/session';
import { waitUntil } from './support/wait';
import { pythonExecutable, TEST_PYTHON, testWithPython } from '../test/support/python';

const env = serverAndBrowser();
const rest = <T>(method: string, p: string, body?: unknown): Promise<T> => restBody<T>(env.server.url, method, p, body);

const drawnRows = (p: Locator): Promise<string[][]> =>
  p.locator('tbody tr[role="row"]').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));

async function usePython(): Promise<void> {
  const setting = await rest<{ properties: Record<string, { value: unknown }> }>('GET', '/api/interpreter/setting/python');
  setting.properties['zeppelin.python'].value = pythonExecutable() ?? TEST_PYTHON;
  await rest('PUT', '/api/interpreter/setting/python', setting);
}

testWithPython(['pandas'])('a DataFrame put in %python is queried by name in %sql; a saved %sql result is read back in %python', async () => {
  const { page } = env.browser;
  await usePython();
  const noteId = await rest<string>('POST', '/api/notebook', { notePath: `/pool e2e/sales ${Date.now()}`, paragraphs: [{ text: '' }] });
  const url = env.server.url;

  const put = await runInLastParagraph(page, url, noteId,
    '%python\nimport pandas as pd\nsales = pd.DataFrame(dict(region=["north", "south", "north"], amount=[10, 5, 2.5]))\nz.put("sales", sales)');
  await put.getByRole('img', { name: 'Status FINISHED' }).waitFor({ timeout: 60_000 });

  const query = await runInLastParagraph(page, url, noteId, '%sql\nselect region, sum(amount) as total from sales group by region order by region');
  await query.getByRole('img', { name: 'Status FINISHED' }).waitFor({ timeout: 60_000 });
  await query.getByRole('grid').waitFor();
  expect(await query.getByRole('columnheader').evaluateAll((hs) => hs.map((h) => h.querySelector('.grid-sort')?.textContent))).toEqual(['region', 'total']);
  await waitUntil(() => drawnRows(query), (rows) => JSON.stringify(rows) === JSON.stringify([['north', '12.5'], ['south', '5']]));

  const saved = await runInLastParagraph(page, url, noteId, '%sql(saveAs=big)\nselect region, amount from sales where amount > 4 order by amount');
  await saved.getByRole('img', { name: 'Status FINISHED' }).waitFor({ timeout: 60_000 });
  await saved.getByRole('grid').waitFor();

  const back = await runInLastParagraph(page, url, noteId, '%python\nbig = z.getAsDataFrame("big")\nprint("rows", len(big), "sum", big["amount"].sum())');
  await back.getByRole('img', { name: 'Status FINISHED' }).waitFor({ timeout: 60_000 });
  await back.getByText('rows 2 sum 15.0').waitFor();
});
