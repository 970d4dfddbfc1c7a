/** @jest-environment node */
/**
 * Personalized mode (PROTOCOL 5.7) over real sockets with two logged-in users: each user's results and form values
 * stay their own, in frames, in GET_NOTE, and across a restart (the ZEPPELIN-6556 class of leak).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../server/app';
import { PERSONAL_DIR } from '../../server/personal/store';
import type { Note, Paragraph, ReceiveOp, SendMap, SendOp } from '../../protocol';
import { api, Client, tempDir, type Frame } from './helpers/harness';
import { isStatus, paragraphFrame, TERMINAL, textOf } from './helpers/exec';

const SHIRO = `[users]
user1 = password2, role1
user2 = password3, role2

[urls]
/api/version = anon
/** = authc
`;

interface Identity {
  principal: string;
  ticket: string;
}

/** A websocket client acting for one logged-in user. */
class UserClient {
  constructor(readonly c: Client, readonly id: Identity, readonly cookie = '') {}

  send<K extends SendOp>(op: K, data: SendMap[K]): string {
    return this.c.send(op, data, this.id);
  }

  async request<K extends SendOp>(op: K, data: SendMap[K], replyOp: ReceiveOp, pred: (f: Frame) => boolean = () => true): Promise<Frame> {
    const from = this.c.mark();
    this.send(op, data);
    return this.c.waitFor((f) => f.op === replyOp && pred(f), from, 15_000, replyOp);
  }

  async note(noteId: string): Promise<Note> {
    const f = await this.request('GET_NOTE', { id: noteId }, 'NOTE');
    return (f.data as { note: Note }).note;
  }

  async run(pid: string, text: string, params: Record<string, string> = {}): Promise<{ final: Paragraph; from: number }> {
    const from = this.c.mark();
    this.send('RUN_PARAGRAPH', { id: pid, paragraph: text, params, config: {} });
    const f = await this.c.waitFor(isStatus(pid, TERMINAL), from, 15000, `terminal PARAGRAPH of ${pid}`);
    return { final: paragraphFrame(f) as Paragraph, from };
  }

  /** Frames since `from` that mention `needle` anywhere. */
  mentions(from: number, needle: string): Frame[] {
    return this.c.frames.slice(from).filter((f) => JSON.stringify(f).includes(needle));
  }

  /** Barrier: frames caused by earlier server work for this connection have arrived once LIST_NOTES answers. */
  async sync(): Promise<void> {
    await this.request('LIST_NOTES', {}, 'NOTES_INFO');
  }

  close(): Promise<void> {
    return this.c.close();
  }
}

interface Env {
  dir: string;
  notebookDir: string;
  confDir: string;
  server: RunningServer;
  origin: string;
  wsUrl: string;
}

async function start(dir: string): Promise<Env> {
  const notebookDir = join(dir, 'notebook');
  const confDir = join(dir, 'conf');
  const server = await startServer({ port: 0, host: '127.0.0.1', webDir: join(dir, 'no-ui'), notebookDir, confDir });
  const origin = server.url.replace(/\/$/, '');
  return { dir, notebookDir, confDir, server, origin, wsUrl: `${server.url.replace('http', 'ws')}ws` };
}

async function login(env: Env, userName: string, password: string): Promise<UserClient> {
  const res = await api<{ principal: string; ticket: string }>(env.server.url, '/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ userName, password }).toString(),
  });
  if (res.status !== 200 || !res.body.body) throw new Error(`login of ${userName} failed: ${res.status} ${res.text}`);
  const client = await Client.open(env.wsUrl, env.origin);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  return new UserClient(client, { principal: res.body.body.principal, ticket: res.body.body.ticket }, cookie);
}

const paragraphOf = (note: Note, pid: string): Paragraph => {
  const p = note.paragraphs.find((x) => x.id === pid);
  if (!p) throw new Error(`paragraph ${pid} missing from the note`);
  return p;
};

const FORM_TEXT = '%md Hello ${name=world}';
const RUN_OPS = ['PROGRESS', 'PARAGRAPH_APPEND_OUTPUT', 'PARAGRAPH_UPDATE_OUTPUT', 'PARAGRAPH'];

describe('personalized mode (PROTOCOL 5.7)', () => {
  let dir: string;
  let env: Env;
  let u1: UserClient;
  let u2: UserClient;
  let noteId: string;
  let pid: string;

  beforeEach(async () => {
    dir = tempDir('zpl-personal-');
    mkdirSync(join(dir, 'conf'), { recursive: true });
    writeFileSync(join(dir, 'conf', 'shiro.ini'), SHIRO);
    env = await start(dir);
    u1 = await login(env, 'user1', 'password2');
    u2 = await login(env, 'user2', 'password3');
    const created = await u1.request('NEW_NOTE', { name: '/shared note', defaultInterpreterGroup: 'md' }, 'NEW_NOTE');
    const note = (created.data as { note: Note }).note;
    noteId = note.id;
    pid = note.paragraphs[0].id;
    await u2.note(noteId);
    const from2 = u2.c.mark();
    await u1.request('UPDATE_PERSONALIZED_MODE', { id: noteId, personalized: 'true' }, 'NOTE',
      (f) => (f.data as { note: Note }).note.config?.personalizedMode === 'true');
    await u2.c.waitFor((f) => f.op === 'NOTE' && (f.data as { note: Note }).note.config?.personalizedMode === 'true', from2, 15_000, 'personalized NOTE');
  });

  afterEach(async () => {
    await Promise.all([u1.close(), u2.close()]);
    await env.server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const zpln = (): string => {
    const file = readdirSync(env.notebookDir).find((f) => f.endsWith(`_${noteId}.zpln`));
    if (!file) throw new Error('note file missing');
    return readFileSync(join(env.notebookDir, file), 'utf8');
  };

  test('personalized isolation between two users', async () => {
    const from2 = u2.c.mark();
    const a = await u1.run(pid, FORM_TEXT, { name: 'alice' });
    expect(a.final.status).toBe('FINISHED');
    expect(textOf(a.final)).toContain('Hello alice');
    expect(a.final.settings?.params).toEqual({ name: 'alice' });
    await u2.sync();
    // Nothing of user1's run reaches user2: no status, progress or output frame for the paragraph, no value.
    expect(u2.mentions(from2, 'alice')).toEqual([]);
    expect(u2.c.frames.slice(from2).filter((f) => RUN_OPS.includes(f.op) && JSON.stringify(f.data).includes(pid))).toEqual([]);

    const seenBy2 = paragraphOf(await u2.note(noteId), pid);
    expect(seenBy2.results).toBeUndefined();
    expect(seenBy2.status).toBe('READY');
    expect(seenBy2.settings?.params?.name).toBeUndefined();
    // Text is shared: user2 sees what user1 ran.
    expect(seenBy2.text).toBe(FORM_TEXT);

    const from1 = u1.c.mark();
    const b = await u2.run(pid, FORM_TEXT, { name: 'bob' });
    expect(textOf(b.final)).toContain('Hello bob');
    await u1.sync();
    expect(u1.mentions(from1, 'bob')).toEqual([]);
    const seenBy1 = paragraphOf(await u1.note(noteId), pid);
    expect(textOf(seenBy1)).toContain('Hello alice');
    expect(seenBy1.settings?.params).toEqual({ name: 'alice' });

    // Note-form values are per user too.
    const nf2 = u2.c.mark();
    await u1.request('SAVE_NOTE_FORMS', { noteId, noteParams: { city: 'Paris' } }, 'SAVE_NOTE_FORMS');
    await u2.sync();
    expect(u2.mentions(nf2, 'Paris')).toEqual([]);
    expect((await u2.note(noteId)).noteParams ?? {}).toEqual({});
    expect((await u1.note(noteId)).noteParams).toEqual({ city: 'Paris' });

    // REST answers with the caller's view too.
    const rest2 = await api<Note>(env.server.url, `/api/notebook/${noteId}`, { headers: { cookie: u2.cookie } });
    expect(rest2.status).toBe(200);
    expect(textOf(paragraphOf(rest2.body.body as Note, pid))).toContain('Hello bob');
    expect(rest2.text).not.toMatch(/alice|Paris/);

    // The note file keeps the shared base, so it stays a plain Zeppelin note without anyone's values.
    const file = zpln();
    expect(file).not.toContain('alice');
    expect(file).not.toContain('bob');
    expect(file).not.toContain('Paris');
    expect(file).toContain('"personalizedMode": "true"');
  });

  test('a run streams its progress and output only to the runner (all of the runner\'s connections)', async () => {
    const second = new UserClient(await Client.open(env.wsUrl, env.origin), u1.id);
    await second.note(noteId);
    const from2 = u2.c.mark();
    const fromSecond = second.c.mark();
    const shText = '%sh\necho first-${who=x}\nsleep 0.7\necho second-${who=x}';
    const a = await u1.run(pid, shText, { who: 'one' });
    expect(a.final.status).toBe('FINISHED');
    expect(textOf(a.final)).toContain('second-one');
    const mine = u1.c.frames.slice(a.from).map((f) => f.op);
    expect(mine).toEqual(expect.arrayContaining(['PARAGRAPH_UPDATE_OUTPUT', 'PARAGRAPH_APPEND_OUTPUT', 'PROGRESS']));
    await second.c.waitFor(isStatus(pid, ['FINISHED']), fromSecond, 15_000, 'terminal PARAGRAPH on the second device');
    expect(second.c.frames.slice(fromSecond).some((f) => f.op === 'PARAGRAPH_APPEND_OUTPUT')).toBe(true);
    await u2.sync();
    expect(u2.c.frames.slice(from2).filter((f) => RUN_OPS.includes(f.op))).toEqual([]);
    await second.close();
  });

  test('both users run the same paragraph at the same time and each keeps their own result', async () => {
    const text = '%sh\nsleep 0.3\necho v-${v=0}';
    const [a, b] = await Promise.all([u1.run(pid, text, { v: '1' }), u2.run(pid, text, { v: '2' })]);
    expect(textOf(a.final)).toContain('v-1');
    expect(textOf(b.final)).toContain('v-2');
    expect(textOf(paragraphOf(await u1.note(noteId), pid))).toContain('v-1');
    expect(textOf(paragraphOf(await u2.note(noteId), pid))).toContain('v-2');
  });

  test('ZEPPELIN-6556: a user who opens the note after another one ran it, and commits, sees only their own values', async () => {
    await u2.close();
    await u1.run(pid, FORM_TEXT, { name: 'alice' });
    await u1.request('COMMIT_PARAGRAPH', { id: pid, noteId, paragraph: FORM_TEXT, params: { name: 'carol' }, config: {} }, 'PARAGRAPH');
    // user2 comes back only now: no copy of theirs existed while user1 worked.
    u2 = await login(env, 'user2', 'password3');
    const fresh = paragraphOf(await u2.note(noteId), pid);
    expect(JSON.stringify(fresh)).not.toMatch(/alice|carol/);
    // user2 edits the shared text and sets their own value; user1's result and value stay.
    const from1 = u1.c.mark();
    await u2.request('COMMIT_PARAGRAPH', { id: pid, noteId, paragraph: '%md Bye ${name=world}', params: { name: 'dave' }, config: {} }, 'PARAGRAPH');
    const relayed = await u1.c.waitFor((f) => f.op === 'PARAGRAPH' && paragraphFrame(f)?.text === '%md Bye ${name=world}', from1, 15_000, 'shared text change');
    const forUser1 = paragraphFrame(relayed) as Paragraph;
    expect(forUser1.settings?.params).toEqual({ name: 'carol' });
    expect(textOf(forUser1)).toContain('Hello alice');
    expect(u1.mentions(from1, 'dave')).toEqual([]);
    const own = paragraphOf(await u2.note(noteId), pid);
    expect(own.settings?.params).toEqual({ name: 'dave' });
    expect(own.results).toBeUndefined();
  });

  test('run-all runs the caller\'s copies with the caller\'s params', async () => {
    const from2 = u2.c.mark();
    const from1 = u1.c.mark();
    u1.send('RUN_ALL_PARAGRAPHS', { noteId, paragraphs: JSON.stringify([{ id: pid, paragraph: FORM_TEXT, params: { name: 'frank' }, config: {} }]) });
    await u1.c.waitFor((f) => f.op === 'NOTE_RUNNING_STATUS' && (f.data as { status: boolean }).status === false, from1, 15000, 'end of run-all');
    expect(textOf(paragraphOf(await u1.note(noteId), pid))).toContain('Hello frank');
    await u2.sync();
    expect(u2.mentions(from2, 'frank')).toEqual([]);
    expect(JSON.stringify(await u2.note(noteId))).not.toContain('frank');
    expect(zpln()).not.toContain('frank');
  });

  test('clearing output clears only the caller\'s copy', async () => {
    await u1.run(pid, FORM_TEXT, { name: 'alice' });
    await u2.run(pid, FORM_TEXT, { name: 'bob' });
    const from2 = u2.c.mark();
    const cleared = await u1.request('PARAGRAPH_CLEAR_OUTPUT', { id: pid }, 'PARAGRAPH');
    expect((paragraphFrame(cleared) as Paragraph).results).toBeUndefined();
    await u2.sync();
    expect(u2.c.frames.slice(from2).filter((f) => f.op === 'PARAGRAPH')).toEqual([]);
    expect(textOf(paragraphOf(await u2.note(noteId), pid))).toContain('Hello bob');
  });

  test('per-user copies survive a server restart', async () => {
    await u1.run(pid, FORM_TEXT, { name: 'alice' });
    await u2.run(pid, FORM_TEXT, { name: 'bob' });
    await u1.request('SAVE_NOTE_FORMS', { noteId, noteParams: { city: 'Paris' } }, 'SAVE_NOTE_FORMS');
    await Promise.all([u1.close(), u2.close()]);
    await env.server.close();
    const sidecar = join(env.notebookDir, PERSONAL_DIR, `${noteId}.json`);
    expect(existsSync(sidecar)).toBe(true);
    // The per-user folder is never taken for notes.
    expect(existsSync(join(env.notebookDir, PERSONAL_DIR, '.gitignore'))).toBe(true);

    env = await start(dir);
    u1 = await login(env, 'user1', 'password2');
    u2 = await login(env, 'user2', 'password3');
    const n1 = await u1.note(noteId);
    const n2 = await u2.note(noteId);
    expect(textOf(paragraphOf(n1, pid))).toContain('Hello alice');
    expect(paragraphOf(n1, pid).settings?.params).toEqual({ name: 'alice' });
    expect(n1.noteParams).toEqual({ city: 'Paris' });
    expect(textOf(paragraphOf(n2, pid))).toContain('Hello bob');
    expect(JSON.stringify(n2)).not.toMatch(/alice|Paris/);
    const list = await u1.request('LIST_NOTES', {}, 'NOTES_INFO');
    expect(JSON.stringify(list.data)).not.toContain(PERSONAL_DIR);
  });

  test('turning the mode off keeps the shared copy and discards every user\'s own', async () => {
    await u1.run(pid, FORM_TEXT, { name: 'alice' });
    await u2.run(pid, FORM_TEXT, { name: 'bob' });
    const from2 = u2.c.mark();
    const off = await u1.request('UPDATE_PERSONALIZED_MODE', { id: noteId, personalized: 'false' }, 'NOTE');
    const shared = (off.data as { note: Note }).note;
    expect(shared.config?.personalizedMode).toBe('false');
    expect(JSON.stringify(shared)).not.toMatch(/alice|bob/);
    const seen2 = await u2.c.waitFor((f) => f.op === 'NOTE', from2, 15_000, 'NOTE after turning off');
    expect(JSON.stringify(seen2.data)).not.toMatch(/alice|bob/);
    expect(existsSync(join(env.notebookDir, PERSONAL_DIR, `${noteId}.json`))).toBe(false);
    // Shared again: a run by user1 reaches user2.
    const from2b = u2.c.mark();
    await u1.run(pid, FORM_TEXT, { name: 'erin' });
    await u2.c.waitFor((f) => f.op === 'PARAGRAPH' && textOf(paragraphFrame(f) as Paragraph).includes('Hello erin'), from2b, 15_000, 'shared result');
  });

  test('a REST run acts for the logged-in caller: it lands in their copy, not in anonymous\'s or anyone else\'s', async () => {
    await u1.run(pid, FORM_TEXT, { name: 'alice' });
    const from1 = u1.c.mark();
    const res = await api<{ code: string }>(env.server.url, `/api/notebook/run/${noteId}/${pid}`, {
      method: 'POST', headers: { cookie: u2.cookie, 'content-type': 'application/json' }, body: JSON.stringify({ params: { name: 'rest-bob' } }),
    });
    expect(res.status).toBe(200);
    expect(res.body.body?.code).toBe('SUCCESS');
    await u1.sync();
    expect(u1.mentions(from1, 'rest-bob')).toEqual([]);
    expect(textOf(paragraphOf(await u2.note(noteId), pid))).toContain('Hello rest-bob');
    expect(textOf(paragraphOf(await u1.note(noteId), pid))).toContain('Hello alice');
  });

  test('the mode must be the string "true" or "false"', async () => {
    const f = await u1.request('UPDATE_PERSONALIZED_MODE', { id: noteId, personalized: 'yes' as 'true' }, 'ERROR_INFO');
    expect((f.data as { info: string }).info).toContain('personalized must be the string "true" or "false"');
  });
});
