/** @jest-environment node */
/** shiro.ini reading, password hashes, the user directory and login throttling, without a server. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../../server/app';
import { hashPassword, storedPasswordProblem, verifyPassword } from '../../server/auth/passwords';
import { LoginLimiter, USER_POLICY } from '../../server/auth/rateLimit';
import { AuthService } from '../../server/auth/service';
import { antPattern, parseShiroIni, ShiroIniError } from '../../server/auth/shiro';
import { userDirectory } from '../../server/auth/users';
import { authenticate, STALE_TICKET_INFO, TicketStore } from '../../server/ws/tickets';
import { tempDir } from './helpers/harness';

const TEMPLATE = `
[main]
### A sample for configuring Active Directory Realm (not used here)
#activeDirectoryRealm = org.apache.zeppelin.realm.ActiveDirectoryGroupRealm
sessionManager = org.apache.shiro.web.session.mgt.DefaultWebSessionManager
cookie = org.apache.shiro.web.servlet.SimpleCookie
cookie.name = JSESSIONID
cookie.httpOnly = true
sessionManager.sessionIdCookie = $cookie
securityManager.sessionManager = $sessionManager
securityManager.sessionManager.globalSessionTimeout = 86400000
anyofrolesuser = org.apache.zeppelin.utils.AnyOfRolesUserAuthorizationFilter
shiro.loginUrl = /api/login

[users]
admin = password1, admin
user1 = password2, role1, role2
user2 = password3, role3
user3 = password4, role2

[roles]
role1 = *
role2 = *
role3 = *
admin = *

[urls]
/api/version = anon
/api/cluster/address = anon
/api/interpreter/setting/restart/** = authc
/api/interpreter/** = authc, roles[admin]
/api/notebook-repositories/** = authc, roles[admin]
/api/configurations/** = authc, roles[admin]
/api/credential/** = authc, roles[admin]
/api/admin/** = authc, roles[admin]
/api/helium/** = authc, anyofrolesuser[admin, user2]
#/** = anon
/** = authc
`;

const error = (text: string): string => {
  try {
    parseShiroIni(text, 'conf/shiro.ini');
  } catch (e) {
    expect(e).toBeInstanceOf(ShiroIniError);
    return (e as Error).message;
  }
  throw new Error('expected a ShiroIniError');
};

describe('parseShiroIni', () => {
  test('reads Zeppelin\'s template: users with roles, roles, url rules, login URL, timeout and cookie', () => {
    const c = parseShiroIni(TEMPLATE);
    expect([...c.users.values()]).toEqual([
      { name: 'admin', password: 'password1', roles: ['admin'] },
      { name: 'user1', password: 'password2', roles: ['role1', 'role2'] },
      { name: 'user2', password: 'password3', roles: ['role3'] },
      { name: 'user3', password: 'password4', roles: ['role2'] },
    ]);
    expect(c.roles).toEqual(['role1', 'role2', 'role3', 'admin']);
    expect(c.urls.map((u) => u.pattern)).toEqual([
      '/api/version', '/api/cluster/address', '/api/interpreter/setting/restart/**', '/api/interpreter/**', '/api/notebook-repositories/**',
      '/api/configurations/**', '/api/credential/**', '/api/admin/**', '/api/helium/**', '/**',
    ]);
    expect(c.urls[3].filters).toEqual([{ kind: 'authc' }, { kind: 'roles', roles: ['admin'] }]);
    expect(c.urls[8].filters).toEqual([{ kind: 'authc' }, { kind: 'anyOf', names: ['admin', 'user2'] }]);
    expect(c.loginUrl).toBe('/api/login');
    expect(c.sessionTimeoutMs).toBe(86400000);
    expect(c.cookieName).toBe('JSESSIONID');
    expect(c.warnings).toEqual([]);
  });

  test('[urls]: the first matching rule decides; roles[] needs every role, anyofrolesuser one role or the user', () => {
    const auth = new AuthService(parseShiroIni(TEMPLATE), new TicketStore());
    const session = (principal: string, roles: string[]) => ({ id: 'x', principal, roles, lastSeen: 0 });
    expect(auth.access('/api/version', undefined)).toEqual({ kind: 'allow' });
    expect(auth.access('/api/notebook', undefined)).toEqual({ kind: 'login' });
    expect(auth.access('/api/interpreter/setting/restart/abc', session('user1', ['role1']))).toEqual({ kind: 'allow' });
    expect(auth.access('/api/interpreter/setting', session('user1', ['role1']))).toEqual({ kind: 'forbidden', rule: '/api/interpreter/**' });
    expect(auth.access('/api/interpreter', session('user1', ['role1']))).toEqual({ kind: 'forbidden', rule: '/api/interpreter/**' });
    expect(auth.access('/api/interpreter/setting', session('admin', ['admin']))).toEqual({ kind: 'allow' });
    expect(auth.access('/api/helium/package', session('user2', ['role3']))).toEqual({ kind: 'allow' });
    expect(auth.access('/api/helium/package', session('user1', ['role1']))).toMatchObject({ kind: 'forbidden' });
    expect(auth.access('/api//interpreter/./setting/', session('user1', ['role1']))).toMatchObject({ kind: 'forbidden' });
  });

  test('Ant patterns', () => {
    expect(antPattern('/api/**').test('/api')).toBe(true);
    expect(antPattern('/api/**').test('/api/a/b')).toBe(true);
    expect(antPattern('/api/**').test('/apix')).toBe(false);
    expect(antPattern('/api/*/x').test('/api/a/x')).toBe(true);
    expect(antPattern('/api/*/x').test('/api/a/b/x')).toBe(false);
    expect(antPattern('/api/notebook/?').test('/api/notebook/1')).toBe(true);
    expect(antPattern('/**').test('/')).toBe(true);
    expect(antPattern('/api/a.b').test('/api/aXb')).toBe(false);
  });

  test('malformed lines are errors naming the file and line', () => {
    expect(error('[users]\nadmin\n')).toBe('conf/shiro.ini:2: expected "name = value", got "admin"');
    expect(error('[users]\nadmin = \n')).toBe('conf/shiro.ini:2: user "admin" has no password');
    expect(error('[users]\na = b\na = c\n')).toContain(':3: user "a" is listed twice');
    expect(error('[user]\na = b\n')).toContain(':1: unknown section [user]');
    expect(error('[urls]\n/api/** = authc, perms[x:y]\n')).toContain(':2: filter "perms" for /api/** is not supported');
    expect(error('[urls]\n/api/** = roles[]\n')).toContain('names no role');
    expect(error('[urls]\napi/** = authc\n')).toContain('must start with "/"');
    expect(error('[users]\na = $scrypt$nothash, admin\n')).toContain(':2: user "a": the password looks like a $scrypt$ hash');
    expect(error('[main]\nsecurityManager.sessionManager.globalSessionTimeout = soon\n')).toContain('not a number');
  });

  test('unsupported realms and an empty [users] are warnings', () => {
    const c = parseShiroIni('[main]\nldapRealm = org.apache.zeppelin.realm.LdapRealm\n', 'shiro.ini');
    expect(c.warnings).toEqual([
      'shiro.ini: realm "ldapRealm" (org.apache.zeppelin.realm.LdapRealm) is not supported by the embedded server; only the [users] accounts can log in',
      'shiro.ini: [users] lists nobody, so no one can log in',
    ]);
  });

  test('a malformed shiro.ini stops the server from starting, with the line in the message', async () => {
    const dir = tempDir('zpl-auth-bad-');
    try {
      const confDir = join(dir, 'conf');
      mkdirSync(confDir);
      writeFileSync(join(confDir, 'shiro.ini'), '[users]\nadmin = admin, admin\noops\n');
      await expect(startServer({ port: 0, host: '127.0.0.1', notebookDir: join(dir, 'nb'), confDir, webDir: join(dir, 'no-ui') }))
        .rejects.toThrow(`${join(confDir, 'shiro.ini')}:3: expected "name = value", got "oops"`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('passwords', () => {
  test('scrypt hashes verify, wrong passwords and other salts do not', async () => {
    const h = await hashPassword('s3cret, with comma');
    expect(h).toMatch(/^\$scrypt\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    expect(storedPasswordProblem(h)).toBeUndefined();
    expect(await verifyPassword(h, 's3cret, with comma')).toBe(true);
    expect(await verifyPassword(h, 's3cret')).toBe(false);
    expect(await hashPassword('x')).not.toBe(await hashPassword('x'));
  });

  test('plain passwords compare exactly; an unknown user never matches', async () => {
    expect(await verifyPassword('password2', 'password2')).toBe(true);
    expect(await verifyPassword('password2', 'password')).toBe(false);
    expect(await verifyPassword('password2', 'password22')).toBe(false);
    expect(await verifyPassword(undefined, '')).toBe(false);
  });

  test('npm run hash-password prints a hash the server accepts, from piped input', async () => {
    const r = spawnSync(process.execPath, [join(__dirname, '..', '..', 'scripts', 'hash-password.js')], { input: 'piped pw\n', encoding: 'utf8' });
    expect(r.status).toBe(0);
    const line = r.stdout.trim();
    expect(await verifyPassword(line, 'piped pw')).toBe(true);
    expect(parseShiroIni(`[users]\nu = ${line}, admin\n`).users.get('u')?.roles).toEqual(['admin']);
  });
});

describe('user directory', () => {
  test('users, roles and the userlist search', () => {
    const ini = `[users]\n${['alice', 'bob', 'malice', 'Alfred', 'al1', 'al2', 'al3'].map((u) => `${u} = pw, r_${u}`).join('\n')}\n[roles]\nanalysts = *\n`;
    const d = userDirectory(parseShiroIni(ini));
    expect(d.all()).toEqual(['Alfred', 'al1', 'al2', 'al3', 'alice', 'bob', 'malice']);
    expect(d.rolesOf('bob')).toEqual(['r_bob']);
    expect(d.rolesOf('nobody')).toEqual([]);
    expect(d.has('bob')).toBe(true);
    expect(d.roles()).toContain('analysts');
    expect(d.search('AL')).toEqual({ users: ['Alfred', 'al1', 'al2', 'al3', 'alice'], roles: ['analysts', 'r_Alfred', 'r_al1', 'r_al2', 'r_al3', 'r_alice', 'r_malice'] });
    expect(d.search('lic').users).toEqual(['alice', 'malice']);
  });
});

describe('LoginLimiter', () => {
  test('locks after 5 failures in 5 minutes, for a growing time, forgets after a success', () => {
    let now = 1_000_000;
    const l = new LoginLimiter(USER_POLICY, () => now);
    for (let i = 0; i < 4; i++) l.failed('Bob', '1.2.3.4');
    expect(l.waitSeconds('bob', '1.2.3.4')).toBe(0);
    l.failed('bob', '1.2.3.4');
    expect(l.waitSeconds('bob', '1.2.3.4')).toBe(30);
    now += 30_000;
    expect(l.waitSeconds('bob', '1.2.3.4')).toBe(0);
    for (let i = 0; i < 5; i++) l.failed('bob', '1.2.3.4');
    expect(l.waitSeconds('bob', '1.2.3.4')).toBe(60);
    now += 60_000;
    // Failures spread over more than the window do not lock.
    for (let i = 0; i < 8; i++) {
      l.failed('carol', '1.2.3.4');
      now += 60_000;
    }
    expect(l.waitSeconds('carol', '1.2.3.4')).toBe(0);
    l.succeeded('bob', '1.2.3.4');
    for (let i = 0; i < 5; i++) l.failed('bob', '1.2.3.4');
    expect(l.waitSeconds('bob', '1.2.3.4')).toBe(30);
  });
});

describe('ticket checks with logins on', () => {
  test('the stored roles reach the handler context; stale, forged and anonymous frames do not', () => {
    const store = new TicketStore();
    const t = store.obtain('user1', ['role1', 'role2']);
    expect(store.obtain('user1', ['role1'])).toBe(t);
    expect(authenticate({ op: 'LIST_NOTES', principal: 'user1', ticket: t }, store, true)).toEqual({ kind: 'ok', user: 'user1', roles: ['role1'] });
    expect(authenticate({ op: 'LIST_NOTES', principal: 'user1', ticket: 'forged' }, store, true)).toEqual({ kind: 'logout', info: STALE_TICKET_INFO });
    expect(authenticate({ op: 'PING', principal: 'user1', ticket: 'forged' }, store, true)).toEqual({ kind: 'drop' });
    expect(authenticate({ op: 'LIST_NOTES', principal: 'anonymous', ticket: 'anonymous' }, store, true)).toEqual({ kind: 'drop' });
    store.revoke('user1');
    expect(authenticate({ op: 'LIST_NOTES', principal: 'user1', ticket: t }, store, true)).toEqual({ kind: 'logout', info: STALE_TICKET_INFO });
    expect(authenticate({ op: 'LIST_NOTES', principal: 'user1', ticket: t }, store, false)).toEqual({ kind: 'drop' });
  });
});
