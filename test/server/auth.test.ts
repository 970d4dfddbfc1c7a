/** @jest-environment node */
/**
 * Logins with a shiro.ini over real HTTP (PROTOCOL 1.11, 3.2): login, cookie, ticket, user list, logout, [urls]
 * rules, throttling and the body limit; and the anonymous mode without one.
 */
import { api, startTestServer, type TestServer } from './helpers/harness';
import { login, startAuthServer } from './helpers/auth';
import { LOGIN_FAILED_MESSAGE } from '../../server/auth/routes';

const FAILED = { status: 'FORBIDDEN', message: LOGIN_FAILED_MESSAGE };

describe('with a shiro.ini', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAuthServer();
  });
  afterAll(async () => {
    await server.close();
  });

  test('login answers Zeppelin\'s ticket envelope and sets an HttpOnly, SameSite session cookie', async () => {
    const r = await login(server.url, 'user1', 'password2');
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('OK');
    expect(r.body.message).toBe('');
    expect(r.body.body).toEqual({ principal: 'user1', ticket: expect.stringMatching(/^[0-9a-f-]{36}$/), roles: '["role1","role2"]' });
    expect(r.setCookie).toMatch(/^JSESSIONID=[A-Za-z0-9_-]{40,}; /);
    expect(r.setCookie).toContain('HttpOnly');
    expect(r.setCookie).toContain('SameSite=Lax');
    expect(r.setCookie).toContain('Path=/');
    // One ticket per user: a second device gets the same ticket but its own session.
    const again = await login(server.url, 'user1', 'password2');
    expect(again.body.body?.ticket).toBe(r.body.body?.ticket);
    expect(again.cookie).not.toBe(r.cookie);
  });

  test('a hashed password logs in; wrong password and unknown user get the same 403', async () => {
    const hashed = await login(server.url, 'user2', 'password3');
    expect(hashed.body.body).toMatchObject({ principal: 'user2', roles: '["role3"]' });
    const wrong = await login(server.url, 'user1', 'nope');
    const unknown = await login(server.url, 'nobody', 'nope');
    const hashWrong = await login(server.url, 'user2', 'password2');
    for (const r of [wrong, unknown, hashWrong]) {
      expect(r.status).toBe(403);
      expect(r.body).toEqual(FAILED);
      expect(r.setCookie).toBeNull();
    }
    const empty = await login(server.url, '', '');
    expect(empty.body).toEqual(FAILED);
  });

  test('the ticket endpoint needs a login, then returns the session\'s principal, ticket and roles', async () => {
    const anon = await api(server.url, '/api/security/ticket', { redirect: 'manual' });
    expect(anon.status).toBe(302);
    expect(anon.headers.get('location')).toBe('/api/login');
    // What a browser's fetch sees after following the redirect:
    const followed = await api(server.url, '/api/security/ticket');
    expect(followed.status).toBe(405);
    expect(followed.body).toEqual({ status: 'METHOD_NOT_ALLOWED' });

    const r = await login(server.url, 'admin', 'admin');
    const t = await api<{ principal: string; ticket: string; roles: string }>(server.url, '/api/security/ticket', { headers: { cookie: r.cookie } });
    expect(t.body).toEqual({ status: 'OK', message: '', body: { principal: 'admin', ticket: r.body.body?.ticket, roles: '["admin"]' } });
    const forged = await api(server.url, '/api/security/ticket', { headers: { cookie: 'JSESSIONID=forged' }, redirect: 'manual' });
    expect(forged.status).toBe(302);
  });

  test('userlist: at most 5 users containing the term, prefix matches first, and matching roles', async () => {
    const r = await login(server.url, 'user1', 'password2');
    const u = await api<{ users: string[]; roles: string[] }>(server.url, '/api/security/userlist/user', { headers: { cookie: r.cookie } });
    expect(u.body.body).toEqual({ users: ['user1', 'user2'], roles: [] });
    const roles = await api<{ users: string[]; roles: string[] }>(server.url, '/api/security/userlist/ROLE', { headers: { cookie: r.cookie } });
    expect(roles.body.body).toEqual({ users: [], roles: ['role1', 'role2', 'role3'] });
    const mid = await api<{ users: string[]; roles: string[] }>(server.url, '/api/security/userlist/min', { headers: { cookie: r.cookie } });
    expect(mid.body.body).toEqual({ users: ['admin'], roles: ['admin'] });
  });

  test('[urls]: anon paths are open, authc paths redirect to the login URL, admin paths refuse other roles with 401', async () => {
    expect((await api(server.url, '/api/version')).status).toBe(200);
    const notes = await api(server.url, '/api/notebook', { redirect: 'manual' });
    expect(notes.status).toBe(302);
    const post = await api(server.url, '/api/notebook', { method: 'POST', json: { notePath: '/x' }, redirect: 'manual' });
    expect(post.status).toBe(302);

    const user = await login(server.url, 'user1', 'password2');
    const admin = await login(server.url, 'admin', 'admin');
    expect((await api(server.url, '/api/notebook', { headers: { cookie: user.cookie } })).status).toBe(200);
    expect((await api(server.url, '/api/configurations/client', { headers: { cookie: user.cookie } })).status).toBe(200);
    for (const path of ['/api/interpreter/setting', '/api/configurations/all', '/api/credential']) {
      const denied = await api(server.url, path, { headers: { cookie: user.cookie } });
      expect(denied.status).toBe(401);
      expect(denied.body.status).toBe('UNAUTHORIZED');
      expect((await api(server.url, path, { headers: { cookie: admin.cookie } })).status).toBe(200);
    }
    // Other spellings of a protected path are matched too.
    for (const path of ['/api//interpreter/setting', '/api/./interpreter/setting', '/api/%69nterpreter/setting', '/api/notebook/../interpreter/setting']) {
      const r = await fetch(`${server.origin}${path}`, { headers: { cookie: user.cookie }, redirect: 'manual' });
      expect([401, 404]).toContain(r.status);
    }
  });

  test('logout ends the session, clears the cookie and revokes the ticket', async () => {
    const a = await login(server.url, 'user2', 'password3');
    const out = await api(server.url, '/api/login/logout', { method: 'POST', headers: { cookie: a.cookie } });
    expect(out.status).toBe(401);
    expect(out.body).toEqual({ status: 'UNAUTHORIZED', message: '', body: { clearAuthorizationHeader: 'true' } });
    const cleared = out.headers.get('set-cookie') ?? '';
    expect(cleared).toMatch(/^JSESSIONID=; /);
    expect(cleared).toContain('Max-Age=0');
    expect(cleared).toContain('HttpOnly');
    expect((await api(server.url, '/api/security/ticket', { headers: { cookie: a.cookie }, redirect: 'manual' })).status).toBe(302);
    // A new login makes a new ticket: the old one was revoked.
    const b = await login(server.url, 'user2', 'password3');
    expect(b.body.body?.ticket).not.toBe(a.body.body?.ticket);
    // Logout without a session is harmless.
    expect((await api(server.url, '/api/login/logout', { method: 'POST' })).status).toBe(401);
  });

  test('an oversize login body is refused before it is read', async () => {
    const r = await api(server.url, '/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `userName=admin&password=${'x'.repeat(100_000)}`,
    });
    expect(r.status).toBe(413);
    const json = await api(server.url, '/api/login', { method: 'POST', json: { userName: 'user1', password: 'password2', pad: 'y'.repeat(50_000) } });
    expect(json.status).toBe(413);
  });
});

describe('REST calls act as the logged-in user (principalOf)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAuthServer({ shiroIni: '[users]\nuser1 = password2, role1\nuser2 = password3\n[urls]\n/** = authc\n' });
  });
  afterAll(async () => {
    await server.close();
  });

  test('credentials are kept per logged-in user', async () => {
    const u1 = await login(server.url, 'user1', 'password2');
    const u2 = await login(server.url, 'user2', 'password3');
    const put = await api(server.url, '/api/credential', { method: 'PUT', json: { entity: 'md.md', username: 'u1db', password: 'pw' }, headers: { cookie: u1.cookie } });
    expect(put.status).toBe(200);
    const mine = await api<{ userCredentials: Record<string, { username: string }> }>(server.url, '/api/credential', { headers: { cookie: u1.cookie } });
    expect(mine.body.body?.userCredentials['md.md']?.username).toBe('u1db');
    const theirs = await api<{ userCredentials: Record<string, unknown> }>(server.url, '/api/credential', { headers: { cookie: u2.cookie } });
    expect(theirs.body.body?.userCredentials).toEqual({});
  });
});

describe('login throttling', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startAuthServer();
  });
  afterEach(async () => {
    await server.close();
  });

  test('5 failures for a user lock it, also for the right password, with a "wait N seconds" answer', async () => {
    for (let i = 0; i < 4; i++) expect((await login(server.url, 'user1', `bad${i}`)).body).toEqual(FAILED);
    const fifth = await login(server.url, 'user1', 'bad4');
    expect(fifth.status).toBe(429);
    expect(fifth.body.status).toBe('TOO_MANY_REQUESTS');
    expect(fifth.body.message).toMatch(/^Too many failed login attempts\. Please wait (2\d|30) seconds before trying again\.$/);
    const right = await login(server.url, 'user1', 'password2');
    expect(right.status).toBe(429);
    expect(right.setCookie).toBeNull();
    // Unknown names are throttled the same way, so throttling does not tell who exists.
    for (let i = 0; i < 4; i++) expect((await login(server.url, 'ghost', `bad${i}`)).status).toBe(403);
    expect((await login(server.url, 'ghost', 'bad')).status).toBe(429);
  });

  // Locks are per name and address together, so failures for other names from the same address (everybody behind
  // a proxy shares one) lock out nobody else; the name that failed stays locked from that address.
  test('an address that fails for many names locks each of those names there, and no other name', async () => {
    for (let i = 0; i < 10; i++) await login(server.url, `name${i}`, 'bad');
    for (let i = 0; i < 5; i++) await login(server.url, 'name0', 'bad');
    const locked = await login(server.url, 'name0', 'bad');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toContain('Please wait');
    expect((await login(server.url, 'admin', 'admin')).status).toBe(200);
  });
});

describe('without a shiro.ini (anonymous mode)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  test('everything is open, the ticket is anonymous, login is refused with a reason', async () => {
    expect((await api(server.url, '/api/security/ticket')).body).toEqual({ status: 'OK', message: '', body: { principal: 'anonymous', ticket: 'anonymous', roles: '[]' } });
    expect((await api(server.url, '/api/interpreter/setting')).status).toBe(200);
    expect((await api(server.url, '/api/security/userlist/a')).body.body).toEqual({ users: [], roles: [] });
    const r = await login(server.url, 'admin', 'admin');
    expect(r.status).toBe(403);
    expect(r.body.message).toContain('no shiro.ini');
    expect(r.setCookie).toBeNull();
  });
});
