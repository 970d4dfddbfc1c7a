/**
 * Login, logout, ticket and user list (PROTOCOL 3.2), and the onRequest hook that resolves the session cookie
 * into `request.zeppelinPrincipal` / `request.zeppelinRoles` (read through server/admin/principal.ts) and applies
 * shiro.ini's [urls] rules to /api (PROTOCOL 1.11).
 *
 * Without a shiro.ini (`auth` undefined) every request is anonymous, the ticket is `anonymous`, and login is
 * refused with a message saying why.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZeppelinConfig } from '../config';
import { ANONYMOUS } from '../ws/tickets';
import type { TicketStore } from '../ws/tickets';
import { bodyObject, ok, sendEnvelope } from '../rest/envelope';
import { normalizePath, type Access, type AuthService } from './service';
import type { LoginSession } from './sessions';

/** Zeppelin's answer to bad credentials has an empty message; the UI shows its own text. */
export const LOGIN_FAILED_MESSAGE = '';
export const LOGIN_DISABLED_MESSAGE = 'Login is not enabled on this server (there is no shiro.ini): everybody works as anonymous.';
export const lockedMessage = (seconds: number): string =>
  `Too many failed login attempts. Please wait ${seconds} second${seconds === 1 ? '' : 's'} before trying again.`;
/** Login forms are tiny; anything bigger is refused before it is read. */
export const LOGIN_BODY_LIMIT = 16 * 1024;
const LOGOUT_URL = '/api/login/logout';
const TICKET_URL = '/api/security/ticket';

type AuthRequest = FastifyRequest & { zeppelinPrincipal?: string; zeppelinRoles?: string[]; zeppelinSession?: LoginSession };

export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
  }
  return undefined;
}

function sessionCookie(req: FastifyRequest, name: string, value: string, clear: boolean): string {
  const parts = [`${name}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (clear) parts.push('Max-Age=0', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (req.protocol === 'https') parts.push('Secure');
  return parts.join('; ');
}

/**
 * The request path as the rules see it, both raw and percent-decoded (then normalised): a rule applies when it
 * applies to either, so no spelling of a protected path slips past the router's own decoding.
 */
function pathsOf(url: string): string[] {
  const raw = url.split('?')[0];
  const out = new Set([normalizePath(raw)]);
  try {
    out.add(normalizePath(decodeURIComponent(raw)));
  } catch {
    // not decodable: the router refuses it too
  }
  return [...out];
}

const isApiPath = (p: string): boolean => p === '/api' || p.startsWith('/api/');

const roleJson = (roles: string[]): string => JSON.stringify(roles);

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService | undefined, tickets: TicketStore, config: ZeppelinConfig): void {
  if (auth) {
    app.addHook('onRequest', async (req, reply) => {
      const r = req as AuthRequest;
      const session = auth.resolve(cookieValue(req.headers.cookie, auth.cookieName));
      if (session) {
        r.zeppelinPrincipal = session.principal;
        r.zeppelinRoles = [...session.roles];
        r.zeppelinSession = session;
      }
      const paths = pathsOf(req.url);
      if (!paths.some(isApiPath)) return undefined; // like Zeppelin's Shiro filter, only /api/* is guarded
      const exempt = new Set([auth.loginUrl, LOGOUT_URL]);
      if (paths.every((p) => exempt.has(p))) return undefined;
      let access: Access = { kind: 'allow' };
      for (const p of paths) {
        // The ticket is what the UI asks first: with logins on it always needs one, so the login dialog opens.
        const a: Access = p === TICKET_URL && !session ? { kind: 'login' } : auth.access(p, session);
        if (a.kind !== 'allow') {
          access = a;
          break;
        }
      }
      if (access.kind === 'login') {
        // Shiro's authc: redirect to the login URL (whose GET answers 405, which clients read as "not logged in").
        return reply.code(302).header('Location', auth.loginUrl).type('text/plain').send('');
      }
      if (access.kind === 'forbidden') {
        return sendEnvelope(reply, 'UNAUTHORIZED', undefined, `User ${session?.principal ?? ANONYMOUS} does not have the role needed for ${paths[0]}`);
      }
      return undefined;
    });
  }

  app.get(TICKET_URL, async (req, reply) => {
    const session = (req as AuthRequest).zeppelinSession;
    if (!auth || !session) return ok(reply, { principal: ANONYMOUS, ticket: ANONYMOUS, roles: '[]' }, '');
    const ticket = tickets.obtain(session.principal, session.roles);
    return ok(reply, { principal: session.principal, ticket, roles: roleJson(session.roles) }, '');
  });

  app.get<{ Params: { term: string } }>('/api/security/userlist/:term', async (req, reply) =>
    ok(reply, auth ? auth.users.search(req.params.term) : { users: [], roles: [] }, ''));

  // Plain form realms have no GET login (PROTOCOL 3.2).
  app.get('/api/login', async (_req, reply) => sendEnvelope(reply, 'METHOD_NOT_ALLOWED'));

  app.post('/api/login', { bodyLimit: LOGIN_BODY_LIMIT }, async (req, reply) => {
    if (!auth) return sendEnvelope(reply, 'FORBIDDEN', undefined, LOGIN_DISABLED_MESSAGE);
    const form = bodyObject(req.body);
    const userName = typeof form.userName === 'string' ? form.userName : '';
    const password = typeof form.password === 'string' ? form.password : '';
    const outcome = await auth.login(userName, password, req.ip);
    if (outcome.kind === 'locked') {
      reply.header('Retry-After', String(outcome.seconds));
      return sendEnvelope(reply, 'TOO_MANY_REQUESTS', undefined, lockedMessage(outcome.seconds));
    }
    if (outcome.kind === 'denied') return sendEnvelope(reply, 'FORBIDDEN', undefined, LOGIN_FAILED_MESSAGE);
    // A fresh session id at every login (no session fixation); the previous session of this browser ends.
    auth.sessions.destroy(cookieValue(req.headers.cookie, auth.cookieName));
    reply.header('Set-Cookie', sessionCookie(req, auth.cookieName, outcome.session.id, false));
    const { principal, roles } = outcome.session;
    return ok(reply, { principal, ticket: outcome.ticket, roles: roleJson(roles) }, '');
  });

  app.post(LOGOUT_URL, { bodyLimit: LOGIN_BODY_LIMIT }, async (req, reply) => logout(req, reply));

  function logout(req: FastifyRequest, reply: FastifyReply): FastifyReply {
    if (auth) {
      auth.logout(cookieValue(req.headers.cookie, auth.cookieName));
      reply.header('Set-Cookie', sessionCookie(req, auth.cookieName, '', true));
    }
    // Zeppelin answers logout with 401 (or 403) on purpose, so browsers drop cached Basic credentials.
    const clear = config.getBool('zeppelin.server.authorization.header.clear', true);
    return sendEnvelope(reply, clear ? 'UNAUTHORIZED' : 'FORBIDDEN', { clearAuthorizationHeader: String(clear) }, '');
  }
}
