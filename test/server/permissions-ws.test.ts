/** @jest-environment node */
/**
 * The websocket permission matrix: every op that touches a note, sent over a real socket by a user of each level
 * (anonymous, a stranger, reader, runner, writer, owner, admin), against a fresh note per case. Allowed ops must
 * not get AUTH_INFO; refused ones must, and must leave the notebook folder and the authorization file unchanged.
 *
 * @slow (one of the suite's longest files: scheduled first on a fresh machine)
 */
import type { NotePermission } from '../../server/notes/authorization';
import type { TestServer } from './helpers/harness';
import { loginAs, noteSnapshot, makeNote, startPermsServer, UserClient, type Session } from './helpers/permissions';

jest.setTimeout(120000);

type Level = 'anonymous' | 'user2' | 'reader' | 'runner' | 'writer' | 'owner' | 'admin';
const LEVELS: Level[] = ['anonymous', 'user2', 'reader', 'runner', 'writer', 'owner', 'admin'];
const RANK: Record<Level, number> = { anonymous: -1, user2: 0, reader: 1, runner: 2, writer: 3, owner: 4, admin: 5 };
const NEEDS: Record<NotePermission, number> = { READER: 1, RUNNER: 2, WRITER: 3, OWNER: 4 };

interface Target {
  noteId: string;
  pids: string[];
  folder: string;
}

interface OpCase {
  op: string;
  perm: NotePermission;
  /** Where the note is created (default `/<folder>/note`). */
  path?: (folder: string) => string;
  /** The op takes its note from the connection: open it first (when the user may read it). */
  room?: boolean;
  data: (t: Target) => unknown;
  /** The reply an allowed op must produce. */
  reply?: string;
}

const paragraphsJson = (t: Target): string => JSON.stringify(t.pids.map((id) => ({ id, paragraph: '%md run all', config: {}, params: {} })));

const CASES: OpCase[] = [
  { op: 'GET_NOTE', perm: 'READER', data: (t) => ({ id: t.noteId }), reply: 'NOTE' },
  { op: 'RELOAD_NOTE', perm: 'READER', data: (t) => ({ id: t.noteId }), reply: 'NOTE' },
  { op: 'CLONE_NOTE', perm: 'WRITER', room: true, data: (t) => ({ id: t.noteId, name: `/${t.folder}-clone` }), reply: 'NEW_NOTE' },
  { op: 'NOTE_UPDATE', perm: 'WRITER', room: true, data: (t) => ({ id: t.noteId, name: 'note', config: { looknfeel: 'report' } }), reply: 'NOTE_UPDATED' },
  { op: 'NOTE_RENAME', perm: 'OWNER', room: true, data: (t) => ({ id: t.noteId, name: `/${t.folder}/renamed` }), reply: 'NOTE' },
  { op: 'FOLDER_RENAME', perm: 'OWNER', data: (t) => ({ id: `/${t.folder}`, name: `/${t.folder}-moved` }) },
  { op: 'MOVE_NOTE_TO_TRASH', perm: 'OWNER', data: (t) => ({ id: t.noteId }) },
  { op: 'MOVE_FOLDER_TO_TRASH', perm: 'OWNER', data: (t) => ({ id: t.folder }) },
  { op: 'RESTORE_NOTE', perm: 'WRITER', path: (f) => `/~Trash/${f}/note`, data: (t) => ({ id: t.noteId }) },
  { op: 'RESTORE_FOLDER', perm: 'OWNER', path: (f) => `/~Trash/${f}/note`, data: (t) => ({ id: `~Trash/${t.folder}` }) },
  { op: 'RESTORE_ALL', perm: 'OWNER', path: (f) => `/~Trash/${f}/note`, data: () => ({}) },
  { op: 'EMPTY_TRASH', perm: 'OWNER', path: (f) => `/~Trash/${f}/note`, data: () => ({}) },
  { op: 'DEL_NOTE', perm: 'OWNER', data: (t) => ({ id: t.noteId }) },
  { op: 'REMOVE_FOLDER', perm: 'OWNER', data: (t) => ({ id: t.folder }) },
  { op: 'UPDATE_PERSONALIZED_MODE', perm: 'WRITER', data: (t) => ({ id: t.noteId, personalized: 'true' }) },
  { op: 'CONVERT_NOTE_NBFORMAT', perm: 'READER', data: (t) => ({ noteId: t.noteId, noteName: 'note' }), reply: 'CONVERTED_NOTE_NBFORMAT' },
  { op: 'COMMIT_PARAGRAPH', perm: 'WRITER', room: true, data: (t) => ({ id: t.pids[0], noteId: t.noteId, paragraph: '%md changed', params: {}, config: {} }), reply: 'PARAGRAPH' },
  { op: 'INSERT_PARAGRAPH', perm: 'WRITER', room: true, data: () => ({ index: 0 }), reply: 'PARAGRAPH_ADDED' },
  { op: 'COPY_PARAGRAPH', perm: 'WRITER', room: true, data: () => ({ index: 0, paragraph: '%md copy', config: {}, params: {} }), reply: 'PARAGRAPH_ADDED' },
  { op: 'MOVE_PARAGRAPH', perm: 'WRITER', room: true, data: (t) => ({ id: t.pids[0], index: 1 }), reply: 'PARAGRAPH_MOVED' },
  { op: 'PARAGRAPH_REMOVE', perm: 'WRITER', room: true, data: (t) => ({ id: t.pids[1] }), reply: 'PARAGRAPH_REMOVED' },
  { op: 'PARAGRAPH_CLEAR_OUTPUT', perm: 'WRITER', room: true, data: (t) => ({ id: t.pids[0] }), reply: 'PARAGRAPH' },
  { op: 'PARAGRAPH_CLEAR_ALL_OUTPUT', perm: 'WRITER', data: (t) => ({ id: t.noteId }) },
  { op: 'PATCH_PARAGRAPH', perm: 'WRITER', room: true, data: (t) => ({ id: t.pids[0], noteId: t.noteId, patch: '@@ -1,5 +1,6 @@\n %md \n+x\n f\n' }) },
  { op: 'COMPLETION', perm: 'WRITER', room: true, data: (t) => ({ id: t.pids[0], buf: '%md fi', cursor: 6 }), reply: 'COMPLETION_LIST' },
  { op: 'RUN_PARAGRAPH', perm: 'RUNNER', room: true, data: (t) => ({ id: t.pids[0], paragraph: '%md ran', params: {}, config: {} }), reply: 'PARAGRAPH' },
  { op: 'RUN_ALL_PARAGRAPHS', perm: 'RUNNER', room: true, data: (t) => ({ noteId: t.noteId, paragraphs: paragraphsJson(t) }) },
  { op: 'CANCEL_PARAGRAPH', perm: 'RUNNER', data: (t) => ({ id: t.pids[0] }) },
  { op: 'CANCEL_ALL_PARAGRAPHS', perm: 'RUNNER', data: (t) => ({ noteId: t.noteId }) },
  { op: 'CHECKPOINT_NOTE', perm: 'WRITER', data: (t) => ({ noteId: t.noteId, commitMessage: 'matrix' }) },
  { op: 'LIST_REVISION_HISTORY', perm: 'READER', data: (t) => ({ noteId: t.noteId }), reply: 'LIST_REVISION_HISTORY' },
  { op: 'NOTE_REVISION', perm: 'READER', data: (t) => ({ noteId: t.noteId, revisionId: '0000000000000000000000000000000000000000' }) },
  { op: 'NOTE_REVISION_FOR_COMPARE', perm: 'READER', data: (t) => ({ noteId: t.noteId, revisionId: 'Head', position: 'first' }) },
  { op: 'SET_NOTE_REVISION', perm: 'WRITER', data: (t) => ({ noteId: t.noteId, revisionId: '0000000000000000000000000000000000000000' }) },
  { op: 'GET_INTERPRETER_BINDINGS', perm: 'READER', data: (t) => ({ noteId: t.noteId }), reply: 'INTERPRETER_BINDINGS' },
  { op: 'SAVE_INTERPRETER_BINDINGS', perm: 'WRITER', data: (t) => ({ noteId: t.noteId, selectedSettingIds: ['md'] }), reply: 'INTERPRETER_BINDINGS' },
  { op: 'ANGULAR_OBJECT_UPDATED', perm: 'RUNNER', data: (t) => ({ noteId: t.noteId, paragraphId: t.pids[0], interpreterGroupId: 'md', name: 'x', value: 1 }) },
  { op: 'ANGULAR_OBJECT_CLIENT_BIND', perm: 'RUNNER', data: (t) => ({ noteId: t.noteId, paragraphId: t.pids[0], name: 'x', value: 1 }) },
  { op: 'ANGULAR_OBJECT_CLIENT_UNBIND', perm: 'RUNNER', data: (t) => ({ noteId: t.noteId, paragraphId: t.pids[0], name: 'x' }) },
  { op: 'SAVE_NOTE_FORMS', perm: 'WRITER', room: true, data: (t) => ({ noteId: t.noteId, noteParams: { a: 1 } }), reply: 'SAVE_NOTE_FORMS' },
  { op: 'REMOVE_NOTE_FORMS', perm: 'WRITER', room: true, data: (t) => ({ noteId: t.noteId, formName: 'a' }), reply: 'SAVE_NOTE_FORMS' },
  { op: 'PARAGRAPH_EXECUTED_BY_SPELL', perm: 'RUNNER', room: true, data: (t) => ({ id: t.pids[0], title: '', paragraph: '%spell x', status: 'FINISHED', errorMessage: '', config: {}, params: {}, dateStarted: '2026-01-01T00:00:00.000Z', dateFinished: '2026-01-01T00:00:01.000Z' }) },
];

let srv: TestServer;
const sessions: Partial<Record<Level, Session>> = {};
const clients: Partial<Record<Level, UserClient>> = {};
let seq = 0;

beforeAll(async () => {
  srv = await startPermsServer();
  for (const level of LEVELS) {
    if (level !== 'anonymous') sessions[level] = await loginAs(srv, level);
    clients[level] = await UserClient.open(srv, sessions[level]);
  }
});

afterAll(async () => {
  for (const c of Object.values(clients)) await c?.close();
  await srv.close();
});

const matrix = CASES.flatMap((c) => LEVELS.map((level) => [c.op, level, c] as const));

describe('every websocket note op × every permission level', () => {
  it.each(matrix)('%s as %s', async (_op, level, c) => {
    const folder = `f${++seq}`;
    const owner = sessions.owner as Session;
    const { noteId, pids } = await makeNote(srv, owner, c.path ? c.path(folder) : `/${folder}/note`);
    const target: Target = { noteId, pids, folder };
    const client = clients[level] as UserClient;
    const allowed = RANK[level] >= NEEDS[c.perm];
    const mayRead = RANK[level] >= NEEDS.READER;
    if (c.room && mayRead) {
      const from = client.client.mark();
      client.send('GET_NOTE', { id: noteId });
      await client.client.waitFor((f) => f.op === 'NOTE', from, 15_000, 'NOTE');
    }
    if (c.room && !mayRead) {
      // A user who cannot open the note must not act on it through a note they could open before.
      client.send('GET_HOME_NOTE', {});
    }
    await client.barrier();
    const before = noteSnapshot(srv, [noteId]);
    const from = client.client.mark();
    client.send(c.op, c.data(target));
    await client.barrier();
    const ops = client.client.opsSince(from);
    if (allowed) {
      expect(ops).not.toContain('AUTH_INFO');
      if (c.reply) await client.client.waitFor((f) => f.op === c.reply, from, 15_000, c.reply);
      if (c.op === 'RUN_PARAGRAPH') await client.client.waitFor((f) => f.op === 'PARAGRAPH' && ['FINISHED', 'ERROR'].includes((f.data.paragraph as { status: string }).status), from, 10000, 'run end');
      if (c.op === 'RUN_ALL_PARAGRAPHS') await client.client.waitFor((f) => f.op === 'NOTE_RUNNING_STATUS' && f.data.status === false, from, 10000, 'run-all end');
      return;
    }
    if (level === 'anonymous') {
      // With logins on, anonymous frames are dropped without a reply (PROTOCOL 1.4 step 5).
      expect(ops.filter((o) => o !== 'SESSION_LOGOUT')).toEqual([]);
    } else if (c.room && !mayRead) {
      // Never associated with the note: the op has no note to act on.
      // COMPLETION always answers (empty) so the editor is released; everything else must not answer as done.
      if (c.op === 'COMPLETION') expect(client.client.frames.slice(from).find((f) => f.op === 'COMPLETION_LIST')?.data.completions).toEqual([]);
      else if (c.reply) expect(ops).not.toContain(c.reply);
    } else {
      const auth = client.client.frames.slice(from).find((f) => f.op === 'AUTH_INFO');
      expect(auth?.data.info).toMatch(new RegExp(`^Insufficient privileges to (${c.perm} note\\.|(get|save) interpreter bindings from note\\.)`));
      expect(String(auth?.data.info)).toContain(`But the user ${level} belongs to: [${level}`);
    }
    expect(noteSnapshot(srv, [noteId])).toEqual(before);
  });
});

describe('reply quirks of a refusal', () => {
  it('NOTE_RENAME without OWNER: AUTH_INFO, then the unchanged NOTE to the room', async () => {
    const { noteId } = await makeNote(srv, sessions.owner as Session, `/q${++seq}/note`);
    const writer = clients.writer as UserClient;
    writer.send('GET_NOTE', { id: noteId });
    await writer.barrier();
    const from = writer.client.mark();
    writer.send('NOTE_RENAME', { id: noteId, name: '/stolen' });
    await writer.barrier();
    expect(writer.client.opsSince(from).slice(0, 2)).toEqual(['AUTH_INFO', 'NOTE']);
    const note = writer.client.frames.slice(from).find((f) => f.op === 'NOTE');
    expect((note?.data.note as { path: string }).path).toBe(`/q${seq}/note`);
  });

  it('the AUTH_INFO text names the allowed entities and the user with their roles', async () => {
    const { noteId } = await makeNote(srv, sessions.owner as Session, `/q${++seq}/note`);
    const reader = clients.reader as UserClient;
    const from = reader.client.mark();
    reader.send('DEL_NOTE', { id: noteId });
    const auth = await reader.client.waitFor((f) => f.op === 'AUTH_INFO', from);
    expect(auth.data.info).toBe('Insufficient privileges to OWNER note.\nAllowed users or roles: [owner]\nBut the user reader belongs to: [reader, role_r]');
  });

  it('COMPLETION without WRITER still releases the editor with an empty COMPLETION_LIST', async () => {
    const { noteId, pids } = await makeNote(srv, sessions.owner as Session, `/q${++seq}/note`);
    const runner = clients.runner as UserClient;
    runner.send('GET_NOTE', { id: noteId });
    await runner.barrier();
    const from = runner.client.mark();
    runner.send('COMPLETION', { id: pids[0], buf: '%md x', cursor: 5 });
    const list = await runner.client.waitFor((f) => f.op === 'COMPLETION_LIST', from);
    expect(list.data).toEqual({ id: pids[0], completions: [] });
    expect(runner.client.opsSince(from)[0]).toBe('AUTH_INFO');
  });

  it('a folder op is refused as a whole when one note in it is not the caller\'s', async () => {
    const folder = `mixed${++seq}`;
    const owner = sessions.owner as Session;
    const writerSession = sessions.writer as Session;
    const a = await makeNote(srv, owner, `/${folder}/a`);
    const b = await makeNote(srv, writerSession, `/${folder}/b`, { owners: ['writer'], writers: [], runners: [], readers: [] });
    const writer = clients.writer as UserClient;
    await writer.barrier();
    const ids = [a.noteId, b.noteId];
    const before = noteSnapshot(srv, ids);
    const from = writer.client.mark();
    writer.send('REMOVE_FOLDER', { id: folder });
    await writer.barrier();
    expect(writer.client.opsSince(from)).toContain('AUTH_INFO');
    expect(noteSnapshot(srv, ids)).toEqual(before);
  });
});
