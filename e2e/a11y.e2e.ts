/**
 * axe-core (from npm, injected into the page) over every route in both themes at 1280 px: no serious or critical
 * violation anywhere, including a note with text, table and chart results.
 */
import fs from 'fs';
import type { Page } from 'playwright-core';
import { restBody } from './support/rest';
import { serverAndBrowser } from './support/session';
import { waitUntil } from './support/wait';

const env = serverAndBrowser();
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface Violation { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }

/** Runs axe in the page (evaluated, so a Content-Security-Policy does not stop it) and keeps the serious ones. */
async function seriousViolations(page: Page): Promise<{ id: string; help: string; targets: string[] }[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: unknown[] }> } }).axe;
    // Results' HTML lives in sandboxed frames with opaque origins, which the app does not style.
    const r = await axe.run({ exclude: [['iframe.note-result-frame']] }, { resultTypes: ['violations'], iframes: false });
    return r.violations;
  }) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.slice(0, 5).map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`) }));
}

let noteId = '';
beforeAll(async () => {
  noteId = await restBody<string>(env.server.url, 'POST', '/api/notebook', {
    name: '/a11y/results',
    paragraphs: [
      { text: '%md\n# Results\nSome *markdown*.' },
      { text: "%sh\nprintf '\\033[32mgreen\\033[0m \\033[31mred\\033[0m \\033[33myellow\\033[0m \\033[34mblue\\033[0m\\n'" },
      { text: "%sql\nselect 'k' || i as k, i as v from range(6) t(i)" },
      { text: "%sql\nselect 'k' || i as k, i as v from range(6) t(i)", config: { results: { 0: { graph: { mode: 'multiBarChart' } } } } },
      { text: "%sql\nselect 'k' || i as k, i as v from range(6) t(i)", config: { results: { 0: { graph: { mode: 'pieChart' } } } } },
      { text: '%sh\nexit 2' },
    ],
  });
  await restBody(env.server.url, 'POST', `/api/notebook/job/${noteId}?blocking=false`);
  await waitUntil(() => restBody<{ info?: { isRunning?: boolean } }>(env.server.url, 'GET', `/api/notebook/${noteId}`), (n) => n.info?.isRunning === false, 60_000);
}, 90_000);

/** The route's own first-level heading: the page is that route's, not still the one before it. */
const h1 = (p: Page, name: string) => p.getByRole('heading', { level: 1, name, exact: true }).waitFor();

const ROUTES = (): [string, (page: Page) => Promise<void>][] => [
  ['/', async (p) => {
    await h1(p, 'Welcome to Zeppelin!');
    await p.getByRole('link', { name: '1. IPython Basic' }).waitFor();
  }],
  // A chart is drawn once on screen (src/results/charts/ChartFrame.tsx): the first one is scrolled to.
  [`/notebook/${noteId}`, async (p) => {
    await h1(p, 'results');
    const chart = p.locator('.result-chart-canvas').first();
    await chart.waitFor({ timeout: 30_000 });
    await chart.scrollIntoViewIfNeeded();
    await chart.locator('.recharts-surface').first().waitFor({ timeout: 30_000 });
  }],
  ['/notebook/2EYDJKFFY', async (p) => {
    await h1(p, '1. IPython Basic');
    await p.locator('section[id^="paragraph_"] .paragraph-results').first().waitFor({ timeout: 30_000 });
  }],
  ['/jobmanager', async (p) => {
    await h1(p, 'Job');
    await p.getByRole('listitem').first().waitFor();
  }],
  ['/search/python', (p) => h1(p, "Search results for 'python'")],
  ['/interpreter', async (p) => {
    await h1(p, 'Interpreters');
    await p.getByRole('region', { name: 'python', exact: true }).waitFor();
  }],
  ['/notebookRepos', (p) => h1(p, 'Notebook Repository')],
  ['/credential', (p) => h1(p, 'Credentials')],
  ['/helium', (p) => h1(p, 'Helium Packages')],
  ['/configuration', async (p) => {
    await h1(p, 'Configurations');
    await p.getByRole('table').first().waitFor();
  }],
  ['/cluster', (p) => h1(p, 'Cluster')],
  ['/replay', async (p) => {
    await h1(p, 'Replay an action log');
    await p.getByRole('button', { name: 'Load action log' }).or(p.getByLabel('Load action log')).first().waitFor();
  }],
];

for (const theme of ['light', 'dark'] as const) {
  test(`18. no serious or critical axe-core violation on any route, ${theme} theme`, async () => {
    const { page } = env.browser;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${env.server.url}#/`);
    await page.getByRole('status', { name: 'WebSocket Connected' }).waitFor();
    await page.getByRole('combobox', { name: 'Theme' }).selectOption(theme);
    const found: Record<string, unknown> = {};
    // Route to route within the app, as a user goes: a fresh load of the app per route cost the file half its CPU.
    for (const [route, ready] of ROUTES()) {
      await page.evaluate((r) => { location.hash = r; }, route);
      await ready(page);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      const v = await seriousViolations(page);
      if (v.length > 0) found[route] = v;
    }
    expect(found).toEqual({});
  }, 240_000);
}
