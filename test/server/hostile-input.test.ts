/** @jest-environment node */
/**
 * Hostile and malformed input that once poisoned notes or the server (issue "nothing lost, nothing leaked"):
 * deep nesting, note names the file system cannot hold, duplicate paragraph ids, and error texts that showed
 * server paths. Each request must be refused with a clear error before any state changes.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Note } from '../../protocol';
import { api, Client, startTestServer, type TestServer } from './helpers/harness';
import { until } from './helpers/exec';

/** The documented limit (docs/protocol.md 1.7). */
const MAX_NESTING = 64;

// Real git and file writes on a loaded 2-core machine.
jest.setTimeout(30000);

const nested = (depth: number): Record<string, unknown> => {
  let v: Record<string, unknown> = { leaf: 1 };
  for (let i = 1; i < depth; i++) v = { a: v };
  return v;
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

describe('deeply nested JSON is refused before it reaches a note', () => {
  let server: TestServer;
  let a: Client;
  let noteId: string;
  let pid: string;
  let file: string;

  beforeAll(async () => {
    server = await startTestServer();
    a = await Client.open(server.wsUrl, server.origin);
    const created = await a.request('NEW_NOTE', { name: '/deep', defaultInterpreterGroup: 'md' }, 'NEW_NOTE');
    noteId = created.data.note.id;
    pid = created.data.note.paragraphs[0].id;
    file = join(server.notebookDir, `deep_${noteId}.zpln`);
  });
  afterAll(async () => {
    await a.close();
    await server.close();
  });

  test(`COMMIT_PARAGRAPH with config or params nested 2,000 deep gets an ERROR_INFO naming the ${MAX_NESTING}-level limit; the note stays saveable`, async () => {
    const before = readFileSync(file, 'utf8');
    for (const field of ['config', 'params'] as const) {
      const data = { id: pid, noteId, paragraph: '%md deep', params: {}, config: {}, [field]: nested(2000) };
      const err = await a.request('COMMIT_PARAGRAPH', data, 'ERROR_INFO');
      expect(err.data.info).toBe(`Bad COMMIT_PARAGRAPH payload: ${field} is nested more than ${MAX_NESTING} levels deep`);
    }
    await a.sync();
    expect(readFileSync(file, 'utf8')).toBe(before);
    // Exactly at the limit is fine, and later edits still reach the disk.
    const ok = await a.request('COMMIT_PARAGRAPH', { id: pid, noteId, paragraph: '%md fine', params: {}, config: nested(MAX_NESTING) }, 'PARAGRAPH');
    expect(ok.data.paragraph.text).toBe('%md fine');
    // Confirmed from the journal; the note file follows within the write delay.
    await until(() => readFileSync(file, 'utf8').includes('%md fine'), 10000, 'the edit in the note file');
  });

  test('the same limit holds for other ops, RUN_ALL_PARAGRAPHS entries and REST bodies', async () => {
    const before = readFileSync(file, 'utf8');
    await a.request('GET_NOTE', { id: noteId }, 'NOTE');
    const insert = await a.request('INSERT_PARAGRAPH', { index: 0, config: nested(500) }, 'ERROR_INFO');
    expect(insert.data.info).toContain('config is nested more than 64 levels deep');
    const runAll = await a.request('RUN_ALL_PARAGRAPHS', { noteId, paragraphs: JSON.stringify([{ id: pid, paragraph: '%md x', config: {}, params: nested(500) }]) }, 'ERROR_INFO');
    expect(runAll.data.info).toContain('nested more than 64 levels deep');
    const rest = await api(server.url, `/api/notebook/${noteId}/paragraph/${pid}/config`, { method: 'PUT', json: nested(500) });
    expect(rest.status).toBe(400);
    expect(rest.body.message).toContain('nested more than 64 levels deep');
    const imported = await api(server.url, '/api/notebook/import', { method: 'POST', json: { name: 'deep import', paragraphs: [{ text: 'x', config: nested(500) }] } });
    expect(imported.status).toBe(400);
    await a.sync();
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(server.notebookDir && filesUnder(server.notebookDir).filter((f) => f.includes('deep import'))).toEqual([]);
  });
});

describe('note names the file system cannot hold, or that would hide the note, are refused everywhere', () => {
  let server: TestServer;
  let a: Client;
  let noteId: string;

  beforeAll(async () => {
    // Git storage (the default), so writes into .git would show.
    server = await startTestServer();
    a = await Client.open(server.wsUrl, server.origin);
    noteId = (await a.request('NEW_NOTE', { name: '/source' }, 'NEW_NOTE')).data.note.id;
    await a.request('NEW_NOTE', { name: '/fold/n' }, 'NEW_NOTE');
  });
  afterAll(async () => {
    await a.close();
    await server.close();
  });

  const BAD = ['/.git/x', '/.git/refs/heads/evil', 'a/.b/c', '/.hidden', 'nul\u0000byte', `/${'é'.repeat(130)}`, `/${'d'.repeat(256)}/x`];

  test.each(BAD)('%j: NEW_NOTE, rename, folder move, import (Zeppelin and Jupyter) and clone answer an error and change nothing', async (bad) => {
    const files = filesUnder(server.notebookDir).filter((f) => !f.startsWith('.git/')).sort();
    const gitFiles = filesUnder(join(server.notebookDir, '.git')).sort();
    const listBefore = (await a.request('LIST_NOTES', {}, 'NOTES_INFO')).data.notes;

    const created = await a.request('NEW_NOTE', { name: bad }, 'ERROR_INFO');
    expect(created.data.info).toMatch(/Note (name|path)/);
    const renamed = await a.request('NOTE_RENAME', { id: noteId, name: bad }, 'ERROR_INFO');
    expect(renamed.data.info).toMatch(/Note (name|path)/);
    const moved = await a.request('FOLDER_RENAME', { id: 'fold', name: bad }, 'ERROR_INFO');
    expect(moved.data.info).toMatch(/Note (name|path)/);
    const imported = await a.request('IMPORT_NOTE', { note: { name: bad, paragraphs: [] } }, 'ERROR_INFO');
    expect(imported.data.info).toMatch(/Note (name|path)/);
    const jupyter = await a.request('IMPORT_NOTE', { note: { name: bad, cells: [], metadata: {}, nbformat: 4, nbformat_minor: 5 } }, 'ERROR_INFO');
    expect(jupyter.data.info).toMatch(/Note (name|path)/);
    await a.request('GET_NOTE', { id: noteId }, 'NOTE');
    const cloned = await a.request('CLONE_NOTE', { id: noteId, name: bad }, 'ERROR_INFO');
    expect(cloned.data.info).toMatch(/Note (name|path)/);

    for (const [method, path, json] of [
      ['POST', '/api/notebook', { name: bad, notePath: bad }],
      ['PUT', `/api/notebook/${noteId}/rename`, { name: bad }],
      ['POST', `/api/notebook/${noteId}`, { name: bad }],
      ['POST', '/api/notebook/import', { name: bad, paragraphs: [] }],
    ] as const) {
      const r = await api(server.url, path, { method, json });
      expect([r.status, r.body.message]).toEqual([400, expect.stringMatching(/Note (name|path)/)]);
    }

    await a.sync();
    expect((await a.request('LIST_NOTES', {}, 'NOTES_INFO')).data.notes).toEqual(listBefore);
    expect(filesUnder(server.notebookDir).filter((f) => !f.startsWith('.git/')).sort()).toEqual(files);
    expect(filesUnder(join(server.notebookDir, '.git')).sort()).toEqual(gitFiles);
  });
});

describe('imports', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  test('a note body whose paragraphs are not a list of paragraphs is a 400 naming the problem, and creates nothing', async () => {
    for (const body of [{ name: 'x', paragraphs: 'x' }, { name: 'y', paragraphs: [null] }, { name: 'z', paragraphs: [{ text: 5 }] }]) {
      const r = await api(server.url, '/api/notebook/import', { method: 'POST', json: body });
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/^Bad note: paragraphs/);
    }
    const list = await api<unknown[]>(server.url, '/api/notebook');
    expect(list.body.body).toEqual([]);
  });

  test('duplicate paragraph ids are renewed on import; search keeps working for every user', async () => {
    const p = { id: 'paragraph_1_1', text: 'findme twice', config: {} };
    const r = await api<string>(server.url, '/api/notebook/import', { method: 'POST', json: { name: 'dups', paragraphs: [p, { ...p }, { ...p, id: 'paragraph_2_2' }] } });
    expect(r.status).toBe(200);
    const note = await api<Note>(server.url, `/api/notebook/${r.body.body}`);
    const ids = note.body.body?.paragraphs.map((x) => x.id) ?? [];
    expect(ids[0]).toBe('paragraph_1_1');
    expect(ids[2]).toBe('paragraph_2_2');
    expect(new Set(ids).size).toBe(3);
    const hits = await api<{ id: string }[]>(server.url, '/api/notebook/search?q=findme');
    expect(hits.status).toBe(200);
    expect(hits.body.body?.length).toBe(3);
  });

  test('a note file with duplicate paragraph ids (copied in by hand) does not break search for others', async () => {
    const note = { name: 'handmade', id: '2HANDMADE', paragraphs: [{ id: 'p_same', text: 'alpha' }, { id: 'p_same', text: 'alpha again' }], config: {}, info: {} };
    writeFileSync(join(server.notebookDir, 'handmade_2HANDMADE.zpln'), JSON.stringify(note));
    const client = await Client.open(server.wsUrl, server.origin);
    await client.request('RELOAD_NOTES_FROM_REPO', {}, 'NOTES_INFO');
    await client.close();
    const hits = await api<{ id: string }[]>(server.url, '/api/notebook/search?q=alpha');
    expect(hits.status).toBe(200);
    expect(hits.body.body?.map((h) => h.id)).toContain('2HANDMADE/paragraph/p_same');
  });
});

describe('errors name no server paths and long checkpoint messages work', () => {
  let server: TestServer;
  let a: Client;

  beforeAll(async () => {
    server = await startTestServer();
    a = await Client.open(server.wsUrl, server.origin);
  });
  afterAll(async () => {
    await a.close();
    await server.close();
  });

  test('a failed write reports the note file relative to the notebook folder, over websocket and REST', async () => {
    const { id } = (await a.request('NEW_NOTE', { name: '/blocked/n' }, 'NEW_NOTE')).data.note;
    // A file where the next folder must go makes the move fail inside the notebook folder.
    writeFileSync(join(server.notebookDir, 'taken'), 'not a folder');
    const err = await a.request('NOTE_RENAME', { id, name: '/taken/n' }, 'ERROR_INFO');
    expect(err.data.info).not.toContain(server.notebookDir);
    expect(err.data.info).not.toContain(server.dir);
    expect(err.data.info).toContain('taken');
    const rest = await api(server.url, `/api/notebook/${id}/rename`, { method: 'PUT', json: { name: '/taken/m' } });
    expect(rest.status).toBeGreaterThanOrEqual(400);
    expect(rest.status).toBeLessThan(500);
    expect(rest.text).not.toContain(server.dir);
    expect(rest.body.message).toContain('taken');
  });

  test('a 300 KB checkpoint message is committed', async () => {
    const { id } = (await a.request('NEW_NOTE', { name: '/long message' }, 'NEW_NOTE')).data.note;
    const message = `long ${'m'.repeat(300 * 1024)}`;
    const r = await api<string>(server.url, `/api/notebook/${id}/revision`, { method: 'POST', json: { commitMessage: message } });
    expect(r.status).toBe(200);
    const history = await api<{ id: string; message: string }[]>(server.url, `/api/notebook/${id}/revision`);
    expect(history.body.body?.[0].message.startsWith('long mmmm')).toBe(true);
    expect(existsSync(join(server.notebookDir, '.git'))).toBe(true);
  });
});
