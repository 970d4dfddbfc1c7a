/** @jest-environment node */
/** Interpreter settings, repositories, install and credentials used from interpreters (PROTOCOL 3.5, 4.6, 4.7).
 *
 * @slow (one of the suite's longest files: scheduled first on a fresh machine)
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { InterpreterSetting } from '../../protocol';
import { api, Client, startTestServer, tempDir, type TestServer } from './helpers/harness';
import { newNote, run, textOf } from './helpers/exec';
import { login, startAuthServer } from './helpers/auth';

jest.setTimeout(30000);

let server: TestServer;
const post = <T = unknown>(path: string, json?: unknown) => api<T>(server.url, path, { method: 'POST', ...(json === undefined ? {} : { json }) });
const put = <T = unknown>(path: string, json?: unknown) => api<T>(server.url, path, { method: 'PUT', ...(json === undefined ? {} : { json }) });
const del = (path: string) => api(server.url, path, { method: 'DELETE' });
const onDisk = (dir = server.confDir) => JSON.parse(readFileSync(join(dir, 'interpreter.json'), 'utf8')) as {
  interpreterSettings: Record<string, InterpreterSetting>; interpreterRepositories: { id: string; url: string; proxy?: unknown }[];
};

beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

describe('settings: create, edit, remove', () => {
  test('create copies the group interpreters, keeps typed values and script text, and is written to interpreter.json', async () => {
    const r = await post<InterpreterSetting>('/api/interpreter/setting', {
      name: 'sh2', group: 'sh',
      properties: {
        'shell.command.timeout.millisecs': { name: 'shell.command.timeout.millisecs', value: 5000, type: 'number' },
        'shell.working.directory.user.home': { value: 'true', type: 'checkbox' },
        note: { value: '<script>alert(1)</script>$(rm -rf /)', type: 'textarea' },
      },
      dependencies: [],
      option: { perNote: 'scoped', perUser: 'isolated', isExistingProcess: false, setPermission: false, owners: [], isUserImpersonate: false },
    });
    expect(r.status).toBe(200);
    const created = r.body.body as InterpreterSetting;
    expect(created).toMatchObject({ id: 'sh2', name: 'sh2', group: 'sh', status: 'READY' });
    expect(created.interpreterGroup.map((i) => i.class)).toEqual(['org.apache.zeppelin.shell.ShellInterpreter']);
    expect(created.properties['shell.command.timeout.millisecs']).toEqual({ name: 'shell.command.timeout.millisecs', value: '5000', type: 'number' });
    expect(created.properties['shell.working.directory.user.home'].value).toBe(true);
    expect(created.properties.note.value).toBe('<script>alert(1)</script>$(rm -rf /)');
    expect(created.option).toMatchObject({ perNote: 'scoped', perUser: 'isolated' });
    expect(onDisk().interpreterSettings.sh2.properties.note.value).toBe('<script>alert(1)</script>$(rm -rf /)');
    const listed = await api<InterpreterSetting[]>(server.url, '/api/interpreter/setting');
    expect(listed.body.body?.map((s) => s.id)).toContain('sh2');
  });

  test.each([
    [{ name: '', group: 'sh' }, 400, "Interpreter name shouldn't be empty, and can consist only of: -_a-zA-Z0-9"],
    [{ name: 'has space', group: 'sh' }, 400, "Interpreter name shouldn't be empty, and can consist only of: -_a-zA-Z0-9"],
    [{ name: 'x1' }, 400, 'Please choose an interpreter group'],
    [{ name: 'x1', group: 'spark' }, 400, 'Interpreter group spark does not exist'],
    [{ name: 'sh', group: 'sh' }, 409, 'Name sh already exists'],
    [{ name: 'x1', group: 'sh', properties: { a: { value: 'abc', type: 'number' } } }, 400, 'Property a: value must be a number'],
    [{ name: 'x1', group: 'sh', properties: { a: { value: 'yes', type: 'checkbox' } } }, 400, 'Property a: a checkbox value must be true or false'],
    [{ name: 'x1', group: 'sh', properties: { a: { value: 'x', type: 'color' } } }, 400, 'Property a: type must be one of textarea, string, number, url, password, checkbox'],
    [{ name: 'x1', group: 'sh', option: { perNote: 'private' } }, 400, 'option.perNote must be shared, scoped or isolated'],
    [{ name: 'x1', group: 'sh', dependencies: [{ exclusions: [] }] }, 400, 'Dependency 1: groupArtifactVersion must not be empty'],
  ])('create refuses %j with %i "%s"', async (body, code, message) => {
    const r = await post('/api/interpreter/setting', body);
    expect(r.status).toBe(code);
    expect(r.body.message).toBe(message);
    expect(Object.keys(onDisk().interpreterSettings)).toEqual(['md', 'sh', 'python', 'sql', 'js', 'jdbc', 'angular']);
  });

  test('an empty body is a 400, not a crash', async () => {
    const r = await api(server.url, '/api/interpreter/setting', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '' });
    expect(r.status).toBe(400);
  });

  test('a Maven dependency is refused honestly: the setting is ERROR with the reason', async () => {
    const r = await post<InterpreterSetting>('/api/interpreter/setting', { name: 'withdep', group: 'sh', dependencies: [{ groupArtifactVersion: 'org.postgresql:postgresql:42.7.3' }] });
    expect(r.status).toBe(200);
    expect(r.body.body).toMatchObject({ status: 'ERROR', dependencies: [{ groupArtifactVersion: 'org.postgresql:postgresql:42.7.3', local: false }] });
    expect(r.body.body?.errorReason).toMatch(/^Cannot download org\.postgresql:postgresql:42\.7\.3: this server does not download/);
    const fixed = await put<InterpreterSetting>('/api/interpreter/setting/withdep', { dependencies: [{ groupArtifactVersion: join(server.confDir, 'interpreter.json') }] });
    expect(fixed.body.body).toMatchObject({ status: 'READY', dependencies: [{ local: true, exclusions: [] }] });
    expect(fixed.body.body?.errorReason).toBeUndefined();
  });

  test('edit changes properties and option, keeps name and group, persists across a restart, closes the sessions', async () => {
    const client = await Client.open(server.wsUrl, server.origin);
    try {
      const { pid } = await newNote(client, '/edit', 'sh');
      const again = await run(client, pid, '%sh echo ok');
      expect(again.final.status).toBe('FINISHED');
      const r = await put<InterpreterSetting>('/api/interpreter/setting/sh', {
        name: 'renamed', group: 'md',
        properties: { 'shell.command.timeout.millisecs': { value: '700', type: 'number' }, 'shell.working.directory.user.home': { value: false, type: 'checkbox' } },
        option: { perNote: 'isolated', setPermission: true, owners: ['anonymous', ' ', 'anonymous'] },
      });
      expect(r.status).toBe(200);
      expect(r.body.body).toMatchObject({ id: 'sh', name: 'sh', group: 'sh', option: { perNote: 'isolated', setPermission: true, owners: ['anonymous'] } });
      // The new timeout applies at once: the session was closed and reopened with the edited properties.
      const slow = await run(client, pid, '%sh sleep 3; echo late');
      expect(slow.final.status).toBe('ERROR');
      expect(textOf(slow.final)).toContain('shell.command.timeout.millisecs (700 ms)');
    } finally {
      await client.close();
    }
    expect(onDisk().interpreterSettings.sh.properties['shell.command.timeout.millisecs'].value).toBe('700');
  });

  test('created and edited settings survive a server restart over the same conf dir', async () => {
    const confDir = join(tempDir(), 'conf');
    await server.close();
    server = await startTestServer({ confDir });
    await post('/api/interpreter/setting', { name: 'py2', group: 'python', properties: { 'zeppelin.python': { value: 'python3', type: 'string' } } });
    await put('/api/interpreter/setting/md', { option: { perNote: 'scoped' } });
    await server.close();
    server = await startTestServer({ confDir });
    const all = (await api<InterpreterSetting[]>(server.url, '/api/interpreter/setting')).body.body ?? [];
    expect(all.map((s) => s.id)).toEqual(['md', 'sh', 'python', 'sql', 'js', 'jdbc', 'angular', 'py2']);
    expect(all.find((s) => s.id === 'md')?.option.perNote).toBe('scoped');
    expect(all.find((s) => s.id === 'py2')?.interpreterGroup.map((i) => i.name)).toEqual(['python', 'ipython']);
    rmSync(join(confDir, '..'), { recursive: true, force: true });
  });

  test('delete removes the setting from memory and disk; unknown ids are 404', async () => {
    await post('/api/interpreter/setting', { name: 'gone', group: 'md' });
    expect((await del('/api/interpreter/setting/gone')).body).toEqual({ status: 'OK' });
    expect(onDisk().interpreterSettings.gone).toBeUndefined();
    expect((await api(server.url, '/api/interpreter/setting/gone')).status).toBe(404);
    expect((await del('/api/interpreter/setting/gone')).status).toBe(404);
    expect((await put('/api/interpreter/setting/gone', { properties: {} })).status).toBe(404);
  });

  test('changes send every connected user a fresh INTERPRETER_SETTINGS', async () => {
    const client = await Client.open(server.wsUrl, server.origin);
    try {
      await client.request('GET_INTERPRETER_SETTINGS', {}, 'INTERPRETER_SETTINGS');
      const from = client.mark();
      await post('/api/interpreter/setting', { name: 'md2', group: 'md' });
      const f = await client.next('INTERPRETER_SETTINGS', from);
      expect(f.data.interpreterSettings.map((s) => s.id)).toContain('md2');
      const from2 = client.mark();
      await del('/api/interpreter/setting/md2');
      const g = await client.next('INTERPRETER_SETTINGS', from2);
      expect(g.data.interpreterSettings.map((s) => s.id)).not.toContain('md2');
    } finally {
      await client.close();
    }
  });
});

describe('running a created setting, owners', () => {
  test('%sh2 runs through the new setting; owners that exclude the user stop the run with a clear message', async () => {
    const client = await Client.open(server.wsUrl, server.origin);
    try {
      expect((await post('/api/interpreter/setting', { name: 'sh2', group: 'sh' })).status).toBe(200);
      const { pid } = await newNote(client, '/owners', 'md');
      const ok = await run(client, pid, '%sh2 echo hi');
      expect(ok.final.status).toBe('FINISHED');
      expect(textOf(ok.final)).toBe('hi\n');
      await put('/api/interpreter/setting/sh2', { option: { setPermission: true, owners: ['alice', 'admins'] } });
      const refused = await run(client, pid, '%sh2 echo hi');
      expect(refused.final.status).toBe('ERROR');
      expect(textOf(refused.final)).toBe('anonymous has no permission for sh2');
      const settings = await client.request('GET_INTERPRETER_SETTINGS', {}, 'INTERPRETER_SETTINGS');
      expect(settings.data.interpreterSettings.map((s) => s.id)).not.toContain('sh2');
      await put('/api/interpreter/setting/sh2', { option: { setPermission: true, owners: ['alice', 'anonymous'] } });
      expect((await run(client, pid, '%sh2 echo back')).final.status).toBe('FINISHED');
    } finally {
      await client.close();
    }
  });
});

describe('owners naming a role, with logins on', () => {
  test('a user holding an owner role may run the setting; a user without it is refused by name', async () => {
    const auth = await startAuthServer();
    try {
      const as = async (user: string, password: string) => (await login(auth.url, user, password)).cookie;
      const admin = await as('admin', 'admin');
      const call = <T = unknown>(cookie: string, method: string, path: string, json?: unknown) =>
        api<T>(auth.url, path, { method, headers: { cookie }, ...(json === undefined ? {} : { json }) });
      expect((await call(admin, 'POST', '/api/interpreter/setting', { name: 'sh2', group: 'sh', option: { setPermission: true, owners: ['role2'] } })).status).toBe(200);
      const created = await call<string>(admin, 'POST', '/api/notebook', { name: '/role owners', paragraphs: [{ text: '%sh2 echo from-$USER-role' }] });
      const noteId = created.body.body as string;
      const note = await call<{ paragraphs: { id: string }[] }>(admin, 'GET', `/api/notebook/${noteId}`);
      const pid = note.body.body?.paragraphs[0].id as string;
      // user1 holds role1 and role2; user2 only role3 (helpers/auth.ts).
      const byUser1 = await call<{ code: string; msg: { data: string }[] }>(await as('user1', 'password2'), 'POST', `/api/notebook/run/${noteId}/${pid}`);
      expect(byUser1.body.body?.code).toBe('SUCCESS');
      const byUser2 = await call<{ code: string; msg: { data: string }[] }>(await as('user2', 'password3'), 'POST', `/api/notebook/run/${noteId}/${pid}`);
      expect(byUser2.body.body?.code).toBe('ERROR');
      expect(byUser2.body.body?.msg.map((m) => m.data).join('')).toBe('user2 has no permission for sh2');
    } finally {
      await auth.close();
    }
  });
});

describe('credentials used from interpreters', () => {
  test('an environment-style property and an injectCredentials script get the running user\'s credential; the password is masked', async () => {
    const client = await Client.open(server.wsUrl, server.origin);
    try {
      expect((await put('/api/credential', { entity: 'pgdb', username: 'ann', password: 'hunter2-secret' })).status).toBe(200);
      await post('/api/interpreter/setting', {
        name: 'sh2', group: 'sh',
        properties: { DB_USER: { value: '{pgdb.user}', type: 'string' }, DB_PASSWORD: { value: '{pgdb.password}', type: 'password' } },
      });
      const { pid } = await newNote(client, '/creds', 'md');
      const env = await run(client, pid, '%sh2 echo "user=$DB_USER pw=$DB_PASSWORD"');
      expect(env.final.status).toBe('FINISHED');
      expect(textOf(env.final)).toBe('user=ann pw=###\n');
      const script = await run(client, pid, '%sh2(injectCredentials=true) echo "{pgdb.user}" "{pgdb.password}" "{other.user}"');
      expect(textOf(script.final)).toBe('ann ### {other.user}\n');
      const plain = await run(client, pid, '%sh2 echo "{pgdb.user}"');
      expect(textOf(plain.final)).toBe('{pgdb.user}\n');
      const disk = readFileSync(join(server.confDir, 'interpreter.json'), 'utf8');
      expect(disk).toContain('{pgdb.user}');
      expect(disk).not.toContain('ann');
      expect(disk).not.toContain('hunter2');
      const notes = JSON.stringify(await api(server.url, '/api/notebook'));
      expect(notes).not.toContain('hunter2');
    } finally {
      await client.close();
    }
  });
});

describe('repositories', () => {
  test('central and local by default; add with proxy; passwords never come back; delete; persisted', async () => {
    const list = await api<{ id: string; url: string }[]>(server.url, '/api/interpreter/repository');
    expect(list.body.body?.map((r) => r.id)).toEqual(['central', 'local']);
    expect(list.body.body?.[0].url).toBe('https://repo1.maven.org/maven2/');
    const added = await post('/api/interpreter/repository', {
      id: 'corp-repo', url: 'https://repo.example.com/maven/', snapshot: true, username: 'deploy', password: 'repo-pass',
      proxyProtocol: 'HTTPS', proxyHost: 'proxy.example.com', proxyPort: '3128', proxyLogin: 'pl', proxyPassword: 'proxy-pass',
    });
    expect(added.body).toEqual({ status: 'OK' });
    const after = await api<Record<string, unknown>[]>(server.url, '/api/interpreter/repository');
    const corp = after.body.body?.find((r) => r.id === 'corp-repo');
    expect(corp).toMatchObject({
      url: 'https://repo.example.com/maven/', snapshotPolicy: { enabled: true }, authentication: { username: 'deploy' },
      proxy: { type: 'HTTPS', host: 'proxy.example.com', port: 3128, authentication: { username: 'pl' } },
    });
    expect(JSON.stringify(after.body)).not.toContain('pass');
    expect(onDisk().interpreterRepositories.map((r) => r.id)).toEqual(['central', 'local', 'corp-repo']);
    // Settings writes keep the repositories.
    await post('/api/interpreter/setting', { name: 'md2', group: 'md' });
    expect(onDisk().interpreterRepositories.map((r) => r.id)).toContain('corp-repo');
    expect((await post('/api/interpreter/repository', { id: 'corp-repo', url: 'https://x/' })).status).toBe(409);
    expect((await del('/api/interpreter/repository/corp-repo')).body).toEqual({ status: 'OK' });
    expect((await del('/api/interpreter/repository/corp-repo')).status).toBe(404);
    const central = await del('/api/interpreter/repository/central');
    expect(central.status).toBe(400);
    expect(central.body.message).toBe('The default repository central cannot be removed');
  });

  test.each([
    [{ id: 'bad id', url: 'https://x/' }, 'Repository id must not be empty and can consist only of: a-zA-Z0-9._-'],
    [{ id: 'r1', url: 'not a url' }, 'Repository url is not a valid URL: not a url'],
    [{ id: 'r1', url: 'ftp://x/' }, 'Repository url must start with http://, https:// or file://'],
    [{ id: 'r1', url: 'https://x/', proxyHost: 'p', proxyPort: 'abc' }, 'proxyPort must be a port number (1-65535)'],
    [{ id: 'r1', url: 'https://x/', proxyHost: 'p', proxyPort: 80, proxyProtocol: 'SOCKS' }, 'proxyProtocol must be HTTP or HTTPS'],
  ])('refuses %j', async (body, message) => {
    const r = await post('/api/interpreter/repository', body);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ status: 'BAD_REQUEST', message });
  });
});

describe('install', () => {
  test('answers OK, then tells every connected user honestly that nothing can be downloaded', async () => {
    const client = await Client.open(server.wsUrl, server.origin);
    try {
      await client.request('GET_INTERPRETER_SETTINGS', {}, 'INTERPRETER_SETTINGS');
      const from = client.mark();
      const r = await post('/api/interpreter/install', { name: 'jdbc', artifact: 'org.apache.zeppelin:zeppelin-jdbc:0.11.0' });
      expect(r.body).toEqual({ status: 'OK' });
      const f = await client.next('INTERPRETER_INSTALL_RESULT', from);
      expect(f.data).toEqual({
        result: 'Failed',
        message: 'Error while starting to install jdbc interpreter: this server cannot download org.apache.zeppelin:zeppelin-jdbc:0.11.0; it only runs its built-in interpreters',
      });
      expect((await post('/api/interpreter/install', { name: 'jdbc' })).status).toBe(400);
    } finally {
      await client.close();
    }
  });
});
