/** @jest-environment node */
/**
 * The REST permission matrix (notebook, job, revision, cron endpoints × permission levels), the permissions
 * endpoints themselves, list filtering, and attacks: forged tickets, path traversal, oversize bodies and
 * cross-origin sockets.
 *
 * @slow (one of the suite's longest files: scheduled first on a fresh machine)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { NotePermission } from '../../server/notes/authorization';
import { Client, type TestServer } from './helpers/harness';
import { loginAs, makeNote, MATRIX_PERMISSIONS, noteSnapshot, restAs, startPermsServer, UserClient, type Session } from './helpers/permissions';

jest.setTimeout(120000);

type Level = 'anonymous' | 'user2' | 'reader' | 'runner' | 'writer' | 'owner' | 'admin';
const LEVELS: Level[] = ['anonymous', 'user2', 'reader', 'runner', 'writer', 'owner', 'admin'];
const RANK: Record<Level, number> = { anonymous: -1, user2: 0, reader: 1, runner: 2, writer: 3, owner: 4, admin: 5 };
const NEEDS: Record<NotePermission, number> = { READER: 1, RUNNER: 2, WRITER: 3, OWNER: 4 };

interface RestCase {
  method: string;
  path: (noteId: string, pid: string) => string;
  perm: NotePermission;
  json?: unknown;
}

const CASES: RestCase[] = [
  { method: 'GET', path: (n) => `/api/notebook/${n}`, perm: 'READER' },
  { method: 'POST', path: () => '/api/notebook/getByPath', perm: 'READER', json: 'PATH' },
  { method: 'GET', path: (n) => `/api/notebook/export/${n}`, perm: 'READER' },
  { method: 'POST', path: (n) => `/api/notebook/${n}`, perm: 'WRITER', json: {} },
  { method: 'PUT', path: (n) => `/api/notebook/${n}/rename`, perm: 'OWNER', json: { name: '/renamed-by-rest' } },
  { method: 'DELETE', path: (n) => `/api/notebook/${n}`, perm: 'OWNER' },
  { method: 'GET', path: (n) => `/api/notebook/${n}/permissions`, perm: 'READER' },
  { method: 'PUT', path: (n) => `/api/notebook/${n}/permissions`, perm: 'OWNER', json: { owners: ['owner'], readers: [], runners: [], writers: [] } },
  { method: 'PUT', path: (n) => `/api/notebook/${n}/clear`, perm: 'WRITER' },
  { method: 'POST', path: (n) => `/api/notebook/${n}/paragraph`, perm: 'WRITER', json: { text: '%md new' } },
  { method: 'POST', path: (n) => `/api/notebook/${n}/paragraph/next`, perm: 'WRITER' },
  { method: 'GET', path: (n, p) => `/api/notebook/${n}/paragraph/${p}`, perm: 'READER' },
  { method: 'PUT', path: (n, p) => `/api/notebook/${n}/paragraph/${p}`, perm: 'WRITER', json: { text: '%md changed' } },
  { method: 'PUT', path: (n, p) => `/api/notebook/${n}/paragraph/${p}/config`, perm: 'WRITER', json: { colWidth: 6 } },
  { method: 'POST', path: (n, p) => `/api/notebook/${n}/paragraph/${p}/move/1`, perm: 'WRITER' },
  { method: 'DELETE', path: (n, p) => `/api/notebook/${n}/paragraph/${p}`, perm: 'WRITER' },
  { method: 'GET', path: (n) => `/api/notebook/${n}/revision`, perm: 'READER' },
  { method: 'POST', path: (n) => `/api/notebook/${n}/revision`, perm: 'WRITER', json: { commitMessage: 'rest' } },
  { method: 'GET', path: (n) => `/api/notebook/${n}/revision/0000000000000000000000000000000000000000`, perm: 'READER' },
  { method: 'PUT', path: (n) => `/api/notebook/${n}/revision/0000000000000000000000000000000000000000`, perm: 'WRITER' },
  { method: 'POST', path: (n) => `/api/notebook/job/${n}?blocking=true`, perm: 'RUNNER' },
  { method: 'DELETE', path: (n) => `/api/notebook/job/${n}`, perm: 'RUNNER' },
  { method: 'GET', path: (n) => `/api/notebook/job/${n}`, perm: 'READER' },
  { method: 'GET', path: (n, p) => `/api/notebook/job/${n}/${p}`, perm: 'READER' },
  { method: 'POST', path: (n, p) => `/api/notebook/run/${n}/${p}`, perm: 'RUNNER' },
  { method: 'DELETE', path: (n, p) => `/api/notebook/job/${n}/${p}`, perm: 'RUNNER' },
  { method: 'POST', path: (n) => `/api/notebook/cron/${n}`, perm: 'RUNNER', json: { cron: '0 0 1 1 * ?' } },
  { method: 'DELETE', path: (n) => `/api/notebook/cron/${n}`, perm: 'OWNER' },
  { method: 'GET', path: (n) => `/api/notebook/cron/${n}`, perm: 'READER' },
];

let srv: TestServer;
const sessions: Partial<Record<Level, Session>> = {};
let seq = 0;

beforeAll(async () => {
  srv = await startPermsServer({ settings: { 'zeppelin.notebook.cron.enable': 'true' } });
  for (const level of LEVELS) if (level !== 'anonymous') sessions[level] = await loginAs(srv, level);
});

afterAll(async () => {
  await srv.close();
});

describe('every REST note endpoint × every permission level', () => {
  const matrix = CASES.flatMap((c) => LEVELS.map((level) => [`${c.method} ${c.path(':noteId', ':pid')}`, level, c] as const));
  it.each(matrix)('%s as %s', async (_name, level, c) => {
    const path = `/r${++seq}/note`;
    const { noteId, pids } = await makeNote(srv, sessions.owner as Session, path);
    const before = noteSnapshot(srv, [noteId]);
    const json = c.json === 'PATH' ? { notePath: path } : c.json;
    const r = await restAs(srv, sessions[level], c.path(noteId, pids[0]), { method: c.method, ...(json !== undefined ? { json } : {}) });
    if (RANK[level] >= NEEDS[c.perm]) {
      expect(r.status).not.toBe(403);
      return;
    }
    expect(r.status).toBe(403);
    expect(r.body.status).toBe('FORBIDDEN');
    if (level !== 'anonymous') expect(r.body.message).toMatch(new RegExp(`^Insufficient privileges to ${c.perm} note\\.\\nAllowed users or roles: \\[.*\\]\\nBut the user ${level} belongs to: \\[${level}`));
    expect(noteSnapshot(srv, [noteId])).toEqual(before);
  });
});

describe('the permissions endpoints', () => {
  it('GET answers the stored lists; PUT auto-fills the empty higher lists with the caller and persists', async () => {
    const owner = sessions.owner as Session;
    const { noteId } = await makeNote(srv, owner, `/p${++seq}/note`);
    expect((await restAs(srv, owner, `/api/notebook/${noteId}/permissions`)).body.body).toEqual(MATRIX_PERMISSIONS);
    const put = await restAs(srv, owner, `/api/notebook/${noteId}/permissions`, { method: 'PUT', json: { owners: [], readers: ['user1'], runners: [], writers: [] } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ status: 'OK' });
    const expected = { owners: ['owner'], readers: ['user1'], runners: ['owner'], writers: ['owner'] };
    expect((await restAs(srv, owner, `/api/notebook/${noteId}/permissions`)).body.body).toEqual(expected);
    const file = JSON.parse(readFileSync(join(srv.confDir, 'notebook-authorization.json'), 'utf8')) as { authInfo: Record<string, unknown> };
    expect(file.authInfo[noteId]).toEqual(expected);
  });

  it('a PUT with a missing list or a non-string entry is a 400 that changes nothing', async () => {
    const owner = sessions.owner as Session;
    const { noteId } = await makeNote(srv, owner, `/p${++seq}/note`);
    for (const json of [{ owners: ['owner'], readers: [], runners: [] }, { owners: [1], readers: [], runners: [], writers: [] }, { owners: 'owner', readers: [], runners: [], writers: [] }]) {
      const r = await restAs(srv, owner, `/api/notebook/${noteId}/permissions`, { method: 'PUT', json });
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/must be an array of user or role names/);
    }
    expect((await restAs(srv, owner, `/api/notebook/${noteId}/permissions`)).body.body).toEqual(MATRIX_PERMISSIONS);
  });

  it('a PUT broadcasts the note list again, filtered for each user', async () => {
    const owner = sessions.owner as Session;
    const { noteId } = await makeNote(srv, owner, `/p${++seq}/note`, { owners: ['owner'], readers: [], runners: [], writers: [] });
    const u2 = await UserClient.open(srv, sessions.user2);
    await u2.barrier();
    const from = u2.client.mark();
    await restAs(srv, owner, `/api/notebook/${noteId}/permissions`, { method: 'PUT', json: { owners: ['owner'], readers: ['user1'], runners: [], writers: [] } });
    const info = await u2.client.waitFor((f) => f.op === 'NOTES_INFO', from);
    expect((info.data.notes as { id: string }[]).map((n) => n.id)).not.toContain(noteId);
    await u2.close();
  });
});

describe('lists show only readable notes', () => {
  it('GET /api/notebook, LIST_NOTES, search and the job manager hide notes the user may not read', async () => {
    const owner = sessions.owner as Session;
    const secret = await makeNote(srv, owner, `/s${++seq}/secretword note`, { owners: ['owner'], readers: ['user1'], runners: [], writers: [] });
    const user1 = await loginAs(srv, 'user1');
    const ids = async (who: Session): Promise<string[]> => ((await restAs<{ id: string }[]>(srv, who, '/api/notebook')).body.body ?? []).map((n) => n.id);
    expect(await ids(user1)).toContain(secret.noteId);
    expect(await ids(sessions.user2 as Session)).not.toContain(secret.noteId);
    expect(await ids(sessions.admin as Session)).toContain(secret.noteId);

    const search = async (who: Session): Promise<string[]> => ((await restAs<{ id: string }[]>(srv, who, '/api/notebook/search?q=secretword')).body.body ?? []).map((h) => h.id.split('/')[0]);
    expect(await search(user1)).toContain(secret.noteId);
    expect(await search(sessions.user2 as Session)).not.toContain(secret.noteId);

    const u2 = await UserClient.open(srv, sessions.user2);
    const from = u2.client.mark();
    u2.send('LIST_NOTES', {});
    const info = await u2.client.waitFor((f) => f.op === 'NOTES_INFO', from);
    expect((info.data.notes as { id: string }[]).map((n) => n.id)).not.toContain(secret.noteId);

    // The job manager lists the notes the caller owns (PROTOCOL 2.5): the owner sees it once it ran, user2 not.
    await restAs(srv, owner, `/api/notebook/job/${secret.noteId}?blocking=true`, { method: 'POST' });
    const jobs = async (who: Session): Promise<string[]> => ((await restAs<{ jobs: { noteId: string }[] }>(srv, who, '/api/notebook/jobmanager/')).body.body?.jobs ?? []).map((j) => j.noteId);
    expect(await jobs(owner)).toContain(secret.noteId);
    expect(await jobs(sessions.user2 as Session)).not.toContain(secret.noteId);
    const fromJobs = u2.client.mark();
    u2.send('LIST_NOTE_JOBS', {});
    const listed = await u2.client.waitFor((f) => f.op === 'LIST_NOTE_JOBS', fromJobs);
    expect((listed.data.noteJobs as { jobs: { noteId: string }[] }).jobs.map((j) => j.noteId)).not.toContain(secret.noteId);
    await u2.close();
  });

  it('a note made by a logged-in user is owned by them; with zeppelin.notebook.public=false it is theirs alone', async () => {
    const user1 = await loginAs(srv, 'user1');
    const c = await UserClient.open(srv, user1);
    const from = c.client.mark();
    c.send('NEW_NOTE', { name: `/own${++seq}` });
    const created = await c.client.waitFor((f) => f.op === 'NEW_NOTE', from);
    const id = (created.data.note as { id: string }).id;
    expect((await restAs(srv, user1, `/api/notebook/${id}/permissions`)).body.body).toEqual({ owners: ['user1'], readers: [], runners: [], writers: [] });
    await c.close();

    const priv = await startPermsServer({ settings: { 'zeppelin.notebook.public': 'false' } });
    try {
      const u1 = await loginAs(priv, 'user1');
      const made = await restAs<string>(priv, u1, '/api/notebook', { method: 'POST', json: { notePath: '/private' } });
      const noteId = made.body.body as string;
      expect((await restAs(priv, u1, `/api/notebook/${noteId}/permissions`)).body.body).toEqual({ owners: ['user1'], readers: ['user1'], runners: ['user1'], writers: ['user1'] });
      const u2 = await loginAs(priv, 'user2');
      expect((await restAs(priv, u2, `/api/notebook/${noteId}`)).status).toBe(403);
      // Deleting the note removes its entry.
      expect((await restAs(priv, u1, `/api/notebook/${noteId}`, { method: 'DELETE' })).status).toBe(200);
      const file = JSON.parse(readFileSync(join(priv.confDir, 'notebook-authorization.json'), 'utf8')) as { authInfo: Record<string, unknown> };
      expect(file.authInfo[noteId]).toBeUndefined();
    } finally {
      await priv.close();
    }
  });
});

describe('attacks', () => {
  it('a forged ticket gets SESSION_LOGOUT and changes nothing', async () => {
    const { noteId } = await makeNote(srv, sessions.owner as Session, `/a${++seq}/note`);
    const before = noteSnapshot(srv, [noteId]);
    const c = await Client.open(srv.wsUrl, srv.origin);
    const from = c.mark();
    c.sendRaw(JSON.stringify({ op: 'DEL_NOTE', data: { id: noteId }, principal: 'owner', ticket: 'forged-ticket', roles: '["admin"]' }));
    await c.waitFor((f) => f.op === 'SESSION_LOGOUT', from);
    // Claiming roles in the frame grants nothing: the server uses the roles stored with the ticket.
    const reader = sessions.reader as Session;
    c.sendRaw(JSON.stringify({ op: 'DEL_NOTE', data: { id: noteId }, principal: 'reader', ticket: reader.ticket, roles: '["admin","staff"]' }));
    await c.waitFor((f) => f.op === 'AUTH_INFO', from);
    expect(noteSnapshot(srv, [noteId])).toEqual(before);
    expect(c.opsSince(from)).not.toContain('NOTES_INFO');
    await c.close();
  });

  it('a REST call with a made-up session cookie is anonymous and refused', async () => {
    const { noteId } = await makeNote(srv, sessions.owner as Session, `/a${++seq}/note`);
    const r = await restAs(srv, { user: 'owner', cookie: 'JSESSIONID=made-up', ticket: '', roles: '[]' }, `/api/notebook/${noteId}`, { method: 'DELETE' });
    expect([302, 401, 403]).toContain(r.status);
    expect(existsSync(srv.notebookDir) && readdirSync(join(srv.notebookDir, `a${seq}`)).some((f) => f.includes(noteId))).toBe(true);
  });

  it.each(['../x', '/a/../../b', '%2e%2e/escape', '..%2F..%2Fevil'])('note name %p is refused everywhere and writes nothing outside the notebook folder', async (name) => {
    const owner = sessions.owner as Session;
    const outside = readdirSync(dirname(srv.notebookDir)).sort();
    const c = await UserClient.open(srv, owner);
    let from = c.client.mark();
    c.send('NEW_NOTE', { name });
    const err = await c.client.waitFor((f) => f.op === 'ERROR_INFO', from);
    expect(String(err.data.info)).toMatch(/\.\./);
    from = c.client.mark();
    c.send('IMPORT_NOTE', { note: { name, paragraphs: [] } });
    await c.client.waitFor((f) => f.op === 'ERROR_INFO', from);
    const { noteId } = await makeNote(srv, owner, `/t${++seq}/note`);
    from = c.client.mark();
    c.send('NOTE_RENAME', { id: noteId, name });
    await c.client.waitFor((f) => f.op === 'ERROR_INFO', from);
    const imported = await restAs(srv, owner, `/api/notebook/import?notePath=${encodeURIComponent(name)}`, { method: 'POST', json: { name: 'x', paragraphs: [] } });
    expect(imported.status).toBe(400);
    const created = await restAs(srv, owner, '/api/notebook', { method: 'POST', json: { notePath: name } });
    expect(created.status).toBe(400);
    expect(readdirSync(dirname(srv.notebookDir)).sort()).toEqual(outside);
    await c.close();
  });

  it('an oversize websocket frame is refused with ERROR_INFO and an oversize REST body with 413', async () => {
    const small = await startPermsServer({ settings: { 'zeppelin.websocket.max.text.message.size': '4096' } });
    try {
      const owner = await loginAs(small, 'owner');
      const c = await UserClient.open(small, owner);
      const from = c.client.mark();
      c.send('NEW_NOTE', { name: `/big${'x'.repeat(5000)}` });
      const err = await c.client.waitFor((f) => f.op === 'ERROR_INFO', from);
      expect(String(err.data.info)).toMatch(/exceeds zeppelin\.websocket\.max\.text\.message\.size/);
      expect(c.client.opsSince(from)).not.toContain('NEW_NOTE');
      const huge = await restAs(small, owner, '/api/notebook', { method: 'POST', json: { notePath: '/big', paragraphs: [{ text: 'x'.repeat(3 * 1024 * 1024) }] } });
      expect(huge.status).toBe(413);
      await c.close();
    } finally {
      await small.close();
    }
  });

  it('a websocket from another origin is refused at the handshake', async () => {
    await expect(Client.open(srv.wsUrl, 'http://evil.example')).rejects.toThrow(/handshake refused: 403/);
  });

  it('anonymous REST callers get 403 on note routes while logins are on', async () => {
    const { noteId } = await makeNote(srv, sessions.owner as Session, `/a${++seq}/note`, { owners: [], readers: [], runners: [], writers: [] });
    const r = await restAs(srv, undefined, `/api/notebook/${noteId}`);
    expect(r.status).toBe(403);
    const list = await restAs(srv, undefined, '/api/notebook');
    expect(list.status).toBe(403);
  });
});
