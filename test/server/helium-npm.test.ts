/** @jest-environment node */
/**
 * Helium packages from npm and from local folders, through the REST API of a real server: registries named by
 * `zeppelin.helium.registry` (a local folder and the URL of a helium.json), an npm artifact installed on enable with
 * the user's npm configuration (here a registry on this machine, set as npm_config_registry), bundled with our
 * framework modules, cached by name and version, and install or bundle failures answered as Zeppelin does.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { login, startAuthServer } from './helpers/auth';
import { api, startTestServer, tempDir, type TestServer } from './helpers/harness';

interface FakePackage { name: string; version: string; files: Record<string, string>; dependencies?: Record<string, string> }

const DEP: FakePackage = { name: 'helium-test-dep', version: '1.2.0', files: { 'index.js': "module.exports = function label() { return 'dep-marker-42'; };\n" } };
const VIZ: FakePackage = {
  name: 'helium-test-viz', version: '0.1.0', dependencies: { 'helium-test-dep': '^1.0.0', 'zeppelin-vis': '*', 'zeppelin-tabledata': '*' },
  files: {
    'index.js': [
      "import Visualization from 'zeppelin-vis';",
      "import PassthroughTransformation from 'zeppelin-tabledata/passthrough';",
      "import label from 'helium-test-dep';",
      'export default class TestViz extends Visualization {',
      '  constructor(t, c) { super(t, c); this.tr = new PassthroughTransformation(c); }',
      '  getTransformation() { return this.tr; }',
      '  render() { this.drawn = label(); }',
      '}',
    ].join('\n'),
  },
};

let registry: Server;
let registryUrl: string;
const requests: string[] = [];
const tarballs = new Map<string, Buffer>();
let server: TestServer;
let regDir: string;
const savedEnv = { registry: process.env.npm_config_registry, cache: process.env.npm_config_cache };

/** The package's tarball as `npm pack` makes it. */
function pack(p: FakePackage, work: string): Buffer {
  const dir = join(work, `${p.name}-src`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: p.name, version: p.version, main: 'index.js', dependencies: p.dependencies ?? {} }));
  for (const [f, text] of Object.entries(p.files)) writeFileSync(join(dir, f), text);
  const file = execFileSync('npm', ['pack', '--silent', '--pack-destination', work], { cwd: dir, encoding: 'utf8' }).trim().split('\n').pop() as string;
  return readFileSync(join(work, file));
}

function packument(p: FakePackage, tgz: Buffer): unknown {
  const url = `${registryUrl}/${p.name}/-/${p.name}-${p.version}.tgz`;
  const version = {
    name: p.name, version: p.version, main: 'index.js', dependencies: p.dependencies ?? {},
    dist: { tarball: url, shasum: createHash('sha1').update(tgz).digest('hex'), integrity: `sha512-${createHash('sha512').update(tgz).digest('base64')}` },
  };
  return { name: p.name, 'dist-tags': { latest: p.version }, versions: { [p.version]: version } };
}

beforeAll(async () => {
  const work = tempDir('helium-npm-');
  registry = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '').split('?')[0]);
    requests.push(path);
    const tgz = tarballs.get(path);
    if (tgz) return res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(tgz);
    const known = [DEP, VIZ].find((p) => path === `/${p.name}`);
    if (known) return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(packument(known, tarballs.get(`/${known.name}/-/${known.name}-${known.version}.tgz`) as Buffer)));
    if (path === '/helium.json') {
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([
        { 'online-spell': { '1.0.0': { type: 'SPELL', name: 'online-spell', artifact: 'online-spell@1.0.0', description: 'from a URL', spell: { magic: '%online' } } } },
      ]));
    }
    // Like the public registry, unknown packages (zeppelin-vis here) are 404: the framework modules are ours.
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
  });
  await new Promise<void>((r) => registry.listen(0, '127.0.0.1', r));
  registryUrl = `http://127.0.0.1:${(registry.address() as AddressInfo).port}`;
  for (const p of [DEP, VIZ]) tarballs.set(`/${p.name}/-/${p.name}-${p.version}.tgz`, pack(p, work));
  process.env.npm_config_registry = registryUrl;
  process.env.npm_config_cache = join(work, 'npm-cache');

  regDir = join(work, 'registry');
  mkdirSync(join(regDir, 'local-viz'), { recursive: true });
  writeFileSync(join(regDir, 'viz.json'), JSON.stringify({ type: 'VISUALIZATION', name: 'helium-test-viz', artifact: 'helium-test-viz@0.1.0', icon: '<i class="fa fa-th"></i>' }));
  writeFileSync(join(regDir, 'missing.json'), JSON.stringify({ type: 'VISUALIZATION', name: 'helium-missing', artifact: 'helium-missing@3.0.0' }));
  writeFileSync(join(regDir, 'local.json'), JSON.stringify({ type: 'SPELL', name: 'local-spell', artifact: 'local-spell', spell: { magic: '%local' } }));
  server = await startTestServer({ settings: { 'zeppelin.helium.registry': `${regDir}, ${registryUrl}/helium.json` } });
}, 60_000);

afterAll(async () => {
  process.env.npm_config_registry = savedEnv.registry;
  process.env.npm_config_cache = savedEnv.cache;
  if (savedEnv.registry === undefined) delete process.env.npm_config_registry;
  if (savedEnv.cache === undefined) delete process.env.npm_config_cache;
  await server?.close();
  await new Promise((r) => registry?.close(r));
});

const post = (path: string, body: string) => api(server.url, path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

test('packages of every configured registry are listed, each with the registry it came from', async () => {
  const all = await api<Record<string, { registry: string; pkg: { artifact: string } }[]>>(server.url, '/api/helium/package');
  const listed = Object.fromEntries(Object.entries(all.body.body ?? {}).map(([name, rs]) => [name, rs.map((r) => r.registry)]));
  expect(listed).toEqual({
    'helium-test-viz': [regDir], 'helium-missing': [regDir], 'local-spell': [regDir], 'online-spell': [`${registryUrl}/helium.json`],
  });
});

test('an npm artifact is installed on enable with its dependencies, bundled with our zeppelin-vis, and cached', async () => {
  expect((await post('/api/helium/enable/helium-test-viz', 'helium-test-viz@0.1.0')).body).toEqual({ status: 'OK' });
  const installed = join(server.confDir, 'helium', '.cache', 'npm', 'helium-test-viz@0.1.0', 'node_modules');
  expect(existsSync(join(installed, 'helium-test-viz', 'index.js'))).toBe(true);
  expect(existsSync(join(installed, 'helium-test-dep', 'index.js'))).toBe(true);
  const bundle = (await api(server.url, '/api/helium/bundle/load/helium-test-viz')).text;
  const window: { _heliumBundles?: { id: string; name: string; type: string; icon: string; class: new (t: unknown, c: unknown) => Record<string, unknown> }[] } = {};
  runInNewContext(bundle, { window });
  const [entry] = window._heliumBundles ?? [];
  expect([entry.id, entry.name, entry.type, entry.icon]).toEqual(['helium-test-viz', 'helium-test-viz', 'VISUALIZATION', '<i class="fa fa-th"></i>']);
  const viz = new entry.class({}, { x: 1 });
  (viz.render as () => void)();
  expect([viz.drawn, viz.config, typeof viz.activate]).toEqual(['dep-marker-42', { x: 1 }, 'function']);

  // Enabling the same version again reuses the installed package and its bundle: npm is not asked again.
  const before = requests.length;
  await post('/api/helium/disable/helium-test-viz', '');
  expect((await post('/api/helium/enable/helium-test-viz', 'helium-test-viz@0.1.0')).body).toEqual({ status: 'OK' });
  expect(requests.length).toBe(before);
  expect(existsSync(join(server.confDir, 'helium', '.cache', 'bundles', 'helium-test-viz@0.1.0.js'))).toBe(true);
}, 120_000);

test('a package npm cannot install is not enabled, and the answer says why', async () => {
  const r = await post('/api/helium/enable/helium-missing', 'helium-missing@3.0.0');
  expect(r.status).toBe(500);
  expect(r.body.message).toMatch(/^Package helium-missing could not be bundled: npm install failed/);
  expect(r.body.message).toMatch(/404/);
  expect((await api(server.url, '/api/helium/bundle/load/helium-missing')).text).toBe('');
  expect(existsSync(join(server.confDir, 'helium', '.cache', 'npm', 'helium-missing@3.0.0'))).toBe(false);
}, 120_000);

test('a local folder is bundled on every enable; a bundle that cannot be built is answered ERROR: <reason>', async () => {
  const dir = join(regDir, 'local-spell');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'local-spell', version: '0.0.1', main: 'spell' }));
  writeFileSync(join(dir, 'spell.js'), "import { SpellBase } from 'zeppelin-spell';\nexport default class S extends SpellBase { constructor() { super('%local'); } }\n");
  expect((await post('/api/helium/enable/local-spell', 'local-spell')).body).toEqual({ status: 'OK' });
  expect((await api(server.url, '/api/helium/bundle/load/local-spell')).text).toContain('"%local"');

  writeFileSync(join(dir, 'spell.js'), "import nothing from 'not-installed-anywhere';\nexport default nothing;\n");
  const again = await post('/api/helium/enable/local-spell', 'local-spell');
  expect(again.status).toBe(500);
  expect(again.body.message).toMatch(/Could not resolve "not-installed-anywhere"/);
  // Still enabled with its last good bundle; once that is gone, loading it answers Zeppelin's ERROR text.
  rmSync(join(server.confDir, 'helium', '.cache', 'bundles'), { recursive: true, force: true });
  const load = await api(server.url, '/api/helium/bundle/load/local-spell');
  expect(load.status).toBe(200);
  expect(load.text).toMatch(/^ERROR: .*Could not resolve "not-installed-anywhere"/s);
});

describe('with logins on', () => {
  let auth: TestServer;
  beforeAll(async () => { auth = await startAuthServer(); }, 30_000);
  afterAll(async () => { await auth?.close(); });

  test('only admins enable, disable, configure or reorder packages; everybody may list them', async () => {
    const user = (await login(auth.url, 'user1', 'password2')).cookie;
    const admin = (await login(auth.url, 'admin', 'admin')).cookie;
    const as = (cookie: string, path: string, body: string) => api(auth.url, path, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body });
    expect((await api(auth.url, '/api/helium/package', { headers: { cookie: user } })).status).toBe(200);
    for (const [path, body] of [['/api/helium/enable/zeppelin-wordcount', 'zeppelin-wordcount'], ['/api/helium/disable/zeppelin-wordcount', ''],
      ['/api/helium/config/zeppelin-wordcount/zeppelin-wordcount', '{"top":1}'], ['/api/helium/order/visualization', '[]']]) {
      const r = await as(user, path, body);
      expect([path, r.status, r.body.message]).toEqual([path, 403, 'Only users with the role admin can change Helium packages']);
    }
    expect((await as(admin, '/api/helium/enable/zeppelin-wordcount', 'zeppelin-wordcount')).body).toEqual({ status: 'OK' });
  });
});
