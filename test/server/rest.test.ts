/** @jest-environment node */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Note, Paragraph } from '../../protocol';
import { api, Client, NOTE_FIXTURES, startTestServer, type TestServer } from './helpers/harness';

describe('REST /api/notebook (PROTOCOL 3.3) and jobs (3.4)', () => {
  let server: TestServer;
  let watcher: Client;

  beforeEach(async () => {
    // The plain folder store: this suite checks the unversioned answers; revisions*.test.ts covers git.
    server = await startTestServer({ fixtures: true, settings: { 'zeppelin.notebook.storage': 'org.apache.zeppelin.notebook.repo.VFSNotebookRepo' } });
    watcher = await Client.open(server.wsUrl, server.origin);
    await watcher.sync();
  });
  afterEach(async () => {
    await watcher.close();
    await server.close();
  });

  test('GET /api/notebook lists notes; GET /api/notebook/{id} returns the REST flavour', async () => {
    const list = await api<{ id: string; path: string }[]>(server.url, '/api/notebook');
    expect(list.body.body).toContainEqual({ id: '2EYDJKFFY', path: '/1. IPython Basic' });
    const note = await api<Note>(server.url, '/api/notebook/2EYDJKFFY');
    expect(note.body.body?.path).toBe('/1. IPython Basic');
    expect(note.body.body?.paragraphs[0].dateCreated).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2}:\d{2} [AP]M$/);
    const missing = await api(server.url, '/api/notebook/NOPE12345');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ status: 'NOT_FOUND', message: 'No such note: NOPE12345' });
  });

  test('POST /api/notebook reads notePath, else name, 409 on an existing path, no NOTES_INFO broadcast', async () => {
    const from = watcher.mark();
    const made = await api<string>(server.url, '/api/notebook', { method: 'POST', json: { notePath: '/rest/made', addingEmptyParagraph: true, paragraphs: [{ title: 't', text: '%md hi' }] } });
    expect(made.status).toBe(200);
    const id = String(made.body.body);
    const stored = JSON.parse(readFileSync(join(server.notebookDir, 'rest', `made_${id}.zpln`), 'utf8')) as Note;
    expect(stored.paragraphs.map((p) => p.text)).toEqual([undefined, '%md hi']);
    const byName = await api<string>(server.url, '/api/notebook', { method: 'POST', json: { name: '/by-name' } });
    expect((await api<Note>(server.url, `/api/notebook/${String(byName.body.body)}`)).body.body?.path).toBe('/by-name');
    const unnamed = await api<string>(server.url, '/api/notebook', { method: 'POST', json: {} });
    expect((await api<Note>(server.url, `/api/notebook/${String(unnamed.body.body)}`)).body.body?.path).toBe('/Untitled Note');
    const clash = await api(server.url, '/api/notebook', { method: 'POST', json: { notePath: '/rest/made' } });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ status: 'CONFLICT', message: "Note '/rest/made' existed" });
    await watcher.sync();
    expect(watcher.frames.slice(from).filter((f) => f.op === 'NOTES_INFO')).toHaveLength(1);
  });

  test('getByPath, rename, clone, export, import, delete', async () => {
    const byPath = await api<Note>(server.url, '/api/notebook/getByPath', { method: 'POST', json: { notePath: '/1. IPython Basic' } });
    expect(byPath.body.body?.id).toBe('2EYDJKFFY');
    expect((await api(server.url, '/api/notebook/getByPath', { method: 'POST', json: { notePath: '/nope' } })).status).toBe(404);

    const from = watcher.mark();
    expect((await api(server.url, '/api/notebook/2EYDJKFFY/rename', { method: 'PUT', json: { name: 'renamed/ipy' } })).body).toEqual({ status: 'OK', message: '' });
    await watcher.next('NOTES_INFO', from, (f) => f.data.notes.some((n) => n.path === '/renamed/ipy'));
    expect((await api(server.url, '/api/notebook/2EYDJKFFY/rename', { method: 'PUT', json: { name: '' } })).status).toBe(400);
    expect((await api(server.url, '/api/notebook/2EYDJKFFY/rename', { method: 'PUT', json: { name: '/1. Flink Basics' } })).status).toBe(409);

    const clone = await api<string>(server.url, '/api/notebook/2EYDJKFFY', { method: 'POST', json: { notePath: '/clones/c1' } });
    const cloneId = String(clone.body.body);
    expect(existsSync(join(server.notebookDir, 'clones', `c1_${cloneId}.zpln`))).toBe(true);
    const defaultClone = await api<string>(server.url, '/api/notebook/2EYDJKFFY', { method: 'POST' });
    expect((await api<Note>(server.url, `/api/notebook/${String(defaultClone.body.body)}`)).body.body?.path).toBe('/Cloned Note_2EYDJKFFY');

    const exported = await api<string>(server.url, '/api/notebook/export/2A94M5J1Z');
    const exportedText = String(exported.body.body);
    // Byte for byte Zeppelin's file, cron flag included: the note as served mirrors this server's settings (cron on
    // here), but an unedited note exports as it is on disk.
    const stored = readFileSync(join(NOTE_FIXTURES, '2. Spark Basic Features_2A94M5J1Z.zpln'), 'utf8');
    expect(stored).toContain('"isZeppelinNotebookCronEnable": false');
    expect((await api<Note>(server.url, '/api/notebook/2A94M5J1Z')).body.body?.config?.isZeppelinNotebookCronEnable).toBe(true);
    expect(exportedText).toBe(stored);
    expect((await api(server.url, '/api/notebook/export/NOPE')).status).toBe(500);

    const imported = await api<string>(server.url, '/api/notebook/import?notePath=%2Fimported%2Fspark', { method: 'POST', body: exportedText, headers: { 'content-type': 'application/json' } });
    expect(imported.status).toBe(200);
    const importedNote = await api<Note>(server.url, `/api/notebook/${String(imported.body.body)}`);
    expect(importedNote.body.body?.path).toBe('/imported/spark');

    expect((await api(server.url, `/api/notebook/${cloneId}`, { method: 'DELETE' })).body).toEqual({ status: 'OK', message: '' });
    expect(existsSync(join(server.notebookDir, 'clones', `c1_${cloneId}.zpln`))).toBe(false);
    expect((await api(server.url, `/api/notebook/${cloneId}`, { method: 'DELETE' })).status).toBe(404);
  });

  test('paragraph endpoints: add, get, update (broadcast), config, move, next, delete', async () => {
    await watcher.request('GET_NOTE', { id: '2A94M5J1Z' }, 'NOTE');
    let from = watcher.mark();
    const added = await api<string>(server.url, '/api/notebook/2A94M5J1Z/paragraph', { method: 'POST', json: { title: 'new', text: '%md added', index: 0 } });
    const pid = String(added.body.body);
    const note = await watcher.next('NOTE', from);
    expect(note.data.note?.paragraphs[0].id).toBe(pid);

    const got = await api<Paragraph>(server.url, `/api/notebook/2A94M5J1Z/paragraph/${pid}`);
    expect(got.body.body).toMatchObject({ id: pid, title: 'new', text: '%md added' });
    expect((await api(server.url, '/api/notebook/2A94M5J1Z/paragraph/nope')).body).toEqual({ status: 'NOT_FOUND', message: 'No such paragraph: nope' });

    from = watcher.mark();
    await api(server.url, `/api/notebook/2A94M5J1Z/paragraph/${pid}`, { method: 'PUT', json: { text: '%md changed', title: 'tt' } });
    const para = await watcher.next('PARAGRAPH', from);
    expect(watcher.opsSince(from).slice(0, 2)).toEqual(['SAVE_NOTE_FORMS', 'PARAGRAPH']);
    expect(para.data.paragraph).toMatchObject({ text: '%md changed', title: 'tt' });

    const conf = await api<Paragraph>(server.url, `/api/notebook/2A94M5J1Z/paragraph/${pid}/config`, { method: 'PUT', json: { colWidth: 4 } });
    expect(conf.body.body?.config).toEqual({ colWidth: 4 });
    expect((await api(server.url, `/api/notebook/2A94M5J1Z/paragraph/${pid}/config`, { method: 'PUT', json: {} })).body).toEqual({ status: 'BAD_REQUEST', message: 'paragraph config cannot be empty' });

    expect((await api(server.url, `/api/notebook/2A94M5J1Z/paragraph/${pid}/move/2`, { method: 'POST' })).body.status).toBe('OK');
    expect((await api<Note>(server.url, '/api/notebook/2A94M5J1Z')).body.body?.paragraphs[2].id).toBe(pid);
    expect((await api(server.url, `/api/notebook/2A94M5J1Z/paragraph/${pid}/move/999`, { method: 'POST' })).status).toBe(400);

    const next = await api(server.url, '/api/notebook/2A94M5J1Z/paragraph/next', { method: 'POST' });
    expect(next.body.message).toMatch(/^paragraph_\d+_\d+$/);
    expect(next.body.body).toBeUndefined();

    expect((await api(server.url, `/api/notebook/2A94M5J1Z/paragraph/${pid}`, { method: 'DELETE' })).body.status).toBe('OK');
    const after = (await api<Note>(server.url, '/api/notebook/2A94M5J1Z')).body.body;
    expect(after?.paragraphs.some((p) => p.id === pid)).toBe(false);
  });

  test('clear, permissions, capabilities, revisions', async () => {
    expect((await api(server.url, '/api/notebook/2EYDJKFFY/clear', { method: 'PUT' })).body).toEqual({ status: 'OK', message: '' });
    const cleared = (await api<Note>(server.url, '/api/notebook/2EYDJKFFY')).body.body;
    expect(cleared?.paragraphs.every((p) => p.results === undefined)).toBe(true);
    expect((await api(server.url, '/api/notebook/2EYDJKFFY/permissions')).body.body).toEqual({ owners: [], readers: [], runners: [], writers: [] });
    const perms = { owners: ['a'], readers: [], runners: [], writers: [] };
    // Anonymous users cannot set permissions (spec); logged-in PUTs are covered by permissions-rest.test.ts.
    expect((await api(server.url, '/api/notebook/2EYDJKFFY/permissions', { method: 'PUT', json: perms })).body).toEqual({ status: 'FORBIDDEN', message: 'Only authenticated user can set the permission.' });
    expect((await api(server.url, '/api/notebook/2EYDJKFFY/permissions')).body.body).toEqual({ owners: [], readers: [], runners: [], writers: [] });
    expect((await api(server.url, '/api/notebook/capabilities')).body.body).toEqual({ isRevisionSupported: false });
    const revisions = await api(server.url, '/api/notebook/2EYDJKFFY/revision');
    expect(revisions.body).toEqual({ status: 'OK', message: '' });
  });

  test('search finds names, titles, text and output with <B> marks', async () => {
    const hits = await api<{ id: string; name: string; header: string; snippet: string; text: string }[]>(server.url, '/api/notebook/search?q=matplotlib');
    expect(hits.status).toBe(200);
    const list = hits.body.body ?? [];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((h) => ['id', 'name', 'header', 'snippet', 'text'].every((k) => k in h))).toBe(true);
    expect(list.some((h) => h.id.startsWith('2C2AUG798'))).toBe(true);
    expect(list.some((h) => /<B>matplotlib<\/B>/i.test(h.snippet) || /<B>matplotlib<\/B>/i.test(h.name))).toBe(true);
    const para = list.find((h) => h.id.includes('/paragraph/'));
    expect(para?.id).toMatch(/^[0-9A-Z]{9}\/paragraph\/.+/);
    // Index follows edits.
    const made = await api<string>(server.url, '/api/notebook', { method: 'POST', json: { notePath: '/zebra notes', paragraphs: [{ title: 'stripes', text: 'quagga' }] } });
    const fresh = await api<{ id: string; header: string }[]>(server.url, '/api/notebook/search?q=quagga');
    expect(fresh.body.body?.[0].id.startsWith(String(made.body.body))).toBe(true);
    const title = await api<{ id: string; header: string }[]>(server.url, '/api/notebook/search?q=stripes');
    expect(title.body.body?.[0].header).toBe('<B>stripes</B>');
    expect((await api(server.url, '/api/notebook/search?q=')).body.body).toEqual([]);
  });

  test('GET /api/notebook/job/{id} and the job manager endpoints', async () => {
    const job = await api<{ id: string; isRunning: boolean; paragraphs: { id: string; status: string; progress: string; started?: string }[] }>(server.url, '/api/notebook/job/2EYDJKFFY');
    expect(job.body.body?.id).toBe('2EYDJKFFY');
    expect(job.body.body?.isRunning).toBe(false);
    expect(job.body.body?.paragraphs[0]).toMatchObject({ id: '20180118-105449_1130638270', status: 'FINISHED', progress: '100' });
    expect(job.body.body?.paragraphs[0].started).toMatch(/^[A-Z][a-z]{2} [A-Z][a-z]{2} \d{2} \d{2}:\d{2}:\d{2} .+ 2021$/);
    const one = await api(server.url, '/api/notebook/job/2EYDJKFFY/20180118-105449_1130638270');
    expect(one.body.body).toMatchObject({ status: 'FINISHED' });
    expect((await api(server.url, '/api/notebook/job/NOPE')).status).toBe(404);
    const manager = await api<{ jobs: unknown[] }>(server.url, '/api/notebook/jobmanager/');
    expect(manager.body.body?.jobs).toHaveLength(5);
    expect((await api(server.url, '/api/notebook/job/NOPE', { method: 'POST' })).status).toBe(404);
  });
});
