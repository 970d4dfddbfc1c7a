/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Note } from '../../protocol';
import { CHECKPOINT_FAILED } from '../../server/revisions/service';
import { api, Client, startTestServer, tempDir, type TestServer } from './helpers/harness';
import { commitText, withoutGitIdentity } from './helpers/gitHome';
import { newNote } from './helpers/exec';

jest.setTimeout(30000);

const VFS = 'org.apache.zeppelin.notebook.repo.VFSNotebookRepo';
const git = (dir: string, ...args: string[]): string => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' }).trim();

withoutGitIdentity();

describe('revisions on a git-backed notebook folder (PROTOCOL 2.4, 3.3)', () => {
  let server: TestServer;
  let a: Client;
  let b: Client;

  beforeAll(async () => {
    server = await startTestServer();
    a = await Client.open(server.wsUrl, server.origin);
    b = await Client.open(server.wsUrl, server.origin);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await server.close();
  });

  test('the notebook folder becomes a git repository with its own committer identity', () => {
    expect(readdirSync(server.notebookDir)).toContain('.git');
    expect(git(server.notebookDir, 'config', '--local', 'user.name')).toBe('Zeppelin');
    expect(git(server.notebookDir, 'config', '--local', 'user.email')).toBe('zeppelin@localhost');
  });

  test('an existing repository gets the identity only where it has none of its own', async () => {
    const bare = join(tempDir('zpl-gitid-'), 'notebook');
    const own = join(tempDir('zpl-gitid-'), 'notebook');
    for (const dir of [bare, own]) {
      mkdirSync(dir, { recursive: true });
      git(dir, 'init', '--quiet');
    }
    git(own, 'config', '--local', 'user.name', 'Ada');
    for (const dir of [bare, own]) {
      const s = await startTestServer({ notebookDir: dir });
      await s.close();
    }
    expect([git(bare, 'config', '--local', 'user.name'), git(bare, 'config', '--local', 'user.email')]).toEqual(['Zeppelin', 'zeppelin@localhost']);
    expect([git(own, 'config', '--local', 'user.name'), git(own, 'config', '--local', 'user.email')]).toEqual(['Ada', 'zeppelin@localhost']);
  });

  test('revision support is reported by capabilities and the configurations', async () => {
    expect((await api(server.url, '/api/notebook/capabilities')).body.body).toEqual({ isRevisionSupported: true });
    const conf = await a.request('LIST_CONFIGURATIONS', {}, 'CONFIGURATIONS_INFO');
    expect(conf.data.configurations.isRevisionSupported).toBe('true');
    expect((await api<Record<string, string>>(server.url, '/api/configurations/all')).body.body?.isRevisionSupported).toBe('true');
  });

  test('checkpoint, list, view, compare and restore over the websocket', async () => {
    const { noteId, pid } = await newNote(a, '/rev/ws');
    await b.request('GET_NOTE', { id: noteId }, 'NOTE');
    expect((await a.request('LIST_REVISION_HISTORY', { noteId }, 'LIST_REVISION_HISTORY')).data).toEqual({ revisionList: [] });

    await commitText(a, noteId, pid, '%md first');
    const before = Math.floor(Date.now() / 1000);
    const first = await a.request('CHECKPOINT_NOTE', { noteId, commitMessage: 'first version' }, 'LIST_REVISION_HISTORY');
    const list1 = first.data.revisionList ?? [];
    expect(list1).toHaveLength(1);
    expect(list1[0].id).toMatch(/^[0-9a-f]{40}$/);
    expect(list1[0].message).toBe('first version');
    expect(list1[0].time).toBeGreaterThanOrEqual(before - 1);
    expect(list1[0].time).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));

    // Nothing changed since: Zeppelin's error text, and no new commit.
    const none = await a.request('CHECKPOINT_NOTE', { noteId, commitMessage: 'again' }, 'ERROR_INFO');
    expect(none.data.info).toBe(CHECKPOINT_FAILED);

    await commitText(a, noteId, pid, '%md second');
    const second = await a.request('CHECKPOINT_NOTE', { noteId, commitMessage: 'second version' }, 'LIST_REVISION_HISTORY');
    const list2 = second.data.revisionList ?? [];
    expect(list2.map((r) => r.message)).toEqual(['second version', 'first version']);
    expect(git(server.notebookDir, 'log', '--format=%s')).toBe('second version\nfirst version');

    const old = await a.request('NOTE_REVISION', { noteId, revisionId: list1[0].id }, 'NOTE_REVISION');
    expect(old.data.noteId).toBe(noteId);
    expect(old.data.revisionId).toBe(list1[0].id);
    expect(old.data.note?.paragraphs[0].text).toBe('%md first');
    expect(old.data.note?.path).toBe('/rev/ws');

    await commitText(a, noteId, pid, '%md third, not committed');
    const head = await a.request('NOTE_REVISION_FOR_COMPARE', { noteId, revisionId: 'Head', position: 'first' }, 'NOTE_REVISION_FOR_COMPARE');
    expect(head.data).toMatchObject({ noteId, revisionId: 'Head', position: 'first' });
    expect(head.data.note?.paragraphs[0].text).toBe('%md third, not committed');
    const cmp = await a.request('NOTE_REVISION_FOR_COMPARE', { noteId, revisionId: list2[0].id, position: 'second' }, 'NOTE_REVISION_FOR_COMPARE');
    expect(cmp.data.position).toBe('second');
    expect(cmp.data.note?.paragraphs[0].text).toBe('%md second');

    const bFrom = b.mark();
    const set = await a.request('SET_NOTE_REVISION', { noteId, revisionId: list1[0].id }, 'SET_NOTE_REVISION');
    expect(set.data).toEqual({ status: true });
    const reloaded = await b.next('NOTE', bFrom);
    expect(reloaded.data.note?.paragraphs[0].text).toBe('%md first');
    expect(reloaded.data.note?.id).toBe(noteId);
    await a.sync();
    const file = JSON.parse(readFileSync(join(server.notebookDir, 'rev', `ws_${noteId}.zpln`), 'utf8')) as Note;
    expect(file.paragraphs[0].text).toBe('%md first');
    // The restore is a change like any other until it is checkpointed.
    const restored = await a.request('CHECKPOINT_NOTE', { noteId, commitMessage: 'back to first' }, 'LIST_REVISION_HISTORY');
    expect(restored.data.revisionList?.map((r) => r.message)).toEqual(['back to first', 'second version', 'first version']);
  });

  test('unknown notes and revisions', async () => {
    const from = a.mark();
    a.send('LIST_REVISION_HISTORY', { noteId: 'NOPE' });
    await a.next('LIST_REVISION_HISTORY', from);
    expect(a.opsSince(from).slice(0, 2)).toEqual(['ERROR_INFO', 'LIST_REVISION_HISTORY']);
    expect(a.frames[from + 1].data).toEqual({});

    const { noteId } = await newNote(a, '/rev/unknowns');
    const missing = await a.request('NOTE_REVISION', { noteId, revisionId: 'deadbeef' }, 'NOTE_REVISION');
    expect(missing.data).toEqual({ noteId, revisionId: 'deadbeef' });
    // Not a hex id: never handed to git, where it could read as an option.
    const option = await a.request('NOTE_REVISION', { noteId, revisionId: '--output=/tmp/x' }, 'NOTE_REVISION');
    expect(option.data.note).toBeUndefined();
    const bad = await a.request('SET_NOTE_REVISION', { noteId, revisionId: 'deadbeef' }, 'ERROR_INFO');
    expect(bad.data.info).toMatch(/^Fail to set given note revision, cause: /);
  });

  test('history follows a note through renames and moves', async () => {
    const { noteId, pid } = await newNote(a, '/moving/before');
    await commitText(a, noteId, pid, '%md v1');
    const v1 = (await a.request('CHECKPOINT_NOTE', { noteId, commitMessage: 'v1' }, 'LIST_REVISION_HISTORY')).data.revisionList ?? [];
    await a.request('NOTE_RENAME', { id: noteId, name: '/elsewhere/after' }, 'NOTE');
    await a.sync();
    const moved = await a.request('CHECKPOINT_NOTE', { noteId, commitMessage: 'moved' }, 'LIST_REVISION_HISTORY');
    expect(moved.data.revisionList?.map((r) => r.message)).toEqual(['moved', 'v1']);
    // The commit records the move: the old file is gone from the tree.
    expect(git(server.notebookDir, 'ls-tree', '-r', '--name-only', 'HEAD').split('\n').filter((f) => f.includes(noteId))).toEqual([`elsewhere/after_${noteId}.zpln`]);
    const old = await a.request('NOTE_REVISION', { noteId, revisionId: v1[0].id }, 'NOTE_REVISION');
    expect(old.data.note?.path).toBe('/moving/before');
    expect(old.data.note?.paragraphs[0].text).toBe('%md v1');
  });

  test('REST: list, checkpoint, view and restore', async () => {
    const { noteId, pid } = await newNote(a, '/rev/rest');
    const empty = await api(server.url, `/api/notebook/${noteId}/revision`);
    expect(empty.body).toEqual({ status: 'OK', message: '', body: [] });
    expect((await api(server.url, '/api/notebook/NOPE/revision')).status).toBe(404);

    const blank = await api(server.url, `/api/notebook/${noteId}/revision`, { method: 'POST', json: { commitMessage: '' } });
    expect(blank.status).toBe(400);
    await commitText(a, noteId, pid, '%md rest one');
    const made = await api<string>(server.url, `/api/notebook/${noteId}/revision`, { method: 'POST', json: { commitMessage: 'rest one' } });
    expect(made.status).toBe(200);
    expect(made.body.body).toMatch(/^[0-9a-f]{40}$/);
    const nothing = await api(server.url, `/api/notebook/${noteId}/revision`, { method: 'POST', json: { commitMessage: 'rest again' } });
    expect(nothing.body).toEqual({ status: 'OK', message: CHECKPOINT_FAILED });

    const listed = await api<{ id: string; message: string; time: number }[]>(server.url, `/api/notebook/${noteId}/revision`);
    expect(listed.body.body?.map((r) => [r.id, r.message])).toEqual([[made.body.body, 'rest one']]);

    const view = await api<Note>(server.url, `/api/notebook/${noteId}/revision/${String(made.body.body)}`);
    expect(view.body.body?.paragraphs[0].text).toBe('%md rest one');
    expect((await api(server.url, `/api/notebook/${noteId}/revision/0123abcd`)).status).toBe(404);

    await commitText(a, noteId, pid, '%md rest two');
    const put = await api(server.url, `/api/notebook/${noteId}/revision/${String(made.body.body)}`, { method: 'PUT' });
    expect(put.body).toEqual({ status: 'OK' });
    expect((await api<Note>(server.url, `/api/notebook/${noteId}`)).body.body?.paragraphs[0].text).toBe('%md rest one');
  });
});

describe('revision storage edge cases', () => {
  test('a notebook folder inside another repository gets its own; the outer one is never touched', async () => {
    const outer = tempDir('zpl-outer-');
    execFileSync('git', ['init', '--quiet', outer]);
    const notebookDir = join(outer, 'notebook');
    mkdirSync(notebookDir);
    const server = await startTestServer({ notebookDir });
    const a = await Client.open(server.wsUrl, server.origin);
    try {
      const { noteId, pid } = await newNote(a, '/nested');
      await commitText(a, noteId, pid, '%md nested');
      await a.request('CHECKPOINT_NOTE', { noteId, commitMessage: 'inner' }, 'LIST_REVISION_HISTORY');
      expect(git(notebookDir, 'log', '--format=%s')).toBe('inner');
      expect(() => execFileSync('git', ['-C', outer, 'rev-parse', '--verify', '--quiet', 'HEAD'], { stdio: 'pipe' })).toThrow();
    } finally {
      await a.close();
      await server.close();
    }
  });

  test('the plain folder store (VFSNotebookRepo) reports no revision support', async () => {
    const server = await startTestServer({ settings: { 'zeppelin.notebook.storage': VFS } });
    const a = await Client.open(server.wsUrl, server.origin);
    try {
      expect(readdirSync(server.notebookDir)).not.toContain('.git');
      expect((await api(server.url, '/api/notebook/capabilities')).body.body).toEqual({ isRevisionSupported: false });
      expect((await a.request('LIST_CONFIGURATIONS', {}, 'CONFIGURATIONS_INFO')).data.configurations.isRevisionSupported).toBe('false');
      const { noteId } = await newNote(a, '/plain');
      expect((await a.request('LIST_REVISION_HISTORY', { noteId }, 'LIST_REVISION_HISTORY')).data).toEqual({});
      expect((await a.request('CHECKPOINT_NOTE', { noteId, commitMessage: 'x' }, 'ERROR_INFO')).data.info).toBe(CHECKPOINT_FAILED);
      const set = await a.request('SET_NOTE_REVISION', { noteId, revisionId: 'abcdef12' }, 'ERROR_INFO');
      expect(set.data.info).toMatch(/^Fail to set given note revision, cause: /);
    } finally {
      await a.close();
      await server.close();
    }
  });

  test('versioned mode off hides revisions from clients', async () => {
    const server = await startTestServer({ settings: { 'zeppelin.notebook.versioned.mode.enable': 'false' } });
    try {
      expect((await api(server.url, '/api/notebook/capabilities')).body.body).toEqual({ isRevisionSupported: false });
    } finally {
      await server.close();
    }
  });
});
