/** @jest-environment node */
/** Pure helpers of the shell: routes, dates, the note tree, the websocket URL, the REST client. */
import { ptBR, de } from 'date-fns/locale';
import { formatDate, momentToDateFns, parseServerDate, PARAGRAPH_DATE_FORMAT, REVISION_DATE_FORMAT } from '../../slices/domain/dates';
import { buildNoteTree, flattenNotes, isTrashPath, noteDisplayName } from '../../slices/domain/noteTree';
import { createRestClient, HttpError } from '../../sagas/restClient';
import { guardRoute, matchRoute, refFromSearch, splitHash } from '../../slices/domain/routing';
import { wsUrlFor } from '../../src/app/wsUrl';
import { createActionLog } from '../../src/app/actionLog';

describe('routes', () => {
  test.each([
    ['/', { page: 'home' }],
    ['/notebook/2A94M5J1Z', { page: 'note', noteId: '2A94M5J1Z' }],
    ['/notebook/2A94M5J1Z/paragraph/paragraph_1_2', { page: 'note', noteId: '2A94M5J1Z', paragraphId: 'paragraph_1_2' }],
    ['/notebook/N/revision/abc123', { page: 'note', noteId: 'N', revisionId: 'abc123' }],
    ['/jobmanager', { page: 'jobmanager' }], ['/interpreter', { page: 'interpreter' }],
    ['/notebookRepos', { page: 'notebookRepos' }], ['/credential', { page: 'credential' }], ['/helium', { page: 'helium' }],
    ['/configuration', { page: 'configuration' }], ['/search/sales%20report', { page: 'search', term: 'sales report' }],
    ['/cluster', { page: 'cluster' }], ['/cluster/node1/spark', { page: 'clusterNode', nodeName: 'node1', intpName: 'spark' }],
    ['/replay', { page: 'replay' }], ['/notebook', { page: 'unknown' }], ['/whatever', { page: 'unknown' }],
  ])('%s', (path, match) => expect(matchRoute(path)).toEqual(match));

  test('guard: unknown → /, no ticket → / with ref (existing ref kept), public and ticketed pass', () => {
    expect(guardRoute('/nope', '', true)).toBe('/');
    expect(guardRoute('/notebook/X', '', false)).toBe('/?ref=%2Fnotebook%2FX');
    expect(guardRoute('/helium', 'ref=%2Fjobmanager', false)).toBe('/?ref=%2Fjobmanager');
    expect(guardRoute('/', '', false)).toBeNull();
    expect(guardRoute('/replay', '', false)).toBeNull();
    expect(guardRoute('/notebook/X', '', true)).toBeNull();
  });

  test('ref is only honoured for known in-app paths', () => {
    expect(refFromSearch('ref=%2Fnotebook%2FX')).toBe('/notebook/X');
    expect(refFromSearch('ref=https%3A%2F%2Fevil.example')).toBeNull();
    expect(refFromSearch('ref=%2Fnope')).toBeNull();
    expect(refFromSearch('')).toBeNull();
  });

  test('hash splitting keeps the query inside the hash', () => {
    expect(splitHash('#/notebook/X?paragraph=p&term=a')).toEqual({ path: '/notebook/X', search: 'paragraph=p&term=a' });
    expect(splitHash('')).toEqual({ path: '/', search: '' });
    expect(splitHash('#/?ref=%2Fa')).toEqual({ path: '/', search: 'ref=%2Fa' });
  });
});

describe('dates', () => {
  test('moment formats of the spec translate to date-fns tokens', () => {
    expect(momentToDateFns(REVISION_DATE_FORMAT)).toBe('MMMM do yyyy, h:mm aaa');
    expect(momentToDateFns(PARAGRAPH_DATE_FORMAT)).toBe('MMMM do yyyy, h:mm:ss aaa');
    expect(momentToDateFns('YYYY-MM-DD HH:mm:ss')).toBe('yyyy-MM-dd HH:mm:ss');
    expect(momentToDateFns('dddd, D MMM YY [at] HH:mm A')).toBe("EEEE, d MMM yy 'at' HH:mm a");
  });

  test('formats in the user language', () => {
    const d = new Date(2026, 7, 22, 17, 7, 12);
    expect(formatDate(d, REVISION_DATE_FORMAT)).toBe('August 22nd 2026, 5:07 pm');
    expect(formatDate(d, PARAGRAPH_DATE_FORMAT)).toBe('August 22nd 2026, 5:07:12 pm');
    expect(formatDate(d, 'YYYY-MM-DD HH:mm:ss')).toBe('2026-08-22 17:07:12');
    expect(formatDate(d, 'D MMMM YYYY', de)).toBe('22 August 2026');
    expect(formatDate(d, 'dddd', ptBR)).toBe('sábado');
    expect(formatDate('garbage', 'YYYY')).toBe('');
  });

  test('reads the three date flavours Zeppelin sends', () => {
    expect(parseServerDate('2026-08-22T17:07:12+0900')?.toISOString()).toBe('2026-08-22T08:07:12.000Z');
    expect(parseServerDate('2021-07-26 05:55:56.511')?.getMilliseconds()).toBe(511);
    expect(parseServerDate('Feb 10, 2015, 1:53:02\u202fAM')?.getFullYear()).toBe(2015);
    expect(parseServerDate(undefined)).toBeNull();
  });
});

describe('note tree', () => {
  const list = [
    { id: 'A', path: '/b note' }, { id: 'B', path: '/a folder/x' }, { id: 'C', path: '/~Trash/gone' },
    { id: 'D', path: '/a folder/sub/y' }, { id: 'E', path: '/A note' }, { id: 'F', path: '/' },
  ];
  test('folders first, names alphabetical, trash last, unnamed notes shown as Note {id}', () => {
    const tree = buildNoteTree(list);
    expect(tree.map((n) => n.name)).toEqual(['a folder', 'A note', 'b note', 'Note F', 'Trash']);
    const folder = tree[0];
    expect(folder.kind === 'folder' && folder.children.map((n) => `${n.kind}:${n.name}`)).toEqual(['folder:sub', 'note:x']);
    expect(tree[4]).toMatchObject({ kind: 'folder', id: '~Trash', isTrash: true });
    expect(flattenNotes(tree, 'FOLDER').map((n) => n.id)).toEqual(['D', 'B']);
  });
  test('helpers', () => {
    expect(isTrashPath('/~Trash/x')).toBe(true);
    expect(isTrashPath('/a/~Trash')).toBe(false);
    expect(noteDisplayName('', 'X1')).toBe('Note X1');
  });
});

describe('websocket URL', () => {
  test.each([
    [{ protocol: 'http:', hostname: 'localhost', port: '8080', pathname: '/' }, 'ws://localhost:8080/ws'],
    [{ protocol: 'https:', hostname: 'z.example', port: '', pathname: '/zeppelin/' }, 'wss://z.example:443/zeppelin/ws'],
    [{ protocol: 'http:', hostname: 'h', port: '', pathname: '/index.html' }, 'ws://h:80/ws'],
    [{ protocol: 'http:', hostname: 'h', port: '9000', pathname: '/' }, 'ws://h:8080/ws'],
  ])('%j', (loc, url) => expect(wsUrlFor(loc)).toBe(url));
});

describe('REST client', () => {
  function fakeFetch(status: number, body: string, headers: Record<string, string> = {}) {
    const calls: { url: string; init?: RequestInit }[] = [];
    const f = async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return new Response(body, { status, headers });
    };
    return { f, calls };
  }

  test('sends credentials and X-Requested-With, and unwraps the envelope', async () => {
    const { f, calls } = fakeFetch(200, '{"status":"OK","message":"","body":{"version":"0.13.0"}}');
    await expect(createRestClient(f).request('GET', '/version')).resolves.toEqual({ version: '0.13.0' });
    expect(calls[0].url).toBe('/api/version');
    expect(calls[0].init).toMatchObject({ method: 'GET', credentials: 'include', headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  });

  test('errors carry status, the server message and the Location header', async () => {
    const { f } = fakeFetch(401, '{"status":"UNAUTHORIZED","message":"login first"}', { Location: '/sso' });
    const err = await createRestClient(f).request('GET', '/security/ticket').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 401, message: 'login first', location: '/sso' });
  });

  test('a network failure is status 0 with a clear message', async () => {
    const err = await createRestClient(async () => { throw new TypeError('Failed to fetch'); }).request('GET', '/x').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 0, message: 'Could not connect to server: Failed to fetch' });
  });
});

describe('action log', () => {
  test('bounded: keeps the newest entries and the state before the oldest kept one', () => {
    const reducer = (s: number | undefined, a: { type: string }) => (s ?? 0) + (a.type === 'inc' ? 1 : 0);
    // eviction drops whole checkpoint spans (here 2 actions), moving the start state along by their deltas
    const log = createActionLog<number>({ now: () => 7, limits: { maxEntries: 3, maxBytes: 1e9 }, checkpointEvery: 2 });
    let state = 0;
    const dispatch = log.middleware({ getState: () => state, dispatch: (a: unknown) => a } as never)((a: unknown) => { state = reducer(state, a as { type: string }); return a; });
    for (let i = 0; i < 5; i++) dispatch({ type: 'inc' });
    expect(log.entries().map((e) => e.seq)).toEqual([2, 3, 4]);
    expect(log.entries()[0].at).toBe(7);
    expect(log.baseState()).toBe(2);
  });
});
