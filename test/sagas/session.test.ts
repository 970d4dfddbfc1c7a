/** @jest-environment node */
/**
 * REST and routing sagas: 405 handling, the ticket flow, the route guard, the forced-logout detour, plugin loading.
 */
import { HttpError } from '../../sagas/restClient';
import { route } from '../../slices/route';
import { session } from '../../slices/session';
import { ui } from '../../slices/ui';
import { frame } from '../support/frames';
import { makeTestStore } from '../support/testStore';

const http = (status: number, location: string | null = null) => new HttpError(status, 'GET', '/x', `HTTP ${status}`, null, location);

describe('REST errors', () => {
  test('every HTTP error is dispatched as httpResponseError; a 405 also ends the session', async () => {
    const t = makeTestStore({ rest: { 'GET /version': http(405), 'GET /configurations/client': http(500) } });
    t.store.dispatch(route.changed('/jobmanager'));
    await t.clock.advance(0);
    const errors = t.log.entries().filter((e) => e.action.type === 'http/httpResponseError').map((e) => e.action.payload);
    expect(errors).toEqual([
      { method: 'GET', path: '/version', status: 405, message: 'HTTP 405' },
      { method: 'GET', path: '/configurations/client', status: 500, message: 'HTTP 500' },
    ]);
    expect(t.types('session/forcedLogout')).toEqual(['session/forcedLogout']);
    expect(t.store.getState().session).toMatchObject({ loginState: 'loggedOut', ref: '/jobmanager', logoutInfo: '' });
    expect(t.navigations).toContain('/?ref=%2Fjobmanager');
    t.task?.cancel();
  });
});

describe('ticket', () => {
  test('a redirectURL sends the browser there with the current address appended, and nothing connects', async () => {
    const t = makeTestStore({ rest: { 'GET /security/ticket': { principal: 'x', ticket: 'y', roles: '[]', redirectURL: 'https://sso.example/login?to=' } } });
    await t.clock.advance(0);
    expect(t.redirects).toEqual(['https://sso.example/login?to=http://localhost:8080/#/']);
    expect(t.sockets.attempts()).toBe(0);
  });

  test('a 401 with Location redirects there', async () => {
    const t = makeTestStore({ rest: { 'GET /security/ticket': http(401, '/api/login/sso') } });
    await t.clock.advance(0);
    expect(t.redirects).toEqual(['/api/login/sso']);
  });

  test('an unreachable server is retried with backoff until it answers', async () => {
    let calls = 0;
    const t = makeTestStore({ rest: { 'GET /security/ticket': () => (++calls < 3 ? http(0) : { principal: 'anonymous', ticket: 'anonymous', roles: '[]' }) } });
    await t.clock.advance(0);
    expect(t.store.getState().session.loginState).toBe('unknown');
    await t.clock.advance(60_000);
    expect(calls).toBe(3);
    expect(t.store.getState().session.loginState).toBe('anonymous');
    expect(t.store.getState().connection.status).toBe('connected');
    t.task?.cancel();
  });

  test('an external-login principal shows the name part', async () => {
    const principal = '#Pac4jUserProfile# | id: 42, name=Jane Doe, attributes: {}';
    const t = makeTestStore({ rest: { 'GET /security/ticket': { principal, ticket: 't', roles: '[]' } } });
    await t.clock.advance(0);
    expect(t.store.getState().session.screenUsername).toBe('Jane Doe');
    t.task?.cancel();
  });
});

describe('routing rules', () => {
  test('without a ticket a non-public route goes to / with ref; an existing ref is kept; public routes stay', async () => {
    const t = makeTestStore({ rest: { 'GET /security/ticket': http(403) } });
    t.store.dispatch(route.changed('/notebook/2A94M5J1Z'));
    await t.clock.advance(0);
    expect(t.store.getState().session.loginState).toBe('loggedOut');
    expect(t.navigations).toEqual(['/?ref=%2Fnotebook%2F2A94M5J1Z']);
    t.store.dispatch(route.changed('/interpreter', 'ref=%2Fnotebook%2Fabc'));
    await t.clock.advance(0);
    expect(t.navigations[1]).toBe('/?ref=%2Fnotebook%2Fabc');
    t.store.dispatch(route.changed('/', 'ref=%2Fnotebook%2Fabc'));
    t.store.dispatch(route.changed('/replay'));
    await t.clock.advance(0);
    expect(t.navigations).toHaveLength(2);
    t.task?.cancel();
  });

  test('unknown paths go to /, and every route change resets the title', async () => {
    const t = makeTestStore();
    await t.clock.advance(0);
    t.store.dispatch(route.changed('/no/such/page'));
    t.store.dispatch(route.changed('/helium'));
    await t.clock.advance(0);
    expect(t.navigations).toEqual(['/']);
    expect(t.titles).toEqual(['Zeppelin', 'Zeppelin']);
    t.task?.cancel();
  });

  test('SESSION_LOGOUT: back to / with ref, login dialog after 1 s, and after a later login back to ref after 100 ms', async () => {
    const t = makeTestStore();
    await t.clock.advance(0);
    t.store.dispatch(route.changed('/notebook/N1', 'paragraph=p1'));
    await t.clock.advance(0);
    t.sockets.last().serverSend(frame('SESSION_LOGOUT', { info: 'Your ticket is invalid possibly due to server restart. Please login again.' }));
    await t.clock.advance(999);
    expect(t.navigations).toEqual(['/?ref=%2Fnotebook%2FN1%3Fparagraph%3Dp1']);
    expect(t.store.getState().ui.dialog).toBeNull();
    await t.clock.advance(1);
    expect(t.store.getState().ui.dialog).toEqual({ kind: 'login', info: 'Your ticket is invalid possibly due to server restart. Please login again.' });
    t.store.dispatch(route.changed('/', 'ref=%2Fnotebook%2FN1%3Fparagraph%3Dp1'));
    t.store.dispatch(session.ticketReceived({ principal: 'alice', screenUsername: 'alice', roles: [] }));
    await t.clock.advance(99);
    expect(t.navigations).toHaveLength(1);
    await t.clock.advance(1);
    expect(t.navigations[1]).toBe('/notebook/N1?paragraph=p1');
    expect(t.store.getState().session.ref).toBeNull();
    t.task?.cancel();
  });
});

  test('after a login, a user who opens a note during the 100 ms pause stays there (and ref "/" never navigates)', async () => {
    const t = makeTestStore();
    await t.clock.advance(0);
    // A 405 on the home page leaves ref "/"; the user logs in and at once clicks a note.
    t.store.dispatch(session.forcedLogout({ info: '', ref: '/' }));
    await t.clock.advance(1000);
    const before = t.navigations.length;
    t.store.dispatch(session.ticketReceived({ principal: 'alice', screenUsername: 'alice', roles: [] }));
    await t.clock.advance(50);
    t.store.dispatch(route.changed('/notebook/N1', ''));
    await t.clock.advance(50);
    expect(t.navigations.slice(before)).toEqual([]);
    expect(t.store.getState().session.ref).toBeNull();
    t.task?.cancel();
  });

describe('the automatic login prompt', () => {
  test('opens 1 s after a forced logout, but never over a sign-in that started or succeeded in that second', async () => {
    const prompt = () => t.types('ui/dialogOpened').length;
    let t = makeTestStore();
    await t.clock.advance(0);
    t.store.dispatch(session.forcedLogout({ info: '', ref: '/' }));
    await t.clock.advance(1000);
    expect(prompt()).toBe(1);
    t.task?.cancel();

    // signed in from the navbar within the second: no prompt afterwards
    t = makeTestStore();
    await t.clock.advance(0);
    t.store.dispatch(session.forcedLogout({ info: '', ref: '/' }));
    t.store.dispatch(ui.dialogOpened({ kind: 'login', info: null }));
    t.store.dispatch(ui.dialogClosed());
    t.store.dispatch(session.ticketReceived({ principal: 'alice', screenUsername: 'alice', roles: [] }));
    await t.clock.advance(1000);
    expect(prompt()).toBe(1);
    expect(t.store.getState().ui.dialog).toBeNull();
    t.task?.cancel();

    // still typing in the navbar's dialog: it stays the one dialog, untouched
    t = makeTestStore();
    await t.clock.advance(0);
    t.store.dispatch(session.forcedLogout({ info: '', ref: '/' }));
    t.store.dispatch(ui.dialogOpened({ kind: 'login', info: null }));
    t.store.dispatch(ui.loginStarted());
    await t.clock.advance(1000);
    expect(prompt()).toBe(1);
    expect(t.store.getState().ui.dialog).toMatchObject({ kind: 'login', pending: true });
    t.task?.cancel();
  });
});

describe('plugins', () => {
  test('enabled visualisation and spell bundles load before notes show; other types are skipped', async () => {
    const loaded: string[] = [];
    const t = makeTestStore({
      rest: {
        'GET /helium/enabledPackage': [
          { pkg: { type: 'VISUALIZATION', name: 'ultimate-heatmap' }, enabled: true },
          { pkg: { type: 'APPLICATION', name: 'app' }, enabled: true },
          { pkg: { type: 'SPELL', name: 'echo-spell' }, enabled: true },
          { pkg: { type: 'SPELL', name: 'broken' }, enabled: true },
        ],
        'GET /helium/bundle/load/ultimate-heatmap': 'window.x = 1;',
        'GET /helium/bundle/load/echo-spell': 'window.y = 2;',
        'GET /helium/bundle/load/broken': 'ERROR: build failed',
      },
    });
    t.deps.loadBundle = async (name) => { loaded.push(name); return [name]; };
    await t.clock.advance(0);
    expect(loaded).toEqual(['ultimate-heatmap', 'echo-spell']);
    expect(t.store.getState().helium).toMatchObject({ bundleStatus: 'loaded', bundles: ['ultimate-heatmap', 'echo-spell'] });
    t.task?.cancel();
  });

  test('a server without Helium still lets notes open', async () => {
    const t = makeTestStore({ rest: { 'GET /helium/enabledPackage': http(404) } });
    await t.clock.advance(0);
    expect(t.store.getState().helium.bundleStatus).toBe('loaded');
    t.task?.cancel();
  });
});

describe('shell reactions', () => {
  test('toasts expire after 6000 ms', async () => {
    const t = makeTestStore();
    await t.clock.advance(0);
    t.store.dispatch(ui.toastShown({ text: 'Saved' }));
    await t.clock.advance(5999);
    expect(t.store.getState().ui.toasts).toHaveLength(1);
    await t.clock.advance(1);
    expect(t.store.getState().ui.toasts).toHaveLength(0);
    t.task?.cancel();
  });

  test('NEW_NOTE opens the new note; CONVERTED_NOTE_NBFORMAT downloads an .ipynb file', async () => {
    const t = makeTestStore();
    await t.clock.advance(0);
    t.sockets.last().serverSend(frame('NEW_NOTE', { note: { id: 'NEW000001', name: 'x', paragraphs: [] } }));
    t.sockets.last().serverSend(frame('CONVERTED_NOTE_NBFORMAT', { nbformat: '{"nbformat":4}', noteName: 'a/b' }));
    await t.clock.advance(0);
    expect(t.navigations).toEqual(['/notebook/NEW000001']);
    expect(t.downloads).toEqual([{ fileName: 'a_b.ipynb', text: '{"nbformat":4}' }]);
    t.task?.cancel();
  });

  test('Download action log saves the DevTools-importable log', async () => {
    const t = makeTestStore();
    t.deps.actionLog = { ...t.deps.actionLog!, exportText: () => '{"payload":"[]"}' };
    await t.clock.advance(0);
    t.store.dispatch(ui.actionLogDownloadRequested());
    await t.clock.advance(0);
    expect(t.downloads).toEqual([{ fileName: 'zeppelin-action-log-2023-11-14T22-13-20.json', text: '{"payload":"[]"}' }]);
    t.task?.cancel();
  });
});
