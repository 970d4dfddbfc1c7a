/** @jest-environment node */
/** The admin pages' sagas against a real store and a scripted REST client. */
import { HttpError } from '../../sagas/restClient';
import { route } from '../../slices/route';
import { adminCredentials, credentialAddSubmitted, credentialUpdateSubmitted, CREDENTIAL_TEXT } from '../../slices/adminCredentials';
import { adminNotebookRepos, REPO_SAVE_FAILED } from '../../slices/adminNotebookRepos';
import { adminHelium, selectHeliumView, type HeliumResult } from '../../slices/adminHelium';
import { NO_PERMISSION_TEXT } from '../../slices/adminAccess';
import { makeTestStore, type TestStoreOptions } from '../support/testStore';

const httpError = (status: number, body: unknown = null) => new HttpError(status, 'GET', '/x', `HTTP ${status}`, body, null);

async function started(opts: TestStoreOptions = {}) {
  const t = makeTestStore(opts);
  await t.clock.advance(0);
  const toasts = () => t.store.getState().ui.toasts.map((x) => x.text);
  return { ...t, toasts };
}

describe('credentials', () => {
  test('the page loads on its route; passwords from the server never reach the store', async () => {
    const t = await started({ rest: { 'GET /credential': { userCredentials: { 'jdbc.pg': { username: 'ann', password: 'clear-secret' } } } } });
    t.store.dispatch(route.changed('/credential'));
    await t.clock.advance(0);
    expect(t.store.getState().adminCredentials.items).toEqual([{ entity: 'jdbc.pg', username: 'ann' }]);
    expect(JSON.stringify(t.store.getState())).not.toContain('clear-secret');
    expect(JSON.stringify(t.log.entries())).not.toContain('clear-secret');
    t.task?.cancel();
  });

  test('add: blank entity or user is refused locally; success toasts and reloads; the password is sent but never logged', async () => {
    const t = await started({ rest: { 'GET /credential': { userCredentials: {} }, 'PUT /credential': { status: 'OK' } } });
    t.store.dispatch(adminCredentials.addToggled());
    t.store.dispatch(credentialAddSubmitted(' ', 'u', 'p'));
    await t.clock.advance(0);
    expect(t.toasts()).toEqual([CREDENTIAL_TEXT.addEmpty]);
    expect(t.rest.calls.filter((c) => c.method === 'PUT')).toEqual([]);
    t.store.dispatch(credentialAddSubmitted('jdbc.pg', 'ann', 'typed-secret'));
    await t.clock.advance(0);
    expect(t.rest.calls.filter((c) => c.method === 'PUT')).toEqual([{ method: 'PUT', path: '/credential', body: { entity: 'jdbc.pg', username: 'ann', password: 'typed-secret' } }]);
    expect(t.toasts()).toContain(CREDENTIAL_TEXT.saved);
    expect(t.store.getState().adminCredentials.addOpen).toBe(false);
    expect(t.rest.calls.filter((c) => c.path === '/credential' && c.method === 'GET')).toHaveLength(1);
    expect(JSON.stringify(t.log.entries())).not.toContain('typed-secret');
    t.task?.cancel();
  });

  test('update needs user and password; failures show the spec texts; delete failure shows the server message', async () => {
    const t = await started({
      rest: {
        'PUT /credential': httpError(500),
        'PUT /credential/': httpError(500),
        'DELETE /credential/jdbc.pg': httpError(404, { status: 'NOT_FOUND', message: 'No credential for jdbc.pg' }),
      },
    });
    t.store.dispatch(credentialUpdateSubmitted('jdbc.pg', 'ann', ''));
    t.store.dispatch(credentialUpdateSubmitted('jdbc.pg', 'ann', 'pw'));
    t.store.dispatch(credentialAddSubmitted('jdbc.pg', 'ann', 'pw'));
    t.store.dispatch(adminCredentials.deleteConfirmed('jdbc.pg'));
    await t.clock.advance(0);
    expect(t.toasts()).toEqual([CREDENTIAL_TEXT.updateEmpty, CREDENTIAL_TEXT.updateFailed, CREDENTIAL_TEXT.addFailed, 'No credential for jdbc.pg']);
    t.task?.cancel();
  });

  test('a 401 shows the permission toast and returns to the base page after 3 s, only if still there', async () => {
    const t = await started({ rest: { 'GET /credential': httpError(401), 'GET /configurations/all': httpError(401) } });
    t.store.dispatch(route.changed('/credential'));
    await t.clock.advance(0);
    expect(t.toasts()).toEqual([NO_PERMISSION_TEXT]);
    await t.clock.advance(2999);
    expect(t.navigations).toEqual([]);
    await t.clock.advance(1);
    expect(t.navigations).toEqual(['/']);
    t.store.dispatch(route.changed('/configuration'));
    await t.clock.advance(0);
    t.store.dispatch(route.changed('/helium'));
    await t.clock.advance(3000);
    expect(t.navigations).toEqual(['/']);
    t.task?.cancel();
  });
});

describe('configurations, notebook repos, cluster', () => {
  test('each page loads when shown', async () => {
    const t = await started({
      rest: {
        'GET /configurations/all': { 'zeppelin.b': '2', 'zeppelin.a': '1' },
        'GET /notebook-repositories': [{ name: 'R', className: 'c.R', settings: [] }],
        'GET /cluster/nodes': [{ node: { NODE_NAME: 'n1', STATUS: 1 }, properties: {} }],
        'GET /cluster/node/n%201/*': [{ node: { NODE_NAME: 'n 1', INTP_PROCESS_NAME: 'sh-shared_process', STATUS: 0 }, properties: {} }],
      },
    });
    for (const path of ['/configuration', '/notebookRepos', '/cluster', '/cluster/n%201/*']) {
      t.store.dispatch(route.changed(path));
      await t.clock.advance(0);
    }
    const s = t.store.getState();
    expect(s.adminConfigurations.entries).toEqual([['zeppelin.a', '1'], ['zeppelin.b', '2']]);
    expect(s.adminNotebookRepos.repos.map((r) => r.name)).toEqual(['R']);
    expect(s.adminCluster.nodes).toHaveLength(1);
    expect(s.adminCluster.detail.map((d) => d.node.INTP_PROCESS_NAME)).toEqual(['sh-shared_process']);
    t.task?.cancel();
  });

  test('a repo save failure shows the spec message and keeps the editor open', async () => {
    const saved = { name: 'R', className: 'c.R', settings: [{ type: 'INPUT', name: 'Notebook Path', selected: '/new', value: [] }] };
    let fail = true;
    const t = await started({ rest: { 'PUT /notebook-repositories': () => (fail ? httpError(406, { error: 'bad' }) : saved) } });
    t.store.dispatch(adminNotebookRepos.loaded([{ ...saved, settings: [{ ...saved.settings[0], type: 'INPUT', selected: '/old' }] }]));
    t.store.dispatch(adminNotebookRepos.editStarted('c.R'));
    t.store.dispatch(adminNotebookRepos.saveSubmitted({ className: 'c.R', settings: { 'Notebook Path': '/new' } }));
    await t.clock.advance(0);
    expect(t.toasts()).toEqual([REPO_SAVE_FAILED]);
    expect(t.store.getState().adminNotebookRepos.editing).toBe('c.R');
    fail = false;
    t.store.dispatch(adminNotebookRepos.saveSubmitted({ className: 'c.R', settings: { 'Notebook Path': '/new' } }));
    await t.clock.advance(0);
    expect(t.store.getState().adminNotebookRepos.editing).toBeNull();
    expect(t.store.getState().adminNotebookRepos.repos[0].settings[0].selected).toBe('/new');
    expect(t.rest.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { name: 'c.R', settings: { 'Notebook Path': '/new' } }, { name: 'c.R', settings: { 'Notebook Path': '/new' } }]);
    t.task?.cancel();
  });
});

const vis = (name: string, enabled: boolean, published?: string): HeliumResult => ({
  registry: 'local', enabled, pkg: { type: 'VISUALIZATION', name, artifact: `${name}@1.0.0`, published, config: {} },
});

describe('helium', () => {
  test('enable after confirmation: the call, a reload, and the bundle loaded into the page', async () => {
    let enabled = false;
    const t = await started({
      rest: {
        'GET /helium/package': () => ({ heat: [vis('heat', enabled, '2026-01-01T00:00:00Z')] }),
        'GET /helium/order/visualization': [],
        'POST /helium/enable/heat': () => { enabled = true; return { status: 'OK' }; },
        'GET /helium/bundle/load/heat': 'window._heliumBundles.push({})',
      },
    });
    const loaded: string[] = [];
    t.deps.loadBundle = async (name, url) => { loaded.push(`${name} ${url}`); return [name]; };
    t.store.dispatch(route.changed('/helium'));
    await t.clock.advance(0);
    t.store.dispatch(adminHelium.enableRequested({ name: 'heat', artifact: 'heat@1.0.0' }));
    expect(t.store.getState().adminHelium.confirm).toEqual({ action: 'enable', name: 'heat', artifact: 'heat@1.0.0' });
    expect(t.rest.calls.some((c) => c.method === 'POST')).toBe(false);
    t.store.dispatch(adminHelium.confirmAccepted({ action: 'enable', name: 'heat', artifact: 'heat@1.0.0' }));
    await t.clock.advance(0);
    expect(t.rest.calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', path: '/helium/enable/heat', body: 'heat@1.0.0' });
    expect(loaded).toEqual(['heat /api/helium/bundle/load/heat']);
    const s = t.store.getState().adminHelium;
    expect(s.loadedBundles).toEqual(['heat']);
    expect(s.order).toEqual(['heat']);
    expect(s.busy).toBeNull();
    t.task?.cancel();
  });

  test('enable / disable / order failures open the spec dialogs with the server message', async () => {
    const t = await started({
      rest: {
        'POST /helium/enable/heat': httpError(404, { status: 'NOT_FOUND', message: 'Package heat not found' }),
        'POST /helium/disable/heat': httpError(500, null),
        'POST /helium/order/visualization': httpError(400, { message: 'Expected a list' }),
      },
    });
    t.store.dispatch(adminHelium.confirmAccepted({ action: 'enable', name: 'heat', artifact: 'heat@1' }));
    await t.clock.advance(0);
    expect(t.store.getState().adminHelium.error).toEqual({ title: 'Error on enabling heat', message: 'Package heat not found' });
    t.store.dispatch(adminHelium.confirmAccepted({ action: 'disable', name: 'heat', artifact: 'heat@1' }));
    await t.clock.advance(0);
    expect(t.store.getState().adminHelium.error?.title).toBe('Error on disabling heat');
    t.store.dispatch(adminHelium.orderSaveSubmitted());
    await t.clock.advance(0);
    expect(t.store.getState().adminHelium.error).toEqual({ title: 'Error on saving order', message: 'Expected a list' });
    t.task?.cancel();
  });

  test('config panel: opening (fetch) → open; save converts number/json/string and closes', async () => {
    const t = await started({
      rest: {
        'GET /helium/config/heat/heat%401.0.0': { confSpec: { n: { type: 'number' }, j: { type: 'json' }, s: { type: 'string' } }, confPersisted: { n: 1 } },
        'POST /helium/config/heat/heat%401.0.0': (b: unknown) => b,
      },
    });
    t.store.dispatch(adminHelium.configOpened({ name: 'heat', artifact: 'heat@1.0.0' }));
    expect(t.store.getState().adminHelium.configs.heat.state).toBe('opening');
    await t.clock.advance(0);
    expect(t.store.getState().adminHelium.configs.heat).toEqual(expect.objectContaining({ state: 'open', persisted: { n: 1 } }));
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    t.store.dispatch(adminHelium.configSaveSubmitted({ name: 'heat', artifact: 'heat@1.0.0', values: { n: '2.5', j: '{bad', s: '7' } }));
    await t.clock.advance(0);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('j is not a valid value'));
    errors.mockRestore();
    expect(t.store.getState().adminHelium.configs.heat.state).toBe('open');
    t.store.dispatch(adminHelium.configSaveSubmitted({ name: 'heat', artifact: 'heat@1.0.0', values: { n: '2.5', j: '{"a":[1]}', s: '7' } }));
    await t.clock.advance(0);
    expect(t.rest.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ n: 2.5, j: { a: [1] }, s: '7' }]);
    expect(t.store.getState().adminHelium.configs.heat).toBeUndefined();
    t.task?.cancel();
  });

  test('reorder marks the list changed; Save posts the order and clears the flag', async () => {
    const t = await started({ rest: { 'POST /helium/order/visualization': { status: 'OK' } } });
    t.store.dispatch(adminHelium.loaded({ a: [vis('a', true)], b: [vis('b', true)], c: [vis('c', false)] }, ['b', 'zz'], 0));
    expect(t.store.getState().adminHelium.order).toEqual(['b', 'a']);
    t.store.dispatch(adminHelium.orderMoved({ from: 1, to: 0 }));
    expect(t.store.getState().adminHelium).toEqual(expect.objectContaining({ order: ['a', 'b'], orderChanged: true }));
    t.store.dispatch(adminHelium.orderSaveSubmitted());
    await t.clock.advance(0);
    expect(t.rest.calls.find((c) => c.method === 'POST')?.body).toEqual(['a', 'b']);
    expect(t.store.getState().adminHelium.orderChanged).toBe(false);
    t.task?.cancel();
  });

  test('a bundle that cannot be built is shown next to its package', async () => {
    const t = await started({
      rest: {
        'GET /helium/package': () => ({ heat: [vis('heat', true, '2026-01-01T00:00:00Z')] }),
        'GET /helium/order/visualization': [],
        'POST /helium/enable/heat': { status: 'OK' },
        'GET /helium/bundle/load/heat': 'ERROR: Could not resolve "highcharts"',
      },
    });
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    t.store.dispatch(adminHelium.confirmAccepted({ action: 'enable', name: 'heat', artifact: 'heat@1.0.0' }));
    await t.clock.advance(0);
    expect(t.store.getState().adminHelium.bundleErrors).toEqual({ heat: 'Could not resolve "highcharts"' });
    errors.mockRestore();
    t.task?.cancel();
  });
});

describe('helium view', () => {
  test('type filter (default VISUALIZATION), newest first with a missing date as now, 10 per page, 5 links', () => {
    const t = makeTestStore();
    const pkgs: Record<string, HeliumResult[]> = {};
    for (let i = 0; i < 63; i++) pkgs[`v${i}`] = [vis(`v${i}`, false, new Date(Date.UTC(2020, 0, 1 + i)).toISOString())];
    pkgs.undated = [vis('undated', false)];
    pkgs.spell = [{ enabled: false, pkg: { type: 'SPELL', name: 'spell', artifact: 'spell@1' } }];
    pkgs.multi = [vis('multi', false, '2019-01-01T00:00:00Z'), { ...vis('multi', true, '2018-01-01T00:00:00Z'), pkg: { ...vis('multi', true).pkg, artifact: 'multi@0.9', published: '2018-01-01T00:00:00Z' } }];
    t.store.dispatch(adminHelium.loaded(pkgs, [], Date.UTC(2030, 0, 1)));
    let v = selectHeliumView(t.store.getState());
    expect(v.total).toBe(65);
    expect(v.rows.map((r) => r.name).slice(0, 3)).toEqual(['undated', 'v62', 'v61']);
    expect(v.rows).toHaveLength(10);
    expect(v.links).toEqual([1, 2, 3, 4, 5]);
    t.store.dispatch(adminHelium.pageChosen(7));
    v = selectHeliumView(t.store.getState());
    expect(v.links).toEqual([3, 4, 5, 6, 7]);
    expect(v.rows.map((r) => r.name)).toEqual(['v3', 'v2', 'v1', 'v0', 'multi']);
    expect(v.rows.find((r) => r.name === 'multi')?.shown.pkg.artifact).toBe('multi@0.9');
    t.store.dispatch(adminHelium.pageChosen(4));
    expect(selectHeliumView(t.store.getState()).links).toEqual([2, 3, 4, 5, 6]);
    t.store.dispatch(adminHelium.typeChosen('SPELL'));
    v = selectHeliumView(t.store.getState());
    expect([v.page, v.rows.map((r) => r.name)]).toEqual([1, ['spell']]);
    t.task?.cancel();
  });
});
