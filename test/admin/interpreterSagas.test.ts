/** @jest-environment node */
/** The interpreter page's reducer and sagas against a real store, a scripted REST client and a manual clock. */
import { HttpError } from '../../sagas/restClient';
import { route } from '../../slices/route';
import {
  adminInterpreters, adminInterpretersSlice, defaultOption, docsLinks, INTERPRETER_TEXT, validateNewSetting, withPendingRows, type SettingForm,
} from '../../slices/adminInterpreters';
import { credentialAddSubmitted } from '../../slices/adminCredentials';
import { NO_PERMISSION_TEXT } from '../../slices/adminAccess';
import type { InterpreterSetting } from '../../protocol';
import { makeTestStore, type TestStoreOptions } from '../support/testStore';

const setting = (name: string, extra: Partial<InterpreterSetting> = {}): InterpreterSetting => ({
  id: name, name, group: 'sh', properties: { 'shell.command.timeout.millisecs': { name: 'shell.command.timeout.millisecs', value: '60000', type: 'number' } },
  status: 'READY', interpreterGroup: [], dependencies: [], option: defaultOption(), ...extra,
});
const templates = { sh: { name: 'sh', group: 'sh', properties: { 'shell.command.timeout.millisecs': { defaultValue: '60000', type: 'number', description: 'timeout' } } } };
const form = (f: Partial<SettingForm>): SettingForm => ({ name: 'sh2', group: 'sh', properties: [], dependencies: [], option: defaultOption(), ...f });
const httpError = (status: number, body: unknown = null) => new HttpError(status, 'GET', '/x', `HTTP ${status}`, body, null);

function pageRest(settings: InterpreterSetting[], extra: TestStoreOptions['rest'] = {}): TestStoreOptions['rest'] {
  return {
    'GET /interpreter/setting': settings,
    'GET /interpreter': templates,
    'GET /interpreter/property/types': ['textarea', 'string', 'number', 'url', 'password', 'checkbox'],
    'GET /interpreter/repository': [{ id: 'central', url: 'https://repo1.maven.org/maven2/' }, { id: 'local', url: 'file:///m2' }],
    ...extra,
  };
}

async function onPage(opts: TestStoreOptions) {
  const t = makeTestStore(opts);
  await t.clock.advance(0);
  t.store.dispatch(route.changed('/interpreter'));
  await t.clock.advance(0);
  const state = () => t.store.getState().adminInterpreters;
  // The settings themselves are the interpreters slice's, shared with the note page.
  const settings = () => t.store.getState().interpreters.settings;
  const toasts = () => t.store.getState().ui.toasts.map((x) => x.text);
  return { ...t, state, settings, toasts };
}

describe('pure rules', () => {
  test('validation texts of the spec, in order: name, group, duplicate', () => {
    const existing = [setting('sh')];
    expect(validateNewSetting(form({ name: '' }), existing)).toBe("Interpreter name shouldn't be empty, and can consist only of: -_a-zA-Z0-9");
    expect(validateNewSetting(form({ name: 'a b' }), existing)).toBe(INTERPRETER_TEXT.badName);
    expect(validateNewSetting(form({ group: '' }), existing)).toBe('Please choose an interpreter group');
    expect(validateNewSetting(form({ name: 'sh' }), existing)).toBe('Name sh already exists');
    expect(validateNewSetting(form({}), existing)).toBeNull();
  });

  test('pending property and dependency rows are added on submit; blank ones are not', () => {
    const f = withPendingRows(form({ pendingProperty: { name: ' DB_USER ', value: '{pg.user}', type: 'string' }, pendingDependency: { groupArtifactVersion: 'g:a:1', exclusions: 'x:y' } }));
    expect(f.properties).toEqual([{ name: 'DB_USER', value: '{pg.user}', type: 'string' }]);
    expect(f.dependencies).toEqual([{ groupArtifactVersion: 'g:a:1', exclusions: 'x:y' }]);
    expect(withPendingRows(form({ pendingProperty: { name: ' ', value: 'v', type: 'string' } })).properties).toEqual([]);
  });

  test('documentation links follow the server version; /setup after minor 7', () => {
    expect(docsLinks('0.13.0-SNAPSHOT').datasourceAuthorization).toBe('https://zeppelin.apache.org/docs/0.13.0/setup/security/datasource_authorization.html');
    expect(docsLinks('0.7.3').datasourceAuthorization).toBe('https://zeppelin.apache.org/docs/0.7.3/security/datasource_authorization.html');
    expect(docsLinks('0.11.2').interpreters).toBe('https://zeppelin.apache.org/docs/0.11.2/usage/interpreter/overview.html');
  });

  test('reducer: create toggles reset the form; a confirmed update closes the editor, a failure re-opens it', () => {
    const r = adminInterpretersSlice.reducer;
    let s = r(undefined, adminInterpreters.createToggled());
    expect(s).toMatchObject({ createOpen: true, createFormKey: 1 });
    s = r(s, adminInterpreters.createFailed('x'));
    s = r(s, adminInterpreters.createToggled());
    expect(s).toMatchObject({ createOpen: false, createError: null, createFormKey: 2 });
    s = r(s, adminInterpreters.editStarted('sh'));
    s = r(s, adminInterpreters.updateRequested({ id: 'sh', form: form({ name: 'sh' }) }));
    s = r(s, adminInterpreters.confirmAccepted(s.confirm ?? { kind: 'remove', id: '' }));
    expect(s.editing).toBeNull();
    s = r(s, adminInterpreters.updateFailed('sh'));
    expect(s.editing).toBe('sh');
  });
});

describe('interpreter page saga', () => {
  test('loads settings, templates, types and repositories; an ERROR setting shows the spec toast', async () => {
    const t = await onPage({ rest: pageRest([setting('sh'), setting('bad', { status: 'ERROR', errorReason: 'boom' })]) });
    expect(t.state()).toMatchObject({ status: 'loaded', templates: [{ group: 'sh' }] });
    expect(t.settings().map((s) => s.id)).toEqual(['sh', 'bad']);
    expect(t.state().repositories.map((r) => r.id)).toEqual(['central', 'local']);
    expect(t.toasts()).toEqual(["Error setting properties for interpreter 'sh.bad': boom"]);
    t.task?.cancel();
  });

  test('create: local validation first (no request), then POST with the pending row; server failure toasts its message', async () => {
    let posted: unknown;
    const t = await onPage({
      rest: pageRest([setting('sh')], {
        'POST /interpreter/setting': (b: unknown) => {
          posted = b;
          if ((b as { name: string }).name === 'boom') return httpError(500, { status: 'INTERNAL_SERVER_ERROR', message: 'disk full' });
          return setting('sh2');
        },
      }),
    });
    t.store.dispatch(adminInterpreters.createToggled());
    t.store.dispatch(adminInterpreters.createSubmitted(form({ name: 'sh' })));
    await t.clock.advance(0);
    expect(t.state().createError).toBe('Name sh already exists');
    t.store.dispatch(adminInterpreters.createSubmitted(form({ group: '' })));
    await t.clock.advance(0);
    expect(t.state().createError).toBe('Please choose an interpreter group');
    expect(posted).toBeUndefined();
    t.store.dispatch(adminInterpreters.createSubmitted(form({ pendingProperty: { name: 'DB_USER', value: '{pg.user}', type: 'string' } })));
    await t.clock.advance(0);
    expect(posted).toMatchObject({ name: 'sh2', group: 'sh', properties: { DB_USER: { name: 'DB_USER', value: '{pg.user}', type: 'string' } } });
    expect(t.state()).toMatchObject({ createOpen: false, createError: null });
    expect(t.settings().map((s) => s.id)).toEqual(['sh', 'sh2']);
    t.store.dispatch(adminInterpreters.createSubmitted(form({ name: 'boom' })));
    await t.clock.advance(0);
    expect(t.toasts()).toEqual(['disk full']);
    t.task?.cancel();
  });

  test('restart: success toast; failure opens the spec dialog with the server message; network failure says so', async () => {
    let fail: unknown = null;
    const t = await onPage({ rest: pageRest([setting('sh')], { 'PUT /interpreter/setting/restart/sh': () => fail ?? setting('sh'), 'DELETE /interpreter/setting/sh': () => fail ?? { status: 'OK' } }) });
    t.store.dispatch(adminInterpreters.restartRequested('sh'));
    expect(t.state().confirm).toEqual({ kind: 'restart', id: 'sh' });
    t.store.dispatch(adminInterpreters.confirmAccepted({ kind: 'restart', id: 'sh' }));
    await t.clock.advance(0);
    expect(t.toasts()).toEqual(['Interpreter stopped. Will be lazily started on next run.']);
    fail = httpError(404, { status: 'NOT_FOUND', message: 'Interpreter setting sh not found' });
    t.store.dispatch(adminInterpreters.confirmAccepted({ kind: 'restart', id: 'sh' }));
    await t.clock.advance(0);
    expect(t.state().errorDialog).toEqual({ title: 'Error restart interpreter.', message: 'Interpreter setting sh not found' });
    fail = new HttpError(0, 'PUT', '/x', '', null, null);
    t.store.dispatch(adminInterpreters.confirmAccepted({ kind: 'remove', id: 'sh' }));
    await t.clock.advance(0);
    expect(t.toasts()).toContain('Could not connect to server.');
    expect(t.settings().map((s) => s.id)).toEqual(['sh']);
    fail = null;
    t.store.dispatch(adminInterpreters.confirmAccepted({ kind: 'remove', id: 'sh' }));
    await t.clock.advance(0);
    expect(t.settings()).toEqual([]);
    t.task?.cancel();
  });

  test('a setting DOWNLOADING_DEPENDENCIES is fetched again every 2 s until it settles; a failure opens the dialog', async () => {
    const answers: InterpreterSetting[] = [
      setting('dl', { status: 'DOWNLOADING_DEPENDENCIES' }),
      setting('dl', { status: 'ERROR', errorReason: 'Cannot download g:a:1' }),
    ];
    const t = await onPage({ rest: pageRest([setting('sh'), setting('dl', { status: 'DOWNLOADING_DEPENDENCIES' })], { 'GET /interpreter/setting/dl': () => answers.shift() }) });
    const fetches = () => t.rest.calls.filter((c) => c.path === '/interpreter/setting/dl').length;
    await t.clock.advance(1999);
    expect(fetches()).toBe(0);
    await t.clock.advance(1);
    expect(fetches()).toBe(1);
    await t.clock.advance(2000);
    expect(fetches()).toBe(2);
    expect(t.state().errorDialog).toEqual({ title: 'Error downloading dependencies', message: 'Cannot download g:a:1' });
    await t.clock.advance(10_000);
    expect(fetches()).toBe(2);
    // Leaving the page stops the loop.
    t.store.dispatch(adminInterpreters.settingRefreshed(setting('dl', { status: 'DOWNLOADING_DEPENDENCIES' })));
    t.store.dispatch(route.changed('/'));
    await t.clock.advance(10_000);
    expect(fetches()).toBe(2);
    t.task?.cancel();
  });

  test('repositories: add posts the proxy fields and reloads; failures toast for 3000 ms', async () => {
    let body: unknown;
    const t = await onPage({
      rest: pageRest([setting('sh')], {
        'POST /interpreter/repository': (b: unknown) => {
          body = b;
          return (b as { id: string }).id === 'bad' ? httpError(400, { status: 'BAD_REQUEST', message: 'Repository url is not a valid URL: x' }) : { status: 'OK' };
        },
      }),
    });
    t.store.dispatch(adminInterpreters.repositoryAddToggled());
    t.store.dispatch(adminInterpreters.repositoryAddSubmitted({
      id: 'corp', url: 'https://r/', snapshot: true, username: '', password: '', proxyProtocol: 'HTTPS', proxyHost: 'p', proxyPort: '3128', proxyLogin: '', proxyPassword: '',
    }));
    await t.clock.advance(0);
    expect(body).toMatchObject({ id: 'corp', url: 'https://r/', snapshot: true, proxyProtocol: 'HTTPS', proxyHost: 'p', proxyPort: '3128' });
    expect(t.state().repositoryAddOpen).toBe(false);
    expect(t.rest.calls.filter((c) => c.path === '/interpreter/repository' && c.method === 'GET')).toHaveLength(2);
    t.store.dispatch(adminInterpreters.repositoryAddSubmitted({ ...(body as object), id: 'bad' } as never));
    await t.clock.advance(0);
    expect(t.toasts()).toEqual(['Repository url is not a valid URL: x']);
    await t.clock.advance(2999);
    expect(t.toasts()).toHaveLength(1);
    await t.clock.advance(1);
    expect(t.toasts()).toEqual([]);
    t.task?.cancel();
  });

  test('401 shows the permission toast and returns to the base page after 3 s', async () => {
    const t = await onPage({ rest: pageRest([], { 'GET /interpreter/setting': httpError(401) }) });
    expect(t.toasts()).toEqual([NO_PERMISSION_TEXT]);
    await t.clock.advance(2999);
    expect(t.navigations).toEqual([]);
    await t.clock.advance(1);
    expect(t.navigations).toEqual(['/']);
    t.task?.cancel();
  });
});

describe('3000 ms toasts', () => {
  test('credential messages disappear after 3000 ms, other toasts keep 6000 ms', async () => {
    const t = makeTestStore({ rest: { 'PUT /credential': { status: 'OK' }, 'GET /credential': { userCredentials: {} } } });
    await t.clock.advance(0);
    t.store.dispatch(credentialAddSubmitted('pg', 'ann', 'pw'));
    t.store.dispatch({ type: 'ui/toastShown', payload: { text: 'other' } });
    await t.clock.advance(0);
    const texts = () => t.store.getState().ui.toasts.map((x) => x.text);
    expect([...texts()].sort()).toEqual(['Successfully saved credentials.', 'other']);
    await t.clock.advance(3000);
    expect(texts()).toEqual(['other']);
    await t.clock.advance(3000);
    expect(texts()).toEqual([]);
    t.task?.cancel();
  });
});
