/**
 * `%angular` as in Zeppelin, in Chromium: the paragraph's text is compiled by the real AngularJS (1.8, inside the
 * note's sandboxed result document), with the examples of Zeppelin's display-system docs, and a dashboard whose
 * rows are bound from the Python backend and whose input goes back to it.
 */
import type { Page } from 'playwright-core';
import { restBody } from './support/rest';
import { serverAndBrowser } from './support/session';
import { waitUntil } from './support/wait';
import { pythonExecutable, TEST_PYTHON, testWithPython } from '../test/support/python';

const env = serverAndBrowser();
const rest = <T>(method: string, p: string, body?: unknown): Promise<T> => restBody<T>(env.server.url, method, p, body);

interface RestNote { paragraphs: { id: string; text?: string; config?: { editorHide?: boolean }; results?: { msg: { type: string; data: string }[] } }[] }

async function note(name: string, texts: string[], run = true): Promise<{ noteId: string; pids: string[] }> {
  const noteId = await rest<string>('POST', '/api/notebook', { notePath: `/angular e2e/${name} ${Date.now()}`, paragraphs: texts.map((text) => ({ text })) });
  const got = await rest<RestNote>('GET', `/api/notebook/${noteId}`);
  const pids = got.paragraphs.slice(0, texts.length).map((p) => p.id);
  if (run) for (const pid of pids) expect((await rest<{ code: string }>('POST', `/api/notebook/run/${noteId}/${pid}`)).code).toBe('SUCCESS');
  return { noteId, pids };
}

const resultOf = (page: Page, pid: string) => page.frameLocator('iframe.note-result-frame').locator(`.zeppelin-result[data-paragraph-id="${pid}"]`);

test('%angular runs the real AngularJS: ng-repeat, filters, ng-if, ng-class, ng-options, ng-model', async () => {
  const { page } = env.browser;
  const template = [
    '%angular',
    '<ul><li ng-repeat="x in [1,2,3]">item{{x}}</li></ul>',
    '<p id="pi">{{ 3.14159 | number:2 }}</p>',
    '<p id="upper">{{ "zeppelin" | uppercase }}</p>',
    '<p ng-init="items = [{n: \'b\', v: 2}, {n: \'a\', v: 1}]"><span class="sorted" ng-repeat="i in items | orderBy:\'n\'">{{i.n}}</span></p>',
    '<p ng-if="false">hidden by ng-if</p><p ng-if="true">shown by ng-if</p>',
    '<p id="cls" ng-class="{active: 1 + 1 === 2, inactive: false}">classed</p>',
    '<select id="pick" ng-model="choice" ng-options="c.id as c.label for c in [{id: 1, label: \'One\'}, {id: 2, label: \'Two\'}]"></select>',
    '<p id="picked">picked {{choice || "nothing"}}</p>',
  ].join('\n');
  const { noteId, pids } = await note('docs', [template]);
  await page.goto(`${env.server.url}#/notebook/${noteId}`);
  const r = resultOf(page, pids[0]);
  await waitUntil(() => r.locator('li').allTextContents(), (t) => t.join(',') === 'item1,item2,item3');
  expect(await r.locator('#pi').textContent()).toBe('3.14');
  expect(await r.locator('#upper').textContent()).toBe('ZEPPELIN');
  expect(await r.locator('.sorted').allTextContents()).toEqual(['a', 'b']);
  expect(await r.getByText('hidden by ng-if').count()).toBe(0);
  await r.getByText('shown by ng-if').waitFor();
  expect(await r.locator('#cls').getAttribute('class')).toContain('active');
  expect(await r.locator('#cls').getAttribute('class')).not.toContain('inactive');
  expect(await r.locator('#pick option').allTextContents()).toEqual(['', 'One', 'Two']);
  await r.locator('#pick').selectOption({ label: 'Two' });
  await r.getByText('picked 2').waitFor();
  // The paragraph's editor hides when it runs (editOnDblClick), as for %md.
  const stored = await rest<RestNote>('GET', `/api/notebook/${noteId}`);
  expect(stored.paragraphs[0].results?.msg[0].type).toBe('ANGULAR');
});

test('%ng is the same interpreter, and running it in the page hides its editor', async () => {
  const { page } = env.browser;
  const { noteId, pids } = await note('ng', ['%ng\n<b id="ng">{{ [1, 2, 3].length }} values</b>'], false);
  await page.goto(`${env.server.url}#/notebook/${noteId}`);
  await page.locator(`#paragraph_${pids[0]}`).getByRole('button', { name: 'Run paragraph' }).click();
  await resultOf(page, pids[0]).getByText('3 values').waitFor({ timeout: 30_000 });
  await waitUntil(async () => (await rest<RestNote>('GET', `/api/notebook/${noteId}`)).paragraphs[0].config?.editorHide, (h) => h === true);
});

test("the docs' front-end API: z.angularBind from one paragraph's ng-click reaches another paragraph, z.runParagraph runs it", async () => {
  const { page } = env.browser;
  const { noteId, pids } = await note('frontend api', ['%angular\n<p>placeholder</p>', '%angular\n<p id="hero">Hero: {{superhero}}</p>'], false);
  const form = [
    '%angular',
    '<form class="form-inline"><input type="text" id="superheroId" ng-model="superhero">',
    `<button type="button" ng-click="z.angularBind('superhero', superhero, '${pids[1]}')">Bind</button>`,
    `<button type="button" ng-click="z.runParagraph('${pids[1]}')">Run</button></form>`,
  ].join('\n');
  const got = await rest<RestNote>('GET', `/api/notebook/${noteId}`);
  expect(got.paragraphs[0].id).toBe(pids[0]);
  await rest('PUT', `/api/notebook/${noteId}/paragraph/${pids[0]}`, { text: form });
  for (const pid of pids) expect((await rest<{ code: string }>('POST', `/api/notebook/run/${noteId}/${pid}`)).code).toBe('SUCCESS');
  await page.goto(`${env.server.url}#/notebook/${noteId}`);
  // Typed before Angular has compiled the result, the text would be overwritten by the empty model when ng-model
  // links (as in any AngularJS page): wait for the classes ng-model puts on its input.
  const input = resultOf(page, pids[0]).locator('#superheroId.ng-pristine');
  await input.waitFor();
  await input.fill('Batman');
  await resultOf(page, pids[0]).getByRole('button', { name: 'Bind' }).click();
  await resultOf(page, pids[1]).getByText('Hero: Batman').waitFor();
  await resultOf(page, pids[0]).getByRole('button', { name: 'Run' }).click();
  await page.locator(`#paragraph_${pids[1]}`).getByRole('img', { name: 'Status FINISHED' }).waitFor();
  await resultOf(page, pids[1]).getByText('Hero: Batman').waitFor();
});

const PYTHON = pythonExecutable() ?? TEST_PYTHON;

testWithPython()('a dashboard repeats rows bound from the backend, follows their updates, and sends its input back', async () => {
  const { page } = env.browser;
  const setting = await rest<{ properties: Record<string, { value: unknown }> }>('GET', '/api/interpreter/setting/python');
  setting.properties['zeppelin.python'].value = PYTHON;
  await rest('PUT', '/api/interpreter/setting/python', setting);
  const dashboard = [
    '%angular',
    '<input id="threshold" ng-model="threshold">',
    '<table><tr class="row" ng-repeat="r in rows | filter:{ok: true} | orderBy:\'-n\'" ng-class="{big: r.n > threshold}">',
    '<td>{{r.name}}</td><td>{{r.n | number:1}}</td></tr></table>',
  ].join('\n');
  const { noteId, pids } = await note('dashboard', [
    '%python\nz.angularBind("threshold", 5)\nz.angularBind("rows", [{"name": "a", "n": 3, "ok": True}, {"name": "b", "n": 9, "ok": True}, {"name": "c", "n": 7, "ok": False}])',
    dashboard,
    '%python\nz.angularBind("rows", [{"name": "d", "n": 12, "ok": True}] + z.angular("rows"))',
    '%python\nprint("threshold is", z.angular("threshold"))',
  ], false);
  for (const pid of pids.slice(0, 2)) expect((await rest<{ code: string }>('POST', `/api/notebook/run/${noteId}/${pid}`)).code).toBe('SUCCESS');
  await page.goto(`${env.server.url}#/notebook/${noteId}`);
  const r = resultOf(page, pids[1]);
  const rows = () => r.locator('tr.row').evaluateAll((trs) => trs.map((tr) => `${tr.textContent?.trim()}${tr.classList.contains('big') ? '!' : ''}`));
  // The note's result frame is made after its paragraphs are drawn, and the last note's goes with it: a read that
  // reaches a frame being replaced fails ("Execution context was destroyed") instead of retrying, so the polling
  // reads start once this paragraph's rows are in the new frame (a locator's wait retries across frames).
  await r.locator('tr.row').first().waitFor();
  await waitUntil(rows, (t) => t.join('|') === 'b9.0!|a3.0');
  // The backend changes the rows: the page follows without a reload.
  expect((await rest<{ code: string }>('POST', `/api/notebook/run/${noteId}/${pids[2]}`)).code).toBe('SUCCESS');
  await waitUntil(rows, (t) => t.join('|') === 'd12.0!|b9.0!|a3.0');
  // The user's input goes back to the backend (ng-model on a bound object).
  await r.locator('#threshold').fill('10');
  await waitUntil(rows, (t) => t.join('|') === 'd12.0!|b9.0|a3.0');
  await waitUntil(async () => {
    const out = await rest<{ msg: { data: string }[] }>('POST', `/api/notebook/run/${noteId}/${pids[3]}`);
    return out.msg.map((m) => m.data).join('');
  }, (t) => t.trim() === 'threshold is 10');
});
