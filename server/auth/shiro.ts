/**
 * Reads Zeppelin's `conf/shiro.ini` (Apache Shiro's INI format) as far as an embedded server can honour it:
 *
 * - `[users]`  `name = password, role1, role2`; the password is plain text (as Zeppelin's template has it) or a
 *   `$scrypt$...` hash made by `npm run hash-password` (see passwords.ts).
 * - `[roles]`  `role = *` (the permissions after `=` are not used; the role names feed the permission dialog).
 * - `[urls]`   `/api/interpreter/** = authc, roles[admin]` ...: Ant-style patterns, first match wins.
 * - `[main]`   only `shiro.loginUrl`, the session timeout, the cookie name, and filter aliases for Zeppelin's
 *   `AnyOfRolesUserAuthorizationFilter` are read. Other realms (LDAP, PAM, Knox ...) cannot be used here: they
 *   produce a startup warning and only `[users]` accounts can log in.
 *
 * Anything that cannot be understood is a `ShiroIniError` naming the file and line, so the server refuses to start
 * instead of running with a half-read security setup.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { storedPasswordProblem } from './passwords';

export interface ShiroUser {
  name: string;
  /** Plain text or `$scrypt$...`. */
  password: string;
  roles: string[];
}

export type UrlFilter =
  | { kind: 'anon' }
  | { kind: 'authc' }
  /** Shiro's `roles[a,b]`: every listed role is needed. */
  | { kind: 'roles'; roles: string[] }
  /** Zeppelin's AnyOfRolesUserAuthorizationFilter: one of the roles, or a user of that name. */
  | { kind: 'anyOf'; names: string[] }
  | { kind: 'noop' };

export interface UrlRule {
  pattern: string;
  filters: UrlFilter[];
  line: number;
  matches(path: string): boolean;
}

export interface ShiroConfig {
  file: string;
  users: Map<string, ShiroUser>;
  /** Role names declared in `[roles]`. */
  roles: string[];
  urls: UrlRule[];
  loginUrl: string;
  /** Idle timeout of a login session. */
  sessionTimeoutMs: number;
  cookieName: string;
  /** Things that were understood but are not fully honoured; printed at startup. */
  warnings: string[];
}

export class ShiroIniError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    detail: string,
  ) {
    super(`${file}${line > 0 ? `:${line}` : ''}: ${detail}`);
    this.name = 'ShiroIniError';
  }
}

const SECTIONS = new Set(['main', 'users', 'roles', 'urls']);
const DEFAULT_SESSION_TIMEOUT_MS = 24 * 60 * 60 * 1000;
const ANY_OF_ROLES_CLASS = /AnyOfRoles(User)?AuthorizationFilter$/;
const REALM_CLASS = /Realm$/;

/** `a, roles[x, y], b` → ['a', 'roles[x, y]', 'b']: commas inside brackets do not split. */
function splitChain(value: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of value) {
    if (ch === '[') depth++;
    if (ch === ']') depth = Math.max(0, depth - 1);
    if (ch === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  out.push(cur.trim());
  return out.filter((s) => s !== '');
}

const unquote = (s: string): string => s.trim().replace(/^"(.*)"$/, '$1').trim();

/** Ant-style path pattern (`**` any number of segments, `*` within a segment, `?` one character) as a RegExp. */
export function antPattern(pattern: string): RegExp {
  let p = pattern.trim();
  if (p.length > 1 && p.endsWith('/') && !p.endsWith('**/')) p = p.slice(0, -1);
  let re = '';
  for (let i = 0; i < p.length; i++) {
    const ch = p[i];
    if (ch === '/' && p.startsWith('/**', i) && (i + 3 === p.length || p[i + 3] === '/')) {
      re += '(?:/.*)?';
      i += 2;
    } else if (ch === '*' && p[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (ch === '*') re += '[^/]*';
    else if (ch === '?') re += '[^/]';
    else re += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

type Fail = (line: number, detail: string) => never;

interface IniSections {
  users: Map<string, ShiroUser>;
  roles: string[];
  main: Map<string, { value: string; line: number }>;
  rawUrls: { pattern: string; chain: string; line: number }[];
}

/** The four sections, line by line, each entry checked where its line number is still known. */
function readSections(text: string, fail: Fail): IniSections {
  const out: IniSections = { users: new Map(), roles: [], main: new Map(), rawUrls: [] };
  let section: string | undefined;
  // Shiro continues a line that ends in a backslash.
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    let line = lines[i].trim();
    while (line.endsWith('\\') && i + 1 < lines.length) {
      line = line.slice(0, -1) + lines[++i].trim();
    }
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[\s*([^\]]*?)\s*\]$/.exec(line);
    if (header) {
      section = header[1];
      if (!SECTIONS.has(section)) fail(lineNo, `unknown section [${section}] (expected [main], [users], [roles] or [urls])`);
      continue;
    }
    // Shiro splits a key from its value at the first unescaped '=' or ':'; URL patterns never contain either.
    const sep = /[=:]/.exec(line);
    if (!sep || sep.index === 0) fail(lineNo, `expected "name = value", got "${line}"`);
    const key = line.slice(0, sep!.index).trim();
    const value = line.slice(sep!.index + 1).trim();
    section ??= 'main'; // Shiro reads lines before any header as [main]
    readEntry(out, section, key, value, lineNo, fail);
  }
  return out;
}

function readEntry(out: IniSections, section: string, key: string, value: string, lineNo: number, fail: Fail): void {
  switch (section) {
    case 'main':
      out.main.set(key, { value, line: lineNo });
      break;
    case 'users': {
      const [password, ...userRoles] = value.split(',').map((s) => s.trim());
      if (!password) fail(lineNo, `user "${key}" has no password`);
      const problem = storedPasswordProblem(password);
      if (problem) fail(lineNo, `user "${key}": ${problem}`);
      if (out.users.has(key)) fail(lineNo, `user "${key}" is listed twice`);
      if (/\s/.test(key)) fail(lineNo, `user name "${key}" contains white space`);
      out.users.set(key, { name: key, password, roles: [...new Set(userRoles.filter((r) => r !== ''))] });
      break;
    }
    case 'roles':
      if (!out.roles.includes(key)) out.roles.push(key);
      break;
    case 'urls':
      if (!key.startsWith('/')) fail(lineNo, `URL pattern "${key}" must start with "/"`);
      if (value === '') fail(lineNo, `URL pattern "${key}" has no filter`);
      out.rawUrls.push({ pattern: key, chain: value, line: lineNo });
      break;
  }
}

/** One `[urls]` filter item (`authc`, `roles[a,b]`, an AnyOfRoles alias declared in [main]). */
function parseFilter(item: string, line: number, pattern: string, anyOfAliases: Set<string>, fail: Fail): UrlFilter {
  const m = /^([A-Za-z][\w-]*)\s*(?:\[(.*)\])?$/.exec(item);
  if (!m) return fail(line, `cannot read filter "${item}" for ${pattern}`);
  const [, name, args] = m;
  const list = args === undefined ? [] : args.split(',').map(unquote).filter((s) => s !== '');
  switch (name) {
    case 'anon':
      return { kind: 'anon' };
    case 'authc':
    case 'user':
      return { kind: 'authc' };
    case 'roles':
      if (list.length === 0) return fail(line, `roles[] for ${pattern} names no role`);
      return { kind: 'roles', roles: list };
    case 'noSessionCreation':
      return { kind: 'noop' };
    default:
      if (anyOfAliases.has(name)) {
        if (list.length === 0) return fail(line, `${name}[] for ${pattern} names no role or user`);
        return { kind: 'anyOf', names: list };
      }
      return fail(line, `filter "${name}" for ${pattern} is not supported (use anon, authc, user, roles[...] or a Zeppelin AnyOfRoles filter declared in [main])`);
  }
}

/** Login URL, session timeout and cookie name from [main], under either of the keys Shiro accepts. */
function mainSettings(main: IniSections['main'], fail: Fail): Pick<ShiroConfig, 'loginUrl' | 'sessionTimeoutMs' | 'cookieName'> {
  const mainValue = (...keys: string[]): { value: string; line: number } | undefined => {
    for (const k of keys) {
      const v = main.get(k);
      if (v) return v;
    }
    return undefined;
  };
  const loginUrl = mainValue('shiro.loginUrl', 'authc.loginUrl')?.value || '/api/login';
  let sessionTimeoutMs = DEFAULT_SESSION_TIMEOUT_MS;
  const timeout = mainValue('securityManager.sessionManager.globalSessionTimeout', 'sessionManager.globalSessionTimeout');
  if (timeout) {
    const n = Number(timeout.value);
    if (!Number.isFinite(n)) fail(timeout.line, `globalSessionTimeout "${timeout.value}" is not a number of milliseconds`);
    // Shiro: a negative timeout never expires.
    sessionTimeoutMs = n < 0 ? Number.POSITIVE_INFINITY : n;
  }
  const cookieName = mainValue('cookie.name', 'sessionManager.sessionIdCookie.name')?.value || 'JSESSIONID';
  if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(cookieName)) fail(main.get('cookie.name')?.line ?? 0, `cookie name "${cookieName}" is not a valid cookie name`);
  return { loginUrl, sessionTimeoutMs, cookieName };
}

export function parseShiroIni(text: string, file = 'shiro.ini'): ShiroConfig {
  const fail: Fail = (line, detail) => {
    throw new ShiroIniError(file, line, detail);
  };
  const { users, roles, main, rawUrls } = readSections(text, fail);
  const warnings: string[] = [];

  // [main] entries that alias a filter class, e.g. `anyofrolesuser = org.apache.zeppelin.utils.AnyOfRolesUserAuthorizationFilter`.
  const anyOfAliases = new Set<string>();
  for (const [key, { value }] of main) {
    if (!key.includes('.') && ANY_OF_ROLES_CLASS.test(value)) anyOfAliases.add(key);
    else if (!key.includes('.') && REALM_CLASS.test(value) && !/\.IniRealm$/.test(value)) {
      warnings.push(`${file}: realm "${key}" (${value}) is not supported by the embedded server; only the [users] accounts can log in`);
    }
  }
  const urls: UrlRule[] = rawUrls.map(({ pattern, chain, line }) => {
    const filters = splitChain(chain).map((item) => parseFilter(item, line, pattern, anyOfAliases, fail));
    const re = antPattern(pattern);
    return { pattern, filters, line, matches: (path: string) => re.test(path) };
  });

  if (users.size === 0) warnings.push(`${file}: [users] lists nobody, so no one can log in`);
  return { file, users, roles, urls, ...mainSettings(main, fail), warnings };
}

/** `$confDir/shiro.ini`, or undefined when it does not exist (anonymous mode, PROTOCOL 1.4). */
export function loadShiroIni(confDir: string): ShiroConfig | undefined {
  const file = join(confDir, 'shiro.ini');
  if (!existsSync(file)) return undefined;
  return parseShiroIni(readFileSync(file, 'utf8'), file);
}
