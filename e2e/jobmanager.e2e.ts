/**
 * The job manager against the embedded server: it subscribes while shown and unsubscribes on leave, lists the
 * notes with their paragraphs, filters, and shows a running note live and stops it.
 */
import { serverAndBrowser } from './support/session';
import { waitUntil } from './support/wait';

const env = serverAndBrowser();

test('lists the notes, filters by name, subscribes only while shown', async () => {
  const { page } = env.browser;
  const sent: string[] = [];
  page.on('websocket', (ws) => ws.on('framesent', (f) => sent.push(JSON.parse(String(f.payload)).op)));
  await page.goto(env.server.url);
  await page.getByRole('status', { name: 'WebSocket Connected' }).waitFor();
  await page.getByRole('link', { name: 'Job', exact: true }).click();
  await page.waitForURL(/#\/jobmanager$/);
  const jobs = page.getByRole('list', { name: 'Jobs' });
  await jobs.waitFor();
  expect((await jobs.getByRole('listitem').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).sort()).toEqual([
    'Getting Started/Welcome', 'Zeppelin Tutorial/1. IPython Basic', 'Zeppelin Tutorial/2. Spark Basic Features', 'Zeppelin Tutorial/4. Matplotlib (Python, PySpark)',
  ]);
  const ipython = jobs.getByRole('listitem', { name: 'Zeppelin Tutorial/1. IPython Basic' });
  expect(await ipython.getByText('READY', { exact: true }).count()).toBe(1);
  expect(await ipython.locator('.job-dot').count()).toBeGreaterThan(5);
  expect(await ipython.locator('.job-dot').first().getAttribute('href')).toMatch(/^#\/notebook\/2EYDJKFFY\/paragraph\//);
  await page.getByRole('searchbox', { name: 'Search jobs by note name' }).fill('ipython');
  await waitUntil(() => jobs.getByRole('listitem').count(), (n) => n === 1);
  expect(sent.filter((o) => o.endsWith('NOTE_JOBS'))).toEqual(['LIST_NOTE_JOBS']);
  await page.getByRole('link', { name: 'Zeppelin', exact: true }).click();
  await waitUntil(() => sent.filter((o) => o.endsWith('NOTE_JOBS')), (o) => o.length === 2);
  expect(sent.filter((o) => o.endsWith('NOTE_JOBS'))).toEqual(['LIST_NOTE_JOBS', 'UNSUBSCRIBE_UPDATE_NOTE_JOBS']);
});

test('run all: the running paragraph shows live, and stop all aborts it', async () => {
  const { page } = env.browser;
  const created = await fetch(`${env.server.url}api/notebook`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ notePath: '/jobs/Sleeper', paragraphs: [{ title: 'nap', text: '%sh\nsleep 30' }] }),
  });
  expect(created.status).toBe(200);
  await page.goto(`${env.server.url}#/jobmanager`);
  await page.reload();
  const job = page.getByRole('listitem', { name: 'jobs/Sleeper' });
  await job.getByRole('button', { name: 'Run all paragraphs' }).click();
  await page.getByRole('dialog', { name: 'Run all paragraphs?' }).getByRole('button', { name: 'Run', exact: true }).click();
  await job.getByRole('link', { name: 'nap is RUNNING' }).waitFor({ timeout: 30_000 });
  await job.getByText('RUNNING', { exact: true }).waitFor();
  await job.getByRole('button', { name: 'Stop all paragraphs' }).click();
  await page.getByRole('dialog', { name: 'Stop all paragraphs?' }).getByRole('button', { name: 'Stop', exact: true }).click();
  await job.getByRole('link', { name: 'nap is ABORT' }).waitFor({ timeout: 30_000 });
  await job.getByRole('button', { name: 'Run all paragraphs' }).waitFor();
});
