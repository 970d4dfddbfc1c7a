/** @jest-environment node */
/** Job manager subscription and run/stop, login and logout, search, and preferences, against a real store and sagas. */
import { HttpError } from '../../sagas/restClient';
import { jobManager } from '../../slices/jobManager';
import { route } from '../../slices/route';
import { loginSubmitted, session } from '../../slices/session';
import { checkActionLogLimits, DEFAULT_ACTION_LOG_LIMITS, MB, ui } from '../../slices/ui';
import { exportActionLog } from '../../src/app/devtools';
import { frame } from '../support/frames';
import { makeTestStore, type TestStoreOptions } from '../support/testStore';

async function connected(opts: TestStoreOptions = {}) {
  const t = makeTestStore(opts);
  await t.clock.advance(0);
  const ops = () => t.sockets.sockets.flatMap((s) => s.ops()).filter((op) => op !== 'PING');
  return { ...t, ops };
}

const httpError = (status: number, body: unknown) => new HttpError(status, 'POST', '/x', `HTTP ${status}`, body, null);

describe('job manager', () => {
  test('subscribes while shown, unsubscribes on leave, and again after a reconnect', async () => {
    const t = await connected();
    t.store.dispatch(route.changed('/jobmanager'));
    await t.clock.advance(0);
    expect(t.ops().filter((o) => o.includes('NOTE_JOBS'))).toEqual(['LIST_NOTE_JOBS']);
    t.store.dispatch(route.changed('/jobmanager', 'x=1'));
    await t.clock.advance(0);
    expect(t.ops().filter((o) => o.includes('NOTE_JOBS'))).toEqual(['LIST_NOTE_JOBS']);
    t.sockets.last().serverClose(1006);
    await t.clock.advance(60_000);
    expect(t.store.getState().connection.status).toBe('connected');
    expect(t.ops().filter((o) => o.includes('NOTE_JOBS'))).toEqual(['LIST_NOTE_JOBS', 'LIST_NOTE_JOBS']);
    t.store.dispatch(route.changed('/'));
    await t.clock.advance(0);
    expect(t.ops().filter((o) => o.includes('NOTE_JOBS'))).toEqual(['LIST_NOTE_JOBS', 'LIST_NOTE_JOBS', 'UNSUBSCRIBE_UPDATE_NOTE_JOBS']);
    t.task?.cancel();
  });

  test('jobs arrive, update, and a note removed by someone else disappears', async () => {
    const t = await connected();
    t.store.dispatch(route.changed('/jobmanager'));
    await t.clock.advance(0);
    const job = (id: string, over = {}) => ({ noteId: id, noteName: id, noteType: 'normal', interpreter: 'python', isRunningJob: false, isRemoved: false, unixTimeLastRun: 5, paragraphs: [], ...over });
    t.sockets.last().serverSend(frame('LIST_NOTE_JOBS', { noteJobs: { lastResponseUnixTime: 10, jobs: [job('A'), job('B')] } }));
    t.sockets.last().serverSend(frame('LIST_UPDATE_NOTE_JOBS', { noteRunningJobs: { lastResponseUnixTime: 20, jobs: [job('A', { isRunningJob: true }), { noteId: 'B', isRemoved: true, isRunningJob: false, unixTimeLastRun: 0 }] } }));
    await t.clock.advance(0);
    expect(t.store.getState().jobs.ids).toEqual(['A']);
    expect(t.store.getState().jobs.entities.A.isRunningJob).toBe(true);
    t.task?.cancel();
  });

  test("run and stop go over REST; failures open 'Execution Failure' / 'Stop Failure' with the server message or 'SERVER ERROR'", async () => {
    const t = await connected({
      rest: {
        'POST /notebook/job/A': { status: 'OK' },
        'POST /notebook/job/B%2F1': httpError(500, { status: 'INTERNAL_SERVER_ERROR', message: 'Fail to run note' }),
        'DELETE /notebook/job/A': httpError(404, null),
      },
    });
    t.store.dispatch(jobManager.runRequested({ noteId: 'A' }));
    await t.clock.advance(0);
    expect(t.store.getState().ui.dialog).toBeNull();
    t.store.dispatch(jobManager.runRequested({ noteId: 'B/1' }));
    await t.clock.advance(0);
    expect(t.store.getState().ui.dialog).toEqual({ kind: 'message', title: 'Execution Failure', info: 'Fail to run note' });
    t.store.dispatch(jobManager.stopRequested({ noteId: 'A' }));
    await t.clock.advance(0);
    expect(t.store.getState().ui.dialog).toEqual({ kind: 'message', title: 'Stop Failure', info: 'SERVER ERROR' });
    expect(t.rest.calls.filter((c) => c.path.startsWith('/notebook/job')).map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /notebook/job/A', 'POST /notebook/job/B%2F1', 'DELETE /notebook/job/A',
    ]);
    t.task?.cancel();
  });
});

describe('login', () => {
  test('the form is posted, the ticket goes to the vault (not the store or the log), notes are listed again', async () => {
    const t = await connected({
      rest: {
        'GET /security/ticket': httpError(403, null),
        'POST /login': (body: unknown) => ((body as URLSearchParams).get('password') === 's3cret'
          ? { principal: 'alice', ticket: 'T-123', roles: '["admin"]' }
          : httpError(403, { status: 'FORBIDDEN', message: '' })),
      },
    });
    expect(t.store.getState().session.loginState).toBe('loggedOut');
    t.store.dispatch(ui.dialogOpened({ kind: 'login', info: null }));
    t.store.dispatch(loginSubmitted('alice', 'wrong'));
    await t.clock.advance(0);
    expect(t.store.getState().ui.dialog).toEqual({ kind: 'login', info: null, pending: false, error: "The username and password that you entered don't match." });
    const before = t.ops().length;
    t.store.dispatch(loginSubmitted('alice', 's3cret'));
    await t.clock.advance(0);
    expect(t.store.getState().ui.dialog).toBeNull();
    expect(t.store.getState().session).toMatchObject({ loginState: 'loggedIn', principal: 'alice', roles: ['admin'] });
    expect(t.deps.credentials.get()).toEqual({ principal: 'alice', ticket: 'T-123', roles: '["admin"]' });
    expect(t.ops().slice(before)).toEqual(['LIST_NOTES', 'GET_HOME_NOTE']);
    expect(t.sockets.last().frames().slice(-1)[0]).toMatchObject({ principal: 'alice', ticket: 'T-123' });
    const login = t.rest.calls.find((c) => c.path === '/login');
    expect((login?.body as URLSearchParams).toString()).toBe('userName=alice&password=wrong');
    const exported = JSON.stringify(exportActionLog(t.log, new Date(0)));
    expect(exported).toContain('session/loginSubmitted');
    expect(exported).not.toContain('s3cret');
    expect(exported).not.toContain('T-123');
    t.task?.cancel();
  });
});

describe('login throttling', () => {
  test("a throttled login shows the server's wait message instead of the mismatch text", async () => {
    const wait = 'Too many failed login attempts. Please wait 30 seconds before trying again.';
    const t = await connected({
      rest: {
        'GET /security/ticket': httpError(403, null),
        'POST /login': new HttpError(429, 'POST', '/login', wait, { status: 'TOO_MANY_REQUESTS', message: wait }, null),
      },
    });
    t.store.dispatch(ui.dialogOpened({ kind: 'login', info: null }));
    t.store.dispatch(loginSubmitted('alice', 'wrong'));
    await t.clock.advance(0);
    expect(t.store.getState().ui.dialog).toMatchObject({ kind: 'login', error: wait });
    expect(t.deps.credentials.get().principal).not.toBe('alice');
    t.task?.cancel();
  });
});

describe('logout', () => {
  const loggedIn = { 'GET /security/ticket': { principal: 'alice', ticket: 'T', roles: '[]' } };

  test("plain logout: ticket cleared, 'Logout Success', home and reload after 1 s; Basic auth cleared when asked", async () => {
    const t = await connected({ rest: { ...loggedIn, 'POST /login/logout': httpError(401, { status: 'UNAUTHORIZED', body: { clearAuthorizationHeader: 'true' } }) } });
    t.store.dispatch(session.logoutRequested());
    await t.clock.advance(0);
    expect(t.basicAuthCleared()).toBe(1);
    expect(t.deps.credentials.get()).toEqual({ principal: '', ticket: '', roles: '' });
    expect(t.store.getState().session.loginState).toBe('loggedOut');
    expect(t.store.getState().ui.toasts.map((x) => x.text)).toEqual(['Logout Success']);
    await t.clock.advance(999);
    expect(t.reloads()).toBe(0);
    await t.clock.advance(1);
    expect(t.reloads()).toBe(1);
    expect(t.navigations.slice(-1)).toEqual(['/']);
    t.task?.cancel();
  });

  test('a browser that cannot forget Basic credentials is told so', async () => {
    const t = await connected({ clearBasicAuth: false, rest: { ...loggedIn, 'POST /login/logout': httpError(401, { body: { clearAuthorizationHeader: 'true' } }) } });
    t.store.dispatch(session.logoutRequested());
    await t.clock.advance(0);
    expect(t.store.getState().ui.toasts[0].text).toMatch(/^Your browser is too old or too weird to support log out functionality/);
    t.task?.cancel();
  });

  test('a server redirectURL gets the current address appended; a logout API is called and the app reloaded at its base', async () => {
    const a = await connected({ rest: { ...loggedIn, 'POST /login/logout': httpError(401, { body: { redirectURL: 'https://sso/logout?next=' } }) } });
    a.store.dispatch(session.logoutRequested());
    await a.clock.advance(0);
    expect(a.redirects).toEqual(['https://sso/logout?next=http://localhost:8080/#/']);
    expect(a.store.getState().session.loginState).toBe('loggedIn');
    a.task?.cancel();
    const b = await connected({
      urls: { 'https://sso/api/logout': 'ok' },
      rest: { ...loggedIn, 'POST /login/logout': httpError(401, { body: { redirectURL: 'https://sso/api/logout', isLogoutAPI: 'true' } }) },
    });
    b.store.dispatch(session.logoutRequested());
    await b.clock.advance(0);
    expect(b.fetchedUrls).toEqual(['https://sso/api/logout']);
    expect(b.redirects).toEqual(['http://localhost:8080/']);
    b.task?.cancel();
  });

  test('a kept keymap comes back at start; an unknown one is ignored', async () => {
    const a = await connected({ prefs: { keymap: 'jupyter' } });
    expect(a.store.getState().ui.keymap).toBe('jupyter');
    a.task?.cancel();
    const b = await connected({ prefs: { keymap: 'nano' } });
    expect(b.store.getState().ui.keymap).toBe('zeppelin');
    b.task?.cancel();
  });
});

describe('search', () => {
  test('each visit asks the server with the encoded term; results and failures are kept per term', async () => {
    const hits = [{ id: 'N1/paragraph/p1', name: 'Note', header: '', snippet: '<B>print</B>(1)', text: 'print(1)' }];
    const t = await connected({ rest: { 'GET /notebook/search?q=print%20x': hits, 'GET /notebook/search?q=boom': httpError(500, { message: 'Internal server error' }) } });
    t.store.dispatch(route.changed('/search/print x'));
    await t.clock.advance(0);
    expect(t.store.getState().search).toEqual({ term: 'print x', status: 'done', hits, error: null });
    t.store.dispatch(route.changed('/search/boom'));
    await t.clock.advance(0);
    expect(t.store.getState().search).toMatchObject({ term: 'boom', status: 'failed', error: 'HTTP 500' });
    t.task?.cancel();
  });
});

describe('preferences', () => {
  test('restored at start (the browser language by default) and saved on change', async () => {
    const a = await connected({ browserLanguage: 'de-CH' });
    expect(a.store.getState().ui).toMatchObject({ theme: 'system', locale: 'de' });
    a.store.dispatch(ui.themeChosen('dark'));
    await a.clock.advance(0);
    expect(a.savedPrefs).toEqual([{ theme: 'dark', locale: 'de', keymap: 'zeppelin', actionLog: DEFAULT_ACTION_LOG_LIMITS }]);
    a.store.dispatch(ui.keymapChosen('vim'));
    await a.clock.advance(0);
    expect(a.savedPrefs.at(-1)).toEqual({ theme: 'dark', locale: 'de', keymap: 'vim', actionLog: DEFAULT_ACTION_LOG_LIMITS });
    a.task?.cancel();
    const b = await connected({ prefs: { theme: 'light', locale: 'ja' }, browserLanguage: 'de' });
    expect(b.store.getState().ui).toMatchObject({ theme: 'light', locale: 'ja' });
    expect(b.savedPrefs).toEqual([]);
    b.task?.cancel();
  });

  test('the action log: what it keeps is shown, its limits are changed by the user, applied at once, saved and restored', async () => {
    const a = await connected();
    a.store.dispatch(ui.actionLogSettingsRequested());
    await a.clock.advance(0);
    const shown = a.store.getState().ui.dialog;
    expect(shown).toMatchObject({ kind: 'actionLog', stats: { limits: DEFAULT_ACTION_LOG_LIMITS } });
    expect(shown?.kind === 'actionLog' && shown.stats?.entries).toBeGreaterThan(3);
    const limits = { maxEntries: 1000, maxBytes: 2 * MB };
    a.store.dispatch(ui.actionLogLimitsChosen(limits));
    await a.clock.advance(0);
    expect(a.store.getState().ui.dialog).toMatchObject({ kind: 'actionLog', stats: { limits } });
    expect(a.deps.actionLog?.stats().limits).toEqual(limits);
    expect(a.savedPrefs.slice(-1)[0]).toMatchObject({ actionLog: limits });
    a.task?.cancel();
    const b = await connected({ prefs: { actionLog: limits } });
    expect(b.deps.actionLog?.stats().limits).toEqual(limits);
    expect(b.store.getState().ui.actionLogLimits).toEqual(limits);
    b.task?.cancel();
  });

  test('limits outside the bounds are refused with a message', () => {
    expect(checkActionLogLimits(999, 64)).toEqual({ error: 'Actions: a whole number from 1,000 to 5,000,000.' });
    expect(checkActionLogLimits(5000, 0.5)).toEqual({ error: 'Size: from 1 to 2048 MB.' });
    expect(checkActionLogLimits(5000, 16)).toEqual({ maxEntries: 5000, maxBytes: 16 * MB });
  });
});
