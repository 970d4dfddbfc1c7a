/**
 * A note on the 1-minute preset runs on schedule: its result changes in the page and the run appears in the cron
 * panel's history; the job manager shows it as a scheduled note. The server's cron clock runs 30 times faster
 * (a test-only option of startServer), so "every minute" is every 2 seconds here.
 */
import { scaledClock } from '../server/cron/clock';
import { launch, type Browser } from './support/browser';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({}, { cronClock: scaledClock(30) });
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

test('the 1m preset schedules the note; a run updates the result and the history', async () => {
  const { page } = browser;
  const created = await fetch(`${server.url}api/notebook`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ notePath: '/cron/Ticker', paragraphs: [{ title: 'tick', text: '%sh\necho "tick $(date +%s%N)"' }] }),
  });
  const noteId = ((await created.json()) as { body: string }).body;
  await page.goto(`${server.url}#/notebook/${noteId}`);
  await page.getByRole('toolbar', { name: 'Note toolbar' }).waitFor();
  await page.getByRole('button', { name: 'Run scheduler' }).click();
  const panel = page.getByRole('region', { name: 'Run scheduler' });
  const presets = panel.getByRole('group', { name: 'Presets' });
  expect(await presets.getByRole('button').allTextContents()).toEqual(['None', '1m', '5m', '1h', '3h', '6h', '12h', '1d']);
  await presets.getByRole('button', { name: '1m' }).click();
  await waitForValue(panel.getByRole('textbox', { name: 'Cron expression' }), '0 0/1 * * * ?');

  // the scheduled run fills the paragraph's result, and the next run replaces it
  const result = page.locator('.paragraph').filter({ hasText: 'tick' }).getByText(/^tick \d+/);
  await result.first().waitFor({ timeout: 30_000 });
  const first = await result.first().textContent();
  await page.waitForFunction((before) => Array.from(document.querySelectorAll('.paragraph')).some((p) => {
    const m = /tick \d+/.exec(p.textContent ?? '');
    return m !== null && !(p.textContent ?? '').includes(before ?? '');
  }), first, { timeout: 30_000 });

  // the history shows the runs with their outcome, and the next firing
  const history = panel.getByRole('table', { name: 'Run history' });
  await history.getByRole('cell', { name: 'SUCCESS', exact: true }).first().waitFor({ timeout: 30_000 });
  await panel.getByText(/^Next run:/).waitFor();

  // back to None: no more runs are scheduled
  await presets.getByRole('button', { name: 'None' }).click();
  await waitForValue(panel.getByRole('textbox', { name: 'Cron expression' }), '');

  // the job manager lists it as a scheduled note
  await presets.getByRole('button', { name: '1m' }).click();
  await waitForValue(panel.getByRole('textbox', { name: 'Cron expression' }), '0 0/1 * * * ?');
  await page.goto(`${server.url}#/jobmanager`);
  const job = page.getByRole('listitem', { name: 'cron/Ticker' });
  await job.getByRole('img', { name: 'Scheduled note (cron)' }).waitFor({ timeout: 10_000 });
});

async function waitForValue(input: import('playwright-core').Locator, value: string): Promise<void> {
  await input.page().waitForFunction(([el, v]) => (el as HTMLInputElement).value === v, [await input.elementHandle(), value] as const);
}
