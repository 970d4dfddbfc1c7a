/** @jest-environment node */
/**
 * Logins under attack, and the configuration op: one user's failed logins or piles of sessions must not lock out
 * or log out anybody else, and the websocket must not tell a non-admin what REST refuses them.
 */
import { LoginLimiter } from '../../server/auth/rateLimit';
import { SessionStore } from '../../server/auth/sessions';
import { api, Client, type TestServer } from './helpers/harness';
import { login, startAuthServer } from './helpers/auth';

jest.setTimeout(30000);

describe('login throttling is by user name and address together', () => {
  test('a locked name stays usable from other addresses, and a locked address for other names', () => {
    let now = 1_000_000;
    const l = new LoginLimiter(undefined, () => now);
    for (let i = 0; i < 5; i++) l.failed('admin', '10.0.0.66');
    expect(l.waitSeconds('admin', '10.0.0.66')).toBe(30);
    expect(l.waitSeconds('Admin', '10.0.0.66')).toBe(30);
    // The real admin elsewhere, and everybody else behind the attacker's address (a proxy), are not locked out.
    expect(l.waitSeconds('admin', '10.0.0.7')).toBe(0);
    for (let i = 0; i < 30; i++) l.failed(`name${i}`, '10.0.0.66');
    expect(l.waitSeconds('bob', '10.0.0.66')).toBe(0);
    now += 30_000;
    expect(l.waitSeconds('admin', '10.0.0.66')).toBe(0);
  });

  describe('over HTTP', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startAuthServer();
    });
    afterAll(() => server.close());

    test('while someone hammers admin and other names from one address, user1 logs in from it with the right password', async () => {
      for (const name of ['admin', 'root', 'guest']) {
        for (let i = 0; i < 6; i++) await login(server.url, name, `guess${i}`);
      }
      expect((await login(server.url, 'admin', 'admin')).status).toBe(429);
      const user1 = await login(server.url, 'user1', 'password2');
      expect(user1.status).toBe(200);
      expect(user1.body.body?.principal).toBe('user1');
    });
  });
});

describe('login sessions are capped per user', () => {
  test("one user's thousands of logins evict that user's oldest sessions, never another user's", () => {
    const store = new SessionStore(86_400_000);
    const bob = store.create('bob', ['role1']);
    const first = store.create('alice', []);
    for (let i = 0; i < 10_000; i++) store.create('alice', []);
    expect(store.touch(bob.id)?.principal).toBe('bob');
    expect(store.touch(first.id)).toBeUndefined();
    expect(store.countFor('alice')).toBeLessThanOrEqual(100);
    expect(store.countFor('alice')).toBeGreaterThan(0);
  });
});

describe('LIST_CONFIGURATIONS follows the rule of /api/configurations', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAuthServer();
  });
  afterAll(() => server.close());

  async function configurationsAs(user: string, password: string): Promise<{ rest: number; ws: Record<string, string> }> {
    const r = await login(server.url, user, password);
    const rest = await api(server.url, '/api/configurations/all', { headers: { cookie: r.cookie } });
    const c = await Client.open(server.wsUrl, server.origin);
    const from = c.mark();
    c.send('LIST_CONFIGURATIONS', {}, { principal: user, ticket: r.body.body?.ticket ?? '' });
    const reply = await c.next('CONFIGURATIONS_INFO', from);
    await c.close();
    return { rest: rest.status, ws: reply.data.configurations };
  }

  test('an admin gets every public setting; a non-admin only what the UI needs (isRevisionSupported)', async () => {
    const admin = await configurationsAs('admin', 'admin');
    expect(admin.rest).toBe(200);
    expect(admin.ws['zeppelin.notebook.dir']).toBe(server.notebookDir);
    const user = await configurationsAs('user1', 'password2');
    expect(user.rest).toBe(401);
    expect(user.ws).toEqual({ isRevisionSupported: admin.ws.isRevisionSupported });
  });
});
