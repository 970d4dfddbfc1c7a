/** A shiro.ini for the authentication tests, and REST/ws helpers that log in the way the UI does. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StartOptions } from '../../../server/app';
import { hashPassword } from '../../../server/auth/passwords';
import { api, startTestServer, tempDir, type TestServer } from './harness';

export const SHIRO_INI = (user2Hash: string): string => `
[main]
sessionManager = org.apache.shiro.web.session.mgt.DefaultWebSessionManager
securityManager.sessionManager = $sessionManager
securityManager.sessionManager.globalSessionTimeout = 86400000
shiro.loginUrl = /api/login

[users]
# name = password, roles
admin = admin, admin
user1 = password2, role1, role2
user2 = ${user2Hash}, role3

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
/api/configurations/client = authc
/api/configurations/** = authc, roles[admin]
/api/credential/** = authc, roles[admin]
/api/admin/** = authc, roles[admin]
/** = authc
`;

/** A server whose conf folder holds `shiroIni` (default: the file above, user2's "password3" stored hashed). */
export async function startAuthServer(opts: Partial<StartOptions> & { fixtures?: boolean; shiroIni?: string } = {}): Promise<TestServer> {
  const dir = tempDir('zpl-auth-');
  const confDir = join(dir, 'conf');
  mkdirSync(confDir, { recursive: true });
  writeFileSync(join(confDir, 'shiro.ini'), opts.shiroIni ?? SHIRO_INI(await hashPassword('password3')));
  try {
    const server = await startTestServer({ ...opts, confDir });
    return { ...server, close: async () => { await server.close(); rmSync(dir, { recursive: true, force: true }); } };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

export interface LoggedIn {
  status: number;
  cookie: string;
  setCookie: string | null;
  body: { status: string; message?: string; body?: { principal: string; ticket: string; roles: string } };
}

export async function login(base: string, userName: string, password: string, headers: Record<string, string> = {}): Promise<LoggedIn> {
  const r = await api<{ principal: string; ticket: string; roles: string }>(base, '/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ userName, password }).toString(),
  });
  const setCookie = r.headers.get('set-cookie');
  return { status: r.status, setCookie, cookie: setCookie ? setCookie.split(';')[0] : '', body: r.body };
}
