/**
 * "Link clicks to a form" in Chromium: a %sql result's settings link its `region` column to the note form `region`;
 * a click on a bar, a pie slice, a line point, an area point, a scatter point or a table row (and Enter or Space on
 * the focused one) sets the form, and the paragraph using the form runs again with the value. The link survives a
 * reload.
 *
 * @slow (one of the suite's longest files: scheduled first on a fresh machine)
 */
import type { Locator, Page } from 'playwright-core';
import { restBody } from './support/rest';
import { serverAndBrowser } from './support/session';
import { waitUntil } from './support/wait';

const TEXTS = [
  '%md\nRegion: $${region=EU,EU|US|APAC}',
  "%sql\nselect * from (values ('EU', 10, 1.5), ('US', 20, 2.5), ('APAC', 5, 3.5)) t(region, amount, score)",
  "%sql\nselect '$${region=EU,EU|US|APAC}' as chosen",
];

const env = serverAndBrowser({}, { samples: false });
let noteId: string;
let ids: string[];
let page: Page;

beforeAll(async () => {
  const url = env.server.url;
  noteId = await restBody<string>(url, 'POST', 'api/notebook', { notePath: '/Chart link', paragraphs: TEXTS.map((text) => ({ text })) });
  const note = await restBody<{ paragraphs: { id: string }[] }>(url, 'GET', `api/notebook/${noteId}`);
  ids = note.paragraphs.slice(0, TEXTS.length).map((p) => p.id);
  for (const id of ids) await restBody(url, 'POST', `api/notebook/run/${noteId}/${id}`);
  page = env.browser.page;
  await open();
}, 180_000);

async function open(): Promise<void> {
  await page.goto(`${env.server.url}#/notebook/${noteId}`);
  await page.getByRole('heading', { level: 1, name: 'Chart link' }).waitFor();
  await chosen().waitFor({ timeout: 60_000 });
  // The %md result is drawn in the note's result frame, which reports its height when it has drawn it: until then
  // its placeholder is empty, and everything below it moves down once it comes (a click aimed there would miss).
  await waitUntil(() => para(0).locator('[data-result-slot]').evaluate((e) => e.getBoundingClientRect().height), (h) => h > 0, 60_000);
}

const para = (i: number): Locator => page.locator(`#paragraph_${ids[i]}`);
/** The dependent paragraph's single cell: the region it ran with. */
const chosen = (): Locator => para(2).getByRole('gridcell').first();
const waitChosen = (v: string) => waitUntil(() => chosen().textContent().catch(() => null), (t) => t === v, 60_000);

async function showMode(label: string): Promise<void> {
  const button = para(1).getByRole('button', { name: label, exact: true });
  await button.click();
  await waitUntil(() => button.getAttribute('aria-pressed'), (v) => v === 'true');
}

async function clickAndKey(mark: (region: string) => Locator, viaClick: string, viaKey: string, key: 'Enter' | ' '): Promise<void> {
  await mark(viaClick).click();
  await waitChosen(viaClick);
  await mark(viaKey).focus();
  await page.keyboard.press(key === ' ' ? 'Space' : key);
  await waitChosen(viaKey);
}

test('settings link the region column to the note form; a table row click and Enter set it and re-run its user', async () => {
  await waitChosen('EU');
  await para(1).getByRole('button', { name: 'settings', exact: true }).click();
  const link = para(1).getByRole('group', { name: 'Link clicks to a form' });
  await link.getByRole('combobox', { name: 'Linked column' }).selectOption('region');
  await link.getByRole('combobox', { name: 'Linked note form' }).selectOption('region');
  const row = (region: string) => para(1).getByRole('row').filter({ has: page.getByRole('gridcell', { name: region, exact: true }) });
  await clickAndKey(row, 'US', 'APAC', 'Enter');
  // the note form shows the value too
  await waitUntil(() => page.getByRole('region', { name: 'Note forms' }).getByRole('combobox').inputValue(), (v) => v === 'APAC');
});

const mark = (pattern: (region: string) => RegExp) => (region: string) => para(1).getByRole('button', { name: pattern(region) }).first();

test('bar chart: a bar click and Space on a focused bar', async () => {
  await showMode('Bar Chart');
  await clickAndKey(mark((r) => new RegExp(`^Set region from amount\\(sum\\) at ${r}$`)), 'EU', 'US', ' ');
});

test('pie chart: a slice click and Enter on a focused slice', async () => {
  await showMode('Pie Chart');
  await clickAndKey(mark((r) => new RegExp(`^Set region from amount\\(sum\\) at ${r}$`)), 'APAC', 'EU', 'Enter');
});

test('line and area charts: a point click and Enter on a focused point', async () => {
  await showMode('Line Chart');
  await clickAndKey(mark((r) => new RegExp(`^Set region from amount\\(sum\\) at ${r}$`)), 'US', 'APAC', 'Enter');
  await showMode('Area Chart');
  await clickAndKey(mark((r) => new RegExp(`^Set region from amount\\(sum\\) at ${r}$`)), 'EU', 'US', 'Enter');
});

test('scatter chart: a point click and Enter on a focused point', async () => {
  await showMode('Scatter Chart');
  await clickAndKey(mark((r) => new RegExp(`^Set region from amount at ${r}, `)), 'APAC', 'EU', 'Enter');
});

test('the link is saved with the paragraph and works after a reload', async () => {
  await page.reload();
  await open();
  await para(1).getByRole('button', { name: /^Set region from amount at US, / }).first().click();
  await waitChosen('US');
  const link = para(1).getByRole('group', { name: 'Link clicks to a form' });
  if (!(await link.isVisible())) await para(1).getByRole('button', { name: 'settings', exact: true }).click();
  expect(await link.getByRole('combobox', { name: 'Linked note form' }).inputValue()).toBe('region');
});
