/**
 * Running paragraphs in Chromium against the embedded server and its real interpreters: edit and run %md, %sh,
 * %python and %sql and watch the output stream in.
 */
import type { Page } from 'playwright-core';
import { serverAndBrowser } from './support/session';
import { waitUntil } from './support/wait';

const NOTE = '2EYDJKFFY';

const env = serverAndBrowser();

/**
 * Types into the note's last paragraph and runs it. Running the last paragraph makes the server append an empty
 * one, so each call gets a fresh paragraph with its editor shown (a run %md paragraph hides its editor).
 */
async function runText(page: Page, text: string): Promise<ReturnType<Page['locator']>> {
  await page.goto(`${env.server.url}#/notebook/${NOTE}`);
  const last = page.locator('[id^="paragraph_"]').last();
  await last.waitFor({ state: 'attached' });
  const id = ((await last.getAttribute('id')) ?? '').replace(/^paragraph_/, '');
  await page.goto(`${env.server.url}#/notebook/${NOTE}/paragraph/${id}`);
  const p = page.locator(`#paragraph_${id}`);
  await p.scrollIntoViewIfNeeded();
  await p.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
  await page.keyboard.press('Shift+Enter');
  return p;
}

test('%md renders as HTML in the sandboxed frame', async () => {
  const p = await runText(env.browser.page, '%md\n# Hello *run*');
  await p.getByRole('img', { name: 'Status FINISHED' }).waitFor({ timeout: 30_000 });
  await p.frameLocator('iframe.result-frame').getByRole('heading', { name: 'Hello run' }).waitFor();
});

test('%sh output streams in line by line', async () => {
  const { page } = env.browser;
  const p = await runText(page, '%sh\nfor i in 1 2 3; do echo line$i; sleep 0.4; done');
  await p.getByRole('img', { name: 'Status RUNNING' }).waitFor({ timeout: 30_000 });
  // output is visible while the paragraph still runs
  await p.getByTestId('text-result').getByText('line1').waitFor();
  expect(await p.getByRole('img', { name: 'Status RUNNING' }).count()).toBe(1);
  await p.getByRole('img', { name: 'Status FINISHED' }).waitFor({ timeout: 30_000 });
  await waitUntil(() => p.getByTestId('text-result').textContent(), (t) => /line1\s+line2\s+line3/.test(t ?? ''));
});

test('%python prints and %sql draws a table', async () => {
  const { page } = env.browser;
  let p = await runText(page, '%python\nprint(6 * 7)');
  await p.getByRole('img', { name: 'Status FINISHED' }).waitFor({ timeout: 60_000 });
  await p.getByTestId('text-result').getByText('42').waitFor();
  p = await runText(page, '%sql\nselect 1 as a, 2 as b');
  await p.getByRole('img', { name: 'Status FINISHED' }).waitFor({ timeout: 60_000 });
  await p.getByRole('button', { name: 'Table' }).waitFor();
  await p.getByRole('columnheader', { name: /^a/ }).waitFor();
  await p.getByRole('columnheader', { name: /^b/ }).waitFor();
  expect(await p.getByRole('gridcell').allTextContents()).toEqual(expect.arrayContaining(['1', '2']));
});
