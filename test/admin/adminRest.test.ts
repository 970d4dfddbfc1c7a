/** @jest-environment node */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { api, startTestServer, tempDir, type TestServer } from '../server/helpers/harness';
import { CREDENTIALS_FILE, CREDENTIALS_KEY_FILE, CredentialStore } from '../../server/admin/credentialStore';
import { withSiteProperty } from '../../server/admin/siteXml';
import { clusterNodes, nodeProcesses, STATUS } from '../../server/admin/cluster';
import type { SessionManager } from '../../server/interpreters/sessions';

let server: TestServer;
const put = (path: string, json: unknown) => api(server.url, path, { method: 'PUT', json });
const post = (path: string, json?: unknown) => api(server.url, path, { method: 'POST', ...(json === undefined ? {} : { json }) });
const del = (path: string) => api(server.url, path, { method: 'DELETE' });

beforeEach(async () => {
  server = await startTestServer({ fixtures: true });
});
afterEach(async () => {
  await server.close();
});

describe('credentials', () => {
  test('create, list, replace, delete one, delete all', async () => {
    expect((await api(server.url, '/api/credential')).body).toEqual({ status: 'OK', message: '', body: { userCredentials: {} } });
    expect((await put('/api/credential', { entity: 'jdbc.pg', username: 'ann', password: 's3cr3t-Pa55' })).body).toEqual({ status: 'OK' });
    expect((await put('/api/credential/', { entity: 'shell.sh', username: 'bob', password: 'x' })).status).toBe(200);
    const listed = await api<{ userCredentials: Record<string, { username: string; password: string }> }>(server.url, '/api/credential');
    expect(listed.body.body?.userCredentials).toEqual({ 'jdbc.pg': { username: 'ann', password: 's3cr3t-Pa55' }, 'shell.sh': { username: 'bob', password: 'x' } });
    await put('/api/credential', { entity: 'jdbc.pg', username: 'ann2', password: 'other' });
    expect((await api<{ userCredentials: Record<string, unknown> }>(server.url, '/api/credential')).body.body?.userCredentials['jdbc.pg']).toEqual({ username: 'ann2', password: 'other' });
    expect((await del('/api/credential/jdbc.pg')).body).toEqual({ status: 'OK' });
    const missing = await del('/api/credential/jdbc.pg');
    expect(missing.status).toBe(404);
    expect(missing.body.status).toBe('NOT_FOUND');
    expect((await del('/api/credential')).status).toBe(200);
    expect((await del('/api/credential')).status).toBe(404);
  });

  test.each([
    [{ entity: '', username: 'a', password: 'b' }],
    [{ entity: 'e', username: '  ', password: 'b' }],
    [{ entity: 'e', username: 'a' }],
    [['not', 'an', 'object']],
  ])('400 for blank fields %j', async (body) => {
    const r = await put('/api/credential', body);
    expect(r.status).toBe(400);
    expect(r.body.status).toBe('BAD_REQUEST');
  });

  test('stored encrypted: the file on disk holds neither password nor user name, and survives a restart', async () => {
    await put('/api/credential', { entity: 'jdbc.pg', username: 'ann-the-user', password: 'very-secret-password' });
    const file = readFileSync(join(server.confDir, CREDENTIALS_FILE), 'utf8');
    expect(file).not.toContain('very-secret-password');
    expect(file).not.toContain('ann-the-user');
    expect(file).not.toContain('jdbc.pg');
    expect(JSON.parse(file)).toEqual(expect.objectContaining({ version: 1, iv: expect.any(String), tag: expect.any(String) }));
    expect(readFileSync(join(server.confDir, CREDENTIALS_KEY_FILE), 'utf8').trim()).toHaveLength(44);
    expect(CredentialStore.load(server.confDir).get('anonymous', 'jdbc.pg')).toEqual({ username: 'ann-the-user', password: 'very-secret-password' });
  });

  test('a tampered file or a missing key is refused, not silently replaced', async () => {
    const dir = tempDir();
    const store = CredentialStore.load(dir);
    await store.put('u', 'e', { username: 'a', password: 'b' });
    const sealed = JSON.parse(readFileSync(join(dir, CREDENTIALS_FILE), 'utf8')) as { data: string };
    const bytes = Buffer.from(sealed.data, 'base64');
    bytes[0] ^= 1;
    writeFileSync(join(dir, CREDENTIALS_FILE), JSON.stringify({ ...sealed, data: bytes.toString('base64') }));
    expect(() => CredentialStore.load(dir)).toThrow();
    writeFileSync(join(dir, CREDENTIALS_KEY_FILE), '');
    expect(() => CredentialStore.load(dir)).toThrow(/32-byte/);
  });
});

describe('configurations', () => {
  test('all is sorted and has no secrets; prefix narrows', async () => {
    await server.close();
    server = await startTestServer({ settings: { 'zeppelin.ssl.keystore.password': 'pw1', 'zeppelin.credentials.encryptKey': 'k1', 'zeppelin.x.secret': 's1', 'zeppelin.aaa': 'v' } });
    const all = await api<Record<string, string>>(server.url, '/api/configurations/all');
    expect(all.status).toBe(200);
    const keys = Object.keys(all.body.body ?? {});
    expect(keys).toEqual([...keys].sort((a, b) => a.localeCompare(b)));
    expect(all.body.body?.['zeppelin.aaa']).toBe('v');
    expect(all.text).not.toMatch(/pw1|k1|s1/);
    const server_ = await api<Record<string, string>>(server.url, '/api/configurations/prefix/zeppelin.server');
    expect(Object.keys(server_.body.body ?? {}).every((k) => k.startsWith('zeppelin.server'))).toBe(true);
    expect(Object.keys(server_.body.body ?? {}).length).toBeGreaterThan(2);
  });
});

describe('notebook repositories', () => {
  test('lists the local and the git-versioned folder; a new path and the chosen back end are saved to zeppelin-site.xml', async () => {
    type Repo = { name: string; className: string; settings: Array<{ name: string; type: string; selected: string }>; activePath: string; active: boolean };
    const list = await api<Repo[]>(server.url, '/api/notebook-repositories');
    expect(list.status).toBe(200);
    const repos = list.body.body!;
    expect(repos.map((r) => [r.name, r.active])).toEqual([['LocalFolderNotebookRepo', false], ['GitNotebookRepo', true]]);
    const [local, git] = repos;
    expect(local.settings).toEqual([
      expect.objectContaining({ name: 'Notebook Path', type: 'INPUT', selected: server.notebookDir }),
      expect.objectContaining({ name: 'Use for notes', type: 'DROPDOWN', selected: 'false' }),
    ]);
    expect(git.settings[1].selected).toBe('true');
    const next = join(server.dir, 'notes2');
    const saved = await put('/api/notebook-repositories', { name: git.className, settings: { 'Notebook Path': next } });
    expect(saved.status).toBe(200);
    expect((saved.body.body as Repo).settings[0].selected).toBe(next);
    expect((saved.body.body as Repo).activePath).toBe(server.notebookDir);
    expect(readFileSync(join(server.confDir, 'zeppelin-site.xml'), 'utf8')).toContain(`<value>${next}</value>`);
    // Saying "No" to the store in use is refused; choosing the plain folder switches from the next start.
    expect((await put('/api/notebook-repositories', { name: 'GitNotebookRepo', settings: { 'Use for notes': 'false' } })).status).toBe(406);
    const switched = await put('/api/notebook-repositories', { name: 'LocalFolderNotebookRepo', settings: { 'Use for notes': 'true' } });
    expect(switched.status).toBe(200);
    expect(readFileSync(join(server.confDir, 'zeppelin-site.xml'), 'utf8')).toContain('<value>org.apache.zeppelin.notebook.repo.VFSNotebookRepo</value>');
    const after = (await api<Repo[]>(server.url, '/api/notebook-repositories')).body.body!;
    expect(after.map((r) => [r.name, r.settings[1].selected, r.active])).toEqual([['LocalFolderNotebookRepo', 'true', false], ['GitNotebookRepo', 'false', true]]);
  });

  test('blank payload 404 {}, malformed settings 406 {error}', async () => {
    const blank = await put('/api/notebook-repositories', {});
    expect(blank.status).toBe(404);
    expect(blank.text).toBe('{}');
    for (const settings of [{}, { 'Notebook Path': 'relative/path' }, { Unknown: 'x' }, { 'Notebook Path': '/no/such/parent/dir' }]) {
      const r = await put('/api/notebook-repositories', { name: 'LocalFolderNotebookRepo', settings });
      expect(r.status).toBe(406);
      expect(JSON.parse(r.text)).toEqual({ error: expect.any(String) });
    }
    expect((await put('/api/notebook-repositories', { name: 'NoSuchRepo', settings: { 'Notebook Path': '/tmp' } })).status).toBe(404);
    expect(existsSync(join(server.confDir, 'zeppelin-site.xml'))).toBe(false);
  });

  test('reload answers OK', async () => {
    expect((await api(server.url, '/api/notebook-repositories/reload')).body).toEqual({ status: 'OK', message: '' });
  });

  test('withSiteProperty keeps the rest of the file', () => {
    const xml = '<?xml version="1.0"?>\n<!-- mine -->\n<configuration>\n<property><name>a</name><value>1</value></property>\n</configuration>\n';
    const replaced = withSiteProperty(xml, 'a', '2&3');
    expect(replaced).toContain('<!-- mine -->');
    expect(replaced).toContain('<value>2&amp;3</value>');
    expect(withSiteProperty(xml, 'b', 'x')).toMatch(/<name>a<\/name><value>1<\/value>[\s\S]*<name>b<\/name>\s*<value>x<\/value>[\s\S]*<\/configuration>/);
  });
});

type Result = { registry: string; enabled: boolean; pkg: { name: string; type: string; artifact: string; published?: string } };

describe('helium', () => {
  test('the shipped packages are seeded and listed with their versions', async () => {
    expect(existsSync(join(server.confDir, 'helium', 'zeppelin-heatmap', '1.1.0', 'index.js'))).toBe(true);
    const all = await api<Record<string, Result[]>>(server.url, '/api/helium/package');
    expect(Object.keys(all.body.body ?? {}).sort()).toEqual(['zeppelin-heatmap', 'zeppelin-map', 'zeppelin-summary', 'zeppelin-wordcount']);
    expect(all.body.body?.['zeppelin-heatmap'].map((r) => r.pkg.artifact).sort()).toEqual(['zeppelin-heatmap/1.0.0', 'zeppelin-heatmap/1.1.0']);
    expect(all.body.body?.['zeppelin-wordcount'][0]).toEqual(expect.objectContaining({ registry: join(server.confDir, 'helium'), enabled: false }));
    expect((await api(server.url, '/api/helium/package/zeppelin-heatmap')).status).toBe(200);
    expect((await api(server.url, '/api/helium/package/nope')).status).toBe(404);
  });

  test('enable with a bare artifact string, bundle served as javascript, disable', async () => {
    expect((await api(server.url, '/api/helium/bundle/load/zeppelin-heatmap')).text).toBe('');
    const enabled = await api(server.url, '/api/helium/enable/zeppelin-heatmap', { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'zeppelin-heatmap/1.0.0' });
    expect(enabled.body).toEqual({ status: 'OK' });
    const on = await api<Result[]>(server.url, '/api/helium/enabledPackage');
    expect(on.body.body?.map((r) => r.pkg.artifact)).toEqual(['zeppelin-heatmap/1.0.0']);
    const bundle = await api(server.url, '/api/helium/bundle/load/zeppelin-heatmap?refresh=false');
    expect(bundle.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(bundle.text).toContain('window._heliumBundles.push({id:"zeppelin-heatmap",name:"zeppelin-heatmap"');
    expect((await api<string[]>(server.url, '/api/helium/order/visualization')).body.body).toEqual(['zeppelin-heatmap']);
    // Enabling another version replaces the first.
    await post('/api/helium/enable/zeppelin-heatmap', 'zeppelin-heatmap/1.1.0');
    expect((await api<Result[]>(server.url, '/api/helium/enabledPackage')).body.body?.map((r) => r.pkg.artifact)).toEqual(['zeppelin-heatmap/1.1.0']);
    expect((await post('/api/helium/disable/zeppelin-heatmap')).body).toEqual({ status: 'OK' });
    expect((await post('/api/helium/disable/zeppelin-heatmap')).status).toBe(404);
    expect((await post('/api/helium/enable/nope', 'nope@1')).status).toBe(404);
    expect((await post('/api/helium/enable/zeppelin-heatmap', 'zeppelin-heatmap@9.9.9')).status).toBe(404);
    expect((await api(server.url, '/api/helium/bundle/load/zeppelin-heatmap')).text).toBe('');
  });

  test('config: 400 unless enabled, spec and persisted values, saved per artifact', async () => {
    const art = encodeURIComponent('zeppelin-wordcount');
    expect((await api(server.url, `/api/helium/config/zeppelin-wordcount/${art}`)).status).toBe(400);
    await post('/api/helium/enable/zeppelin-wordcount', 'zeppelin-wordcount');
    const conf = await api<{ confSpec: Record<string, unknown>; confPersisted: Record<string, unknown> }>(server.url, `/api/helium/config/zeppelin-wordcount/${art}`);
    expect(conf.body.body).toEqual({ confSpec: { top: expect.objectContaining({ type: 'number' }) }, confPersisted: {} });
    expect((await post(`/api/helium/config/zeppelin-wordcount/${art}`, { top: 3 })).body).toEqual({ status: 'OK', body: { top: 3 } });
    expect((await api(server.url, '/api/helium/spell/config/zeppelin-wordcount')).body.body).toEqual(expect.objectContaining({ confPersisted: { top: 3 } }));
    expect((await api(server.url, '/api/helium/config')).body.body).toEqual({ 'zeppelin-wordcount': { top: 3 } });
    expect((await post(`/api/helium/config/zeppelin-wordcount/${art}`, ['x'])).status).toBe(400);
    const state = JSON.parse(readFileSync(join(server.confDir, 'helium.json'), 'utf8')) as { enabled: Record<string, string> };
    expect(state.enabled).toEqual({ 'zeppelin-wordcount': 'zeppelin-wordcount' });
  });

  test('visualisation order is saved and orders the enabled list; bad bodies are 400', async () => {
    expect((await post('/api/helium/order/visualization', ['b', 'a'])).body).toEqual({ status: 'OK' });
    expect((await api<string[]>(server.url, '/api/helium/order/visualization')).body.body).toEqual(['b', 'a']);
    expect((await post('/api/helium/order/visualization', { a: 1 })).status).toBe(400);
  });

  test('a descriptor whose app module leaves the registry, or that is not JSON, is skipped with a warning', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mkdirSync(join(server.confDir, 'helium', 'evil'));
    writeFileSync(join(server.confDir, 'helium', 'evil', 'evil.json'), JSON.stringify({ type: 'APPLICATION', name: 'evil', app: '../../credentials.key' }));
    writeFileSync(join(server.confDir, 'helium', 'broken.json'), '{');
    const all = await api<Record<string, Result[]>>(server.url, '/api/helium/package');
    expect(Object.keys(all.body.body ?? {}).sort()).toEqual(['zeppelin-heatmap', 'zeppelin-map', 'zeppelin-summary', 'zeppelin-wordcount']);
    const warned = warn.mock.calls.map((c) => String(c[0])).join('\n');
    expect(warned).toMatch(/evil\.json: app \.\.\/\.\.\/credentials\.key is missing or outside/);
    expect(warned).toMatch(/broken\.json/);
    warn.mockRestore();
  });

  test('suggest: 404 for unknown notes and paragraphs, no applications offered', async () => {
    expect((await api(server.url, '/api/helium/suggest/nope/p')).status).toBe(404);
    expect((await api(server.url, '/api/helium/suggest/2EYDJKFFY/nope')).status).toBe(404);
  });
});

describe('cluster', () => {
  test('one node, its address, and an honest empty process list before anything ran', async () => {
    const addr = await api<{ clusterAddr: string }>(server.url, '/api/cluster/address');
    expect(addr.body.body?.clusterAddr).toBe(`127.0.0.1:${server.port}`);
    const nodes = await api<Array<{ node: Record<string, unknown>; properties: Record<string, unknown> }>>(server.url, '/api/cluster/nodes');
    expect(nodes.body.body).toHaveLength(1);
    const node = nodes.body.body![0];
    expect(node.node.STATUS).toBe(1);
    expect(node.properties).toEqual(expect.objectContaining({ SERVER_PORT: server.port, INTP_PROCESS_COUNT: 0 }));
    const procs = await api<unknown[]>(server.url, `/api/cluster/node/${encodeURIComponent(String(node.node.NODE_NAME))}/any`);
    expect(procs.status).toBe(200);
    expect(procs.body.body).toEqual([]);
    expect((await api(server.url, '/api/cluster/node/other-node/any')).status).toBe(404);
  });

  test('interpreter sessions are the node\'s processes, with INTP_PROCESS_NAME and a status code', () => {
    const session = (name: string, noteId: string | undefined, running: boolean) => ({
      id: `${name}-${noteId ?? 'shared_process'}`, noteId, closed: false, setting: { id: `id-${name}`, name, group: name },
      scheduler: { running: running ? {} : undefined, size: running ? 1 : 0 }, running: () => (running ? [{}] : []),
    });
    const sessions = { all: () => [session('python', undefined, true), session('sh', 'N1', false)] } as unknown as SessionManager;
    const info = { nodeName: 'n', host: 'h', port: 1, startedAt: new Date(0) };
    const all = nodeProcesses(info, sessions, 'n', '*');
    expect(all?.map((p) => [p.properties.INTP_PROCESS_NAME, p.node.STATUS])).toEqual([['python-shared_process', STATUS.WORKING], ['sh-N1', STATUS.IDLE]]);
    expect(nodeProcesses(info, sessions, 'n', 'sh-N1')?.map((p) => p.node.INTP_PROCESS_NAME)).toEqual(['sh-N1']);
    expect(clusterNodes(info, sessions)[0].properties.INTP_PROCESS_LIST).toBe('python-shared_process,sh-N1');
  });
});
