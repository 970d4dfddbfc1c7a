/** @jest-environment node */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseSiteXml, ZeppelinConfig } from '../../server/config';
import { OriginPolicy } from '../../server/origin';
import { api, Client, startTestServer, tempDir, type TestServer } from './helpers/harness';

describe('server startup and HTTP basics', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  test('answers version, ticket and client configuration in the REST envelope', async () => {
    const version = await api(server.url, '/api/version');
    expect(version.status).toBe(200);
    expect(version.body).toMatchObject({ status: 'OK', message: 'Zeppelin version', body: { version: expect.any(String), 'git-commit-id': expect.any(String) } });
    const ticket = await api(server.url, '/api/security/ticket');
    expect(ticket.body.body).toEqual({ principal: 'anonymous', ticket: 'anonymous', roles: '[]' });
    const client = await api(server.url, '/api/configurations/client');
    // Zeppelin's field, and ours (docs/protocol.md 3.11) that a Zeppelin client ignores.
    expect(client.body.body).toEqual({ wsMaxMessageSize: 10240000, resultHistoryMax: 20 });
    expect(version.headers.get('cache-control')).toBe('no-cache');
  });

  test('unknown /api paths answer a NOT_FOUND envelope', async () => {
    const res = await api(server.url, '/api/nothing/here');
    expect(res.status).toBe(404);
    expect(res.body.status).toBe('NOT_FOUND');
  });

  test('without a built UI, / says how to build it', async () => {
    const res = await api(server.url, '/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('npm run build');
  });

  test('state-changing requests from a foreign origin are refused with 403, GETs are served', async () => {
    const post = await api(server.url, '/api/notebook', { method: 'POST', json: { notePath: '/x' }, headers: { origin: 'http://evil.example' } });
    expect(post.status).toBe(403);
    expect(post.text).toBe('Origin not allowed');
    const get = await api(server.url, '/api/notebook', { headers: { origin: 'http://evil.example' } });
    expect(get.status).toBe(200);
    expect(get.headers.get('access-control-allow-origin')).toBe('');
    const ok = await api(server.url, '/api/notebook', { headers: { origin: 'http://localhost:3000' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true');
  });

  test('bodies with an unsupported content type get 415', async () => {
    const res = await api(server.url, '/api/notebook', { method: 'POST', body: 'x', headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(415);
    expect(res.text).toBe('Unsupported Content-Type');
  });

  test('malformed JSON bodies get a BAD_REQUEST envelope', async () => {
    const res = await api(server.url, '/api/notebook', { method: 'POST', body: '{nope', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('BAD_REQUEST');
  });

  test('websocket handshake: own address and localhost accepted, foreign and missing origins refused', async () => {
    const own = await Client.open(server.wsUrl, server.origin);
    const local = await Client.open(server.wsUrl, 'http://localhost:9999');
    await own.sync();
    await Promise.all([own.close(), local.close()]);
    await expect(Client.open(server.wsUrl, 'http://evil.example')).rejects.toThrow(/403/);
    await expect(Client.open(server.wsUrl, undefined)).rejects.toThrow(/403/);
    await expect(Client.open(server.wsUrl.replace(/ws$/, 'other'), server.origin)).rejects.toThrow(/404/);
  });
});

describe('configuration', () => {
  test('zeppelin-site.xml is read, the environment overrides it, explicit settings override both', () => {
    const conf = tempDir();
    writeFileSync(join(conf, 'zeppelin-site.xml'), `<?xml version="1.0"?>
<configuration>
  <property><name>zeppelin.notebook.homescreen</name><value>2EYDJKFFY</value><description>home</description></property>
  <property><name>zeppelin.server.allowed.origins</name><value>http://a.example</value></property>
  <property><name>zeppelin.websocket.max.text.message.size</name><value>1000</value></property>
</configuration>`);
    const cfg = ZeppelinConfig.load(conf, { ZEPPELIN_WEBSOCKET_MAX_TEXT_MESSAGE_SIZE: '2000' }, { 'zeppelin.server.allowed.origins': '*' });
    expect(cfg.get('zeppelin.notebook.homescreen')).toBe('2EYDJKFFY');
    expect(cfg.getInt('zeppelin.websocket.max.text.message.size', 0)).toBe(2000);
    expect(cfg.get('zeppelin.server.allowed.origins')).toBe('*');
    expect(cfg.getBool('zeppelin.jobmanager.enable')).toBe(true);
    expect(parseSiteXml('<configuration></configuration>')).toEqual({});
  });

  test('secrets are not exposed', () => {
    const cfg = new ZeppelinConfig({ 'a.password': 'x', 'a.b': 'y' });
    expect(cfg.publicEntries()).toEqual({ 'a.b': 'y' });
  });

  test('origin policy follows Zeppelin plus 127.0.0.1 and the listen address', () => {
    const policy = new OriginPolicy('http://a.example,http://b.example', '10.1.2.3');
    expect(policy.allows('http://a.example')).toBe(true);
    expect(policy.allows('http://localhost:1')).toBe(true);
    expect(policy.allows('http://127.0.0.1:8080')).toBe(true);
    expect(policy.allows('http://10.1.2.3:8080')).toBe(true);
    expect(policy.allows('http://c.example')).toBe(false);
    expect(policy.allows(undefined)).toBe(false);
    expect(new OriginPolicy('*', '').allows(undefined)).toBe(true);
  });

  test('site settings reach the running server (homescreen, message size, result history)', async () => {
    const dir = tempDir();
    const confDir = join(dir, 'conf');
    mkdirSync(confDir);
    writeFileSync(join(confDir, 'zeppelin-site.xml'), '<configuration><property><name>zeppelin.websocket.max.text.message.size</name><value>4096</value></property><property><name>zeppelin.notebook.result.history.max</name><value>5</value></property></configuration>');
    const server = await startTestServer({ confDir });
    try {
      const res = await api(server.url, '/api/configurations/client');
      expect(res.body.body).toEqual({ wsMaxMessageSize: 4096, resultHistoryMax: 5 });
    } finally {
      await server.close();
    }
  });
});

describe('static UI', () => {
  test('serves files from webDir and falls back to index.html for client routes', async () => {
    const dir = tempDir();
    const webDir = join(dir, 'dist');
    mkdirSync(webDir);
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>ui</title>');
    writeFileSync(join(webDir, 'app.js'), 'console.log(1)');
    const server = await startTestServer({ webDir });
    try {
      expect((await api(server.url, '/')).text).toContain('<title>ui</title>');
      expect((await api(server.url, '/app.js')).text).toBe('console.log(1)');
      const route = await api(server.url, '/notebook/2EYDJKFFY');
      expect(route.status).toBe(200);
      expect(route.text).toContain('<title>ui</title>');
      expect((await api(server.url, '/api/nope')).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  test("the note's result document is served sandboxed (an opaque origin even when opened on its own)", async () => {
    const dir = tempDir();
    const webDir = join(dir, 'dist');
    mkdirSync(webDir);
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>ui</title>');
    writeFileSync(join(webDir, 'result-frame.html'), '<!doctype html><title>results</title>');
    const server = await startTestServer({ webDir });
    try {
      const frame = await api(server.url, '/result-frame.html');
      expect(frame.text).toContain('<title>results</title>');
      expect(frame.headers.get('content-security-policy')).toBe('sandbox allow-scripts allow-popups allow-forms allow-modals');
      expect((await api(server.url, '/')).headers.get('content-security-policy') ?? '').not.toContain('sandbox');
    } finally {
      await server.close();
    }
  });
});

describe('CLI entry (server/main.ts)', () => {
  test('prints exactly one ready line, serves, and exits cleanly on SIGTERM', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(__dirname, '../../server/main.ts')], {
      env: { ...process.env, ZEPPELIN_PORT: '0', ZEPPELIN_ADDR: '127.0.0.1', ZEPPELIN_NOTEBOOK_DIR: join(dir, 'nb'), ZEPPELIN_CONF_DIR: join(dir, 'conf'), ZEPPELIN_WEB_DIR: join(dir, 'none') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err += String(d);
    });
    const url = await new Promise<string>((res, rej) => {
      const timer = setTimeout(() => rej(new Error(`no ready line; stderr: ${err}`)), 20000);
      child.stdout.on('data', (d: Buffer) => {
        out += String(d);
        const m = /^Zeppelin server is ready at (http:\/\/127\.0\.0\.1:\d+\/)\n/.exec(out);
        if (m) {
          clearTimeout(timer);
          res(m[1]);
        }
      });
    });
    const created = await api(url, '/api/notebook', { method: 'POST', json: { notePath: '/cli/note' } });
    expect(created.body.status).toBe('OK');
    const exit = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(out.trim().split('\n')).toHaveLength(1);
    expect(readdirSync(join(dir, 'nb', 'cli'))).toEqual([`note_${String(created.body.body)}.zpln`]);
  }, 30000);
});
