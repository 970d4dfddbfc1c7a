/**
 * A server with logins on and users for every permission level, and helpers to log in, make a note with a given
 * permission set, and snapshot what is on disk (notes and notebook-authorization.json).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StartOptions } from '../../../server/app';
import type { Permissions } from '../../../protocol';
import { api, Client, startTestServer, tempDir, type TestServer } from './harness';

/** One user per level; the reader gets in through a role, the others by name. */
export const PERMS_SHIRO_INI = `[users]
admin = admin, admin
owner = pw-owner, staff
writer = pw-writer, role_w
runner = pw-runner, role_x
reader = pw-reader, role_r
user1 = password2, role1
user2 = password3, role2
[roles]
admin = *
`;

export const PASSWORDS: Record<string, string> = {
  admin: 'admin', owner: 'pw-owner', writer: 'pw-writer', runner: 'pw-runner', reader: 'pw-reader', user1: 'password2', user2: 'password3',
};

/** The permission set every matrix note gets. */
export const MATRIX_PERMISSIONS: Permissions = { owners: ['owner'], writers: ['writer'], runners: ['runner'], readers: ['role_r'] };

export async function startPermsServer(opts: Partial<StartOptions> & { settings?: Record<string, string> } = {}): Promise<TestServer> {
  const dir = tempDir('zpl-perms-');
  const confDir = join(dir, 'conf');
  mkdirSync(confDir, { recursive: true });
  writeFileSync(join(confDir, 'shiro.ini'), PERMS_SHIRO_INI);
  const server = await startTestServer({
    ...opts,
    confDir,
    settings: { 'zeppelin.notebook.default.owner.username': 'admin', 'zeppelin.jobmanager.enable': 'true', ...(opts.settings ?? {}) },
  });
  return { ...server, close: async () => { await server.close(); rmSync(dir, { recursive: true, force: true }); } };
}

export interface Session {
  user: string;
  cookie: string;
  ticket: string;
  roles: string;
}

export async function loginAs(srv: TestServer, user: string): Promise<Session> {
  const r = await api<{ principal: string; ticket: string; roles: string }>(srv.url, '/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ userName: user, password: PASSWORDS[user] }).toString(),
  });
  if (r.status !== 200 || !r.body.body) throw new Error(`login of ${user} failed: ${r.status} ${r.text}`);
  const cookie = (r.headers.get('set-cookie') ?? '').split(';')[0];
  return { user, cookie, ticket: r.body.body.ticket, roles: r.body.body.roles };
}

/** REST as a logged-in user (or anonymously with `undefined`). */
export function restAs<T = unknown>(srv: TestServer, who: Session | undefined, path: string, init: RequestInit & { json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (who) headers.set('cookie', who.cookie);
  return api<T>(srv.url, path, { ...init, headers });
}

/** A websocket client that sends every frame with the session's principal and ticket. */
export class UserClient {
  private constructor(readonly client: Client, readonly who: Session | undefined) {}

  static async open(srv: TestServer, who: Session | undefined): Promise<UserClient> {
    return new UserClient(await Client.open(srv.wsUrl, srv.origin), who);
  }

  send(op: string, data: unknown): void {
    const identity = this.who ? { principal: this.who.user, ticket: this.who.ticket, roles: this.who.roles } : { principal: 'anonymous', ticket: 'anonymous', roles: '[]' };
    this.client.sendRaw(JSON.stringify({ op, data, ...identity, msgId: `${this.client.clientId}-${Math.random().toString(36).slice(2, 6)}` }));
  }

  /**
   * Waits until every frame sent before has been handled. Frames of one connection are handled in order, so a
   * reply to a later frame proves it; anonymous frames get no reply at all once logins are on, so an anonymous
   * client uses a frame with a stale ticket, which is always answered with SESSION_LOGOUT.
   */
  async barrier(): Promise<void> {
    const from = this.client.mark();
    if (this.who) {
      this.send('LIST_NOTES', {});
      await this.client.waitFor((f) => f.op === 'NOTES_INFO', from, 15_000, 'barrier NOTES_INFO');
    } else {
      this.client.sendRaw(JSON.stringify({ op: 'LIST_NOTES', data: {}, principal: 'owner', ticket: 'not-the-ticket', roles: '[]' }));
      await this.client.waitFor((f) => f.op === 'SESSION_LOGOUT', from, 15_000, 'barrier SESSION_LOGOUT');
    }
  }

  close(): Promise<void> {
    return this.client.close();
  }
}

/**
 * Every file under the notebook folder (git metadata aside) whose name `keep` accepts (all by default), and the
 * authorization file, with contents.
 */
function diskSnapshot(srv: TestServer, keep: (name: string) => boolean = () => true): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string, rel: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === '.git') continue;
      const full = join(dir, entry.name);
      const r = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(full, r);
      else if (keep(entry.name)) out[r] = readFileSync(full, 'utf8');
    }
  };
  walk(srv.notebookDir, '');
  const auth = join(srv.confDir, 'notebook-authorization.json');
  if (existsSync(auth)) out['<conf>/notebook-authorization.json'] = readFileSync(auth, 'utf8');
  return out;
}

/**
 * What is on disk about some notes: their files (named `<name>_<id>.zpln`, wherever they are) and their entries
 * in the authorization file. Other notes are left out (and not read: the folder grows by a note per case), so runs
 * finishing elsewhere cannot disturb a comparison.
 */
export function noteSnapshot(srv: TestServer, noteIds: string[]): Record<string, unknown> {
  const ours = (name: string): boolean => noteIds.some((id) => name.endsWith(`_${id}.zpln`));
  const { '<conf>/notebook-authorization.json': auth, ...files } = diskSnapshot(srv, ours);
  const out: Record<string, unknown> = { ...files };
  const info = auth ? (JSON.parse(auth) as { authInfo: Record<string, unknown> }).authInfo : {};
  for (const id of noteIds) out[`auth:${id}`] = info[id] ?? null;
  return out;
}

/** Creates a note as `owner` with two paragraphs and the given permissions; returns its id and paragraph ids. */
export async function makeNote(srv: TestServer, owner: Session, path: string, perms: Permissions = MATRIX_PERMISSIONS): Promise<{ noteId: string; pids: string[] }> {
  const created = await restAs<string>(srv, owner, '/api/notebook', {
    method: 'POST',
    json: { notePath: path, paragraphs: [{ title: 'one', text: '%md first' }, { title: 'two', text: '%md second' }] },
  });
  if (created.status !== 200 || typeof created.body.body !== 'string') throw new Error(`create ${path}: ${created.status} ${created.text}`);
  const noteId = created.body.body;
  const put = await restAs(srv, owner, `/api/notebook/${noteId}/permissions`, { method: 'PUT', json: perms });
  if (put.status !== 200) throw new Error(`permissions of ${path}: ${put.status} ${put.text}`);
  const note = await restAs<{ paragraphs: { id: string }[] }>(srv, owner, `/api/notebook/${noteId}`);
  return { noteId, pids: (note.body.body?.paragraphs ?? []).map((p) => p.id) };
}
