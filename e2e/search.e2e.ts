/** Search from the navbar: hits with highlighted matches, a paragraph hit opens the note at that paragraph with the term. */
import { serverAndBrowser } from './support/session';

const env = serverAndBrowser();

test('search, see highlighted hits, follow a paragraph hit to the note with paragraph and term', async () => {
  const { page } = env.browser;
  await page.goto(env.server.url);
  await page.getByRole('status', { name: 'WebSocket Connected' }).waitFor();
  await page.getByRole('searchbox', { name: 'Search your notes' }).fill('matplotlib');
  await page.getByRole('searchbox', { name: 'Search your notes' }).press('Enter');
  await page.waitForURL(/#\/search\/matplotlib$/);
  const results = page.getByRole('list', { name: 'Search results' });
  await results.waitFor();
  expect(await results.locator('mark').first().textContent()).toMatch(/^matplotlib$/i);
  const paragraphHit = results.getByRole('link').filter({ has: page.locator('xpath=self::a[contains(@href, "paragraph=")]') }).first();
  const href = await paragraphHit.getAttribute('href');
  expect(href).toMatch(/^#\/notebook\/2C2AUG798\?paragraph=[0-9_-]+&term=matplotlib$/);
  await paragraphHit.click();
  await page.waitForURL((u) => u.hash === href);
  await page.getByRole('heading', { level: 1, name: '4. Matplotlib (Python, PySpark)' }).waitFor();
  // The note page takes the term: find opens with it and counts the matches, and the hit paragraph is shown.
  const find = page.getByRole('search', { name: 'Find and replace' });
  await find.waitFor();
  expect(await find.getByLabel('Find', { exact: true }).inputValue()).toBe('matplotlib');
  await find.getByRole('status').filter({ hasText: /^\d+ of \d+$/ }).waitFor();
  const pid = new URLSearchParams((href ?? '').split('?')[1]).get('paragraph');
  await page.locator(`#paragraph_${pid}`).waitFor();
  expect(await page.locator(`#paragraph_${pid}`).isVisible()).toBe(true);
});

test('a term with no hits says so', async () => {
  const { page } = env.browser;
  await page.goto(`${env.server.url}#/search/zzqqxx`);
  await page.getByText("We couldn't find any notebook matching 'zzqqxx'.").waitFor();
});
