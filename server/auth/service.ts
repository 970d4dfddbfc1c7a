/**
 * Authentication with a shiro.ini: checks logins (with throttling), keeps login sessions, issues and revokes
 * websocket tickets, and decides what the [urls] rules allow for a REST path.
 */
import type { TicketStore } from '../ws/tickets';
import { verifyPassword } from './passwords';
import { LoginLimiter } from './rateLimit';
import { SessionStore, type LoginSession } from './sessions';
import type { ShiroConfig } from './shiro';
import { userDirectory, type UserDirectory } from './users';

export type LoginOutcome =
  | { kind: 'ok'; session: LoginSession; ticket: string }
  | { kind: 'denied' }
  | { kind: 'locked'; seconds: number };

/** `login`: not logged in, Shiro redirects to the login URL; `forbidden`: logged in but missing a role. */
export type Access = { kind: 'allow' } | { kind: 'login' } | { kind: 'forbidden'; rule: string };

export interface AuthOptions {
  now?: () => number;
  limiter?: LoginLimiter;
}

/** Collapses `//`, resolves `.` and `..`, drops a trailing slash: the path a rule is matched against. */
export function normalizePath(path: string): string {
  const out: string[] = [];
  for (const seg of path.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return `/${out.join('/')}`;
}

export class AuthService {
  readonly users: UserDirectory;
  readonly sessions: SessionStore;
  readonly limiter: LoginLimiter;

  constructor(
    readonly shiro: ShiroConfig,
    private readonly tickets: TicketStore,
    opts: AuthOptions = {},
  ) {
    this.users = userDirectory(shiro);
    this.sessions = new SessionStore(shiro.sessionTimeoutMs, opts.now);
    this.limiter = opts.limiter ?? new LoginLimiter(undefined, opts.now);
  }

  get cookieName(): string {
    return this.shiro.cookieName;
  }

  get loginUrl(): string {
    return this.shiro.loginUrl;
  }

  async login(userName: string, password: string, address: string): Promise<LoginOutcome> {
    const wait = this.limiter.waitSeconds(userName, address);
    if (wait > 0) return { kind: 'locked', seconds: wait };
    const user = this.shiro.users.get(userName);
    const ok = await verifyPassword(user?.password, password);
    if (!ok || !user) {
      this.limiter.failed(userName, address);
      const after = this.limiter.waitSeconds(userName, address);
      return after > 0 ? { kind: 'locked', seconds: after } : { kind: 'denied' };
    }
    this.limiter.succeeded(userName, address);
    const session = this.sessions.create(user.name, user.roles);
    const ticket = this.tickets.obtain(user.name, user.roles);
    return { kind: 'ok', session, ticket };
  }

  /** The logged-in session behind a cookie value. */
  resolve(sessionId: string | undefined): LoginSession | undefined {
    return this.sessions.touch(sessionId);
  }

  /** Ends this session and revokes the user's ticket (on every device, as Zeppelin's logout does). */
  logout(sessionId: string | undefined): LoginSession | undefined {
    const s = this.sessions.destroy(sessionId);
    if (s) this.tickets.revoke(s.principal);
    return s;
  }

  /** Whether the [urls] rules let this user (with these roles) call a REST path; the websocket asks it too. */
  allows(path: string, principal: string, roles: readonly string[]): boolean {
    return this.access(path, { id: '', principal, roles: [...roles], lastSeen: 0 }).kind === 'allow';
  }

  /** What shiro.ini's [urls] say about a request path for this session; the first matching rule decides. */
  access(path: string, session: LoginSession | undefined): Access {
    const p = normalizePath(path);
    const rule = this.shiro.urls.find((r) => r.matches(p));
    if (!rule) return { kind: 'allow' };
    for (const f of rule.filters) {
      if (f.kind === 'anon') return { kind: 'allow' };
      if (f.kind === 'noop') continue;
      if (!session) return { kind: 'login' };
      if (f.kind === 'roles' && !f.roles.every((r) => session.roles.includes(r))) return { kind: 'forbidden', rule: rule.pattern };
      if (f.kind === 'anyOf' && !f.names.some((n) => n === session.principal || session.roles.includes(n))) {
        return { kind: 'forbidden', rule: rule.pattern };
      }
    }
    return { kind: 'allow' };
  }
}
