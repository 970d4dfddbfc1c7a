/**
 * Running paragraphs in Chromium against the embedded server and its real interpreters: edit and run %md, %sh,
 * %python and %sql and watch the output stream in.
 *
 * @slow (one of the suite's longest files: scheduled first on a fresh machine)
 */
import type { Page } from 'playwright-core';
import { serverAndBrowser } from './support/session';
import { runInLastParagraph } from './support/paragraph';
import { waitUntil } from './support/wait';

const NOTE = '2EYDJKFFY';

const env = serverAndBrowser();

const runText = (page: Page, text: string) => runInLastParagraph(page, env.server.url, NOTE, text);

test('%md renders as HTML in the sandboxed frame', async () => {
  const p = await runText(env.browser.page, '%md\n# Hello *run*');
  await p.getByRole('img', { name: 'Status FINISHED' }).waitFor({ timeout: 30_000 });
  const id = ((await p.getAttribute('id')) ?? '').replace(/^paragraph_/, '');
  await env.browser.page.frameLocator('iframe.note-result-frame').locator(`.zeppelin-result[data-paragraph-id="${id}"]`).getByRole('heading', { name: 'Hello run' }).waitFor();
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
