/**
 * "Result history" in Chromium: a paragraph run twice with different output keeps both runs; the dialog lists
 * them with time, user and status, shows the older run read-only, and compares two runs (text as a line diff,
 * tables as added, removed and changed rows), driven from the keyboard where a user would.
 *
 * @slow (one of the suite's longest files: scheduled first on a fresh machine)
 */
import type { Locator, Page } from 'playwright-core';
import { serverAndBrowser } from './support/session';
import { restBody } from './support/rest';
import { scrollToParagraph, editorLines } from './support/paragraph';

const env = serverAndBrowser();

/** Replaces the paragraph's text in its editor and runs it with Shift+Enter, as a user does. */
async function typeAndRun(page: Page, paragraph: Locator, text: string): Promise<void> {
  await scrollToParagraph(paragraph);
  await (await editorLines(paragraph)).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
  await page.keyboard.press('Shift+Enter');
}

async function openHistory(page: Page, paragraph: Locator): Promise<Locator> {
  await paragraph.getByRole('button', { name: 'Paragraph settings' }).click();
  await paragraph.getByRole('menuitem', { name: 'Result history' }).click();
  const dialog = page.getByRole('dialog', { name: 'Result history' });
  await dialog.waitFor();
  return dialog;
}

test('a paragraph run twice keeps both runs: view the older one, compare the two as a line diff', async () => {
  const { page } = env.browser;
  const noteId = await restBody<string>(env.server.url, 'POST', '/api/notebook', { notePath: '/history/text', paragraphs: [{ text: '%sh echo start' }] });
  await page.goto(`${env.server.url}#/notebook/${noteId}`);
  const paragraph = page.locator('section[id^="paragraph_"]').first();
  await paragraph.waitFor();

  await typeAndRun(page, paragraph, '%sh printf "alpha\\nbeta\\n"');
  // The output, not the editor (whose text has the same words).
  await paragraph.locator('.result', { hasText: 'beta' }).waitFor();
  await typeAndRun(page, paragraph, '%sh printf "alpha\\ngamma\\n"');
  await paragraph.locator('.result', { hasText: 'gamma' }).waitFor();

  const dialog = await openHistory(page, paragraph);
  const runs = dialog.getByRole('table', { name: 'Runs' });
  await runs.getByRole('checkbox').nth(1).waitFor();
  expect(await runs.getByRole('checkbox').count()).toBe(2);
  const rows = runs.locator('tbody tr');
  for (const row of await rows.all()) {
    await row.getByRole('cell', { name: 'anonymous' }).waitFor();
    await row.getByRole('cell', { name: 'FINISHED' }).waitFor();
  }

  // The older run (listed second), picked from the keyboard, is shown read-only with the normal text renderer.
  await runs.getByRole('checkbox').nth(1).focus();
  await page.keyboard.press('Space');
  const picked = dialog.getByRole('region', { name: 'Picked run' });
  await picked.getByText('beta').waitFor();
  expect(await picked.getByText('gamma').count()).toBe(0);
  expect(await picked.locator('.monaco-editor, pre.paragraph-text, textarea').count()).toBe(0);

  // Both runs: the older is the base of a line diff.
  await runs.getByRole('checkbox').nth(0).focus();
  await page.keyboard.press('Space');
  const comparison = dialog.getByRole('region', { name: 'Comparison' });
  const diff = comparison.getByLabel('Result 1');
  await diff.locator('del', { hasText: '- beta' }).waitFor();
  await diff.locator('ins', { hasText: '+ gamma' }).waitFor();
  expect(await diff.locator('del, ins').count()).toBe(2);

  // Escape closes it, and the focus goes back to the paragraph's settings button.
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await paragraph.locator('button[aria-label="Paragraph settings"]:focus').waitFor();
});

test('tables compare as added, removed and changed rows', async () => {
  const { page } = env.browser;
  const noteId = await restBody<string>(env.server.url, 'POST', '/api/notebook', { notePath: '/history/table', paragraphs: [{ text: '%sql select 1' }] });
  await page.goto(`${env.server.url}#/notebook/${noteId}`);
  const paragraph = page.locator('section[id^="paragraph_"]').first();
  await paragraph.waitFor();

  await typeAndRun(page, paragraph, "%sql select * from (values ('north', 10), ('south', 20), ('west', 5)) t(region, amount)");
  await paragraph.getByRole('gridcell', { name: 'west', exact: true }).waitFor();
  await typeAndRun(page, paragraph, "%sql select * from (values ('north', 10), ('south', 25), ('east', 7)) t(region, amount)");
  await paragraph.getByRole('gridcell', { name: 'east', exact: true }).waitFor();

  const dialog = await openHistory(page, paragraph);
  const runs = dialog.getByRole('table', { name: 'Runs' });
  await runs.getByRole('checkbox').nth(1).check();
  await dialog.getByRole('region', { name: 'Picked run' }).getByRole('gridcell', { name: 'west', exact: true }).waitFor();
  await runs.getByRole('checkbox').nth(0).check();

  const table = dialog.getByRole('region', { name: 'Comparison' }).getByRole('table', { name: 'Result 1' });
  await table.waitFor();
  await dialog.getByText('Result 1: 1 added, 1 removed, 1 changed rows').waitFor();
  const body = table.locator('tbody tr');
  expect(await body.count()).toBe(3);
  const changed = body.filter({ has: page.getByRole('rowheader', { name: 'changed' }) });
  expect(await changed.locator('del').allTextContents()).toEqual(['20']);
  expect(await changed.locator('ins').allTextContents()).toEqual(['25']);
  expect(await body.filter({ has: page.getByRole('rowheader', { name: 'removed' }) }).getByRole('cell').allTextContents()).toEqual(['west', '5']);
  expect(await body.filter({ has: page.getByRole('rowheader', { name: 'added' }) }).getByRole('cell').allTextContents()).toEqual(['east', '7']);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
});
