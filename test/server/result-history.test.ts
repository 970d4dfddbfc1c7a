/** @jest-environment node */
/**
 * Result history (docs/protocol.md 3.11, our extension) over a real server: every run keeps its result beside the
 * note, capped per paragraph and in bytes per note, deleted with the note, and shown only to users who may read
 * the note (in personalized mode, only their own runs).
 */
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { HistoryRun, HistoryRunSummary, Note } from '../../protocol';
import { HISTORY_DIR } from '../../server/history/store';
import { api, Client, startTestServer, tempDir, type TestServer } from './helpers/harness';
import { startServer } from '../../server/app';
import { newNote, run, until } from './helpers/exec';
import { loginAs, makeNote, restAs, startPermsServer, type Session } from './helpers/permissions';

jest.setTimeout(60000);

const historyPath = (noteId: string, pid: string, runId?: string): string =>
  `/api/notebook/${noteId}/paragraph/${pid}/history${runId ? `/${runId}` : ''}`;

async function listOf(srv: TestServer, noteId: string, pid: string): Promise<HistoryRunSummary[]> {
  const r = await api<{ runs: HistoryRunSummary[] }>(srv.url, historyPath(noteId, pid));
  expect(r.status).toBe(200);
  return r.body.body?.runs ?? [];
}

async function runOf(srv: TestServer, noteId: string, pid: string, runId: string): Promise<HistoryRun> {
  const r = await api<HistoryRun>(srv.url, historyPath(noteId, pid, runId));
  expect(r.status).toBe(200);
  return r.body.body as HistoryRun;
}

const fileOf = (srv: TestServer, noteId: string): string => join(srv.notebookDir, HISTORY_DIR, `${noteId}.json`);

describe('result history, anonymous server', () => {
  let srv: TestServer;
  let client: Client;
  afterEach(async () => {
    await client?.close();
    await srv?.close();
  });

  test('every run keeps its result, newest first, beside the note and not in it; the client configuration says so', async () => {
    srv = await startTestServer();
    client = await Client.open(srv.wsUrl, srv.origin);
    const { noteId, pid } = await newNote(client, 'history/kept');
    await run(client, pid, '%md first output');
    await run(client, pid, '%md second output');

    const runs = await listOf(srv, noteId, pid);
    expect(runs.map((r) => r.status)).toEqual(['FINISHED', 'FINISHED']);
    expect(runs.every((r) => r.user === 'anonymous' && typeof r.dateFinished === 'string')).toBe(true);
    const [newer, older] = await Promise.all(runs.map((r) => runOf(srv, noteId, pid, r.id)));
    expect(JSON.stringify(newer.results)).toContain('second output');
    expect(JSON.stringify(older.results)).toContain('first output');

    await until(() => existsSync(fileOf(srv, noteId)), 15_000, 'history file');
    expect(readFileSync(join(srv.notebookDir, HISTORY_DIR, '.gitignore'), 'utf8')).toBe('*\n');
    // The note file keeps only the last result, as in Zeppelin.
    const zpln = join(srv.notebookDir, 'history', `kept_${noteId}.zpln`);
    const savedResults = (): string => (existsSync(zpln) ? JSON.stringify((JSON.parse(readFileSync(zpln, 'utf8')) as Note).paragraphs[0].results ?? {}) : '');
    await until(() => savedResults().includes('second output'), 15_000, 'second run saved');
    expect(readFileSync(zpln, 'utf8')).not.toContain('first output');
    const client2 = await api<{ resultHistoryMax: number }>(srv.url, '/api/configurations/client');
    expect(client2.body.body?.resultHistoryMax).toBe(20);
    const missing = await api(srv.url, historyPath(noteId, pid, 'no-such-run'));
    expect(missing.status).toBe(404);
  });

  test('a spell run the browser reports is kept too', async () => {
    srv = await startTestServer();
    client = await Client.open(srv.wsUrl, srv.origin);
    const { noteId, pid } = await newNote(client, 'history/spell');
    client.send('PARAGRAPH_EXECUTED_BY_SPELL', {
      id: pid, paragraph: '%echo spelled', status: 'FINISHED', results: { code: 'SUCCESS', msg: [{ type: 'TEXT', data: 'spelled out' }] },
      config: {}, params: {}, dateStarted: new Date().toISOString(), dateFinished: new Date().toISOString(),
    });
    await client.sync();
    const runs = await listOf(srv, noteId, pid);
    expect(runs).toHaveLength(1);
    expect(JSON.stringify((await runOf(srv, noteId, pid, runs[0].id)).results)).toContain('spelled out');
  });

  test('only the newest N runs per paragraph are kept (zeppelin.notebook.result.history.max)', async () => {
    srv = await startTestServer({ settings: { 'zeppelin.notebook.result.history.max': '3' } });
    client = await Client.open(srv.wsUrl, srv.origin);
    const { noteId, pid } = await newNote(client, 'history/capped');
    for (let i = 1; i <= 5; i++) await run(client, pid, `%md run number ${i}`);
    const runs = await listOf(srv, noteId, pid);
    expect(runs).toHaveLength(3);
    const texts = await Promise.all(runs.map(async (r) => JSON.stringify((await runOf(srv, noteId, pid, r.id)).results)));
    expect(texts[0]).toContain('run number 5');
    expect(texts[2]).toContain('run number 3');
  });

  test('a note\'s kept runs stay within zeppelin.notebook.result.history.max.bytes, oldest first out', async () => {
    const cap = 4000;
    srv = await startTestServer({ settings: { 'zeppelin.notebook.result.history.max.bytes': String(cap) } });
    client = await Client.open(srv.wsUrl, srv.origin);
    const { noteId, pid } = await newNote(client, 'history/bytes');
    for (let i = 1; i <= 6; i++) await run(client, pid, `%md ${String(i).repeat(900)}`);
    const runs = await listOf(srv, noteId, pid);
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.length).toBeLessThan(6);
    expect(JSON.stringify((await runOf(srv, noteId, pid, runs[0].id)).results)).toContain('6'.repeat(900));
    // On disk too: once the newest run is written, the file is the kept runs and a few bytes of envelope.
    const file = fileOf(srv, noteId);
    await until(() => existsSync(file) && readFileSync(file, 'utf8').includes('6'.repeat(900)), 15_000, 'newest run on disk');
    expect(statSync(file).size).toBeLessThanOrEqual(cap + 100);
  });

  test('renaming keeps the history; deleting the note deletes it', async () => {
    srv = await startTestServer();
    client = await Client.open(srv.wsUrl, srv.origin);
    const { noteId, pid } = await newNote(client, 'history/doomed');
    await run(client, pid, '%md kept');
    await until(() => existsSync(fileOf(srv, noteId)), 15_000, 'history file');
    const renamed = await api(srv.url, `/api/notebook/${noteId}/rename`, { method: 'PUT', json: { name: '/history/renamed' } });
    expect(renamed.status).toBe(200);
    expect(await listOf(srv, noteId, pid)).toHaveLength(1);
    const deleted = await api(srv.url, `/api/notebook/${noteId}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    await until(() => !existsSync(fileOf(srv, noteId)), 15_000, 'history file removed');
  });

  test('emptying the trash deletes the history of the notes in it', async () => {
    srv = await startTestServer();
    client = await Client.open(srv.wsUrl, srv.origin);
    const { noteId, pid } = await newNote(client, 'history/trashed');
    await run(client, pid, '%md kept');
    await until(() => existsSync(fileOf(srv, noteId)), 15_000, 'history file');
    await client.request('MOVE_NOTE_TO_TRASH', { id: noteId }, 'NOTES_INFO');
    expect(existsSync(fileOf(srv, noteId))).toBe(true);
    await client.request('EMPTY_TRASH', {}, 'NOTES_INFO');
    await until(() => !existsSync(fileOf(srv, noteId)), 15_000, 'history file removed');
  });
});

test('the history survives a restart', async () => {
  const dir = tempDir('zpl-history-');
  const opts = { port: 0, host: '127.0.0.1', notebookDir: join(dir, 'notebook'), confDir: join(dir, 'conf'), webDir: join(dir, 'no-ui') };
  try {
    const first = await startServer(opts);
    const client = await Client.open(`${first.url.replace('http', 'ws')}ws`, first.url.replace(/\/$/, ''));
    const { noteId, pid } = await newNote(client, 'history/restart');
    await run(client, pid, '%md before the restart');
    await client.close();
    await first.close();
    const second = await startServer(opts);
    try {
      const runs = (await api<{ runs: HistoryRunSummary[] }>(second.url, historyPath(noteId, pid))).body.body?.runs ?? [];
      expect(runs).toHaveLength(1);
      const kept = await api<HistoryRun>(second.url, historyPath(noteId, pid, runs[0].id));
      expect(JSON.stringify(kept.body.body?.results)).toContain('before the restart');
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('result history, with logins', () => {
  let srv: TestServer;
  const who: Record<string, Session> = {};
  beforeAll(async () => {
    srv = await startPermsServer();
    for (const u of ['owner', 'reader', 'user2', 'runner']) who[u] = await loginAs(srv, u);
  });
  afterAll(async () => srv?.close());

  const runAs = async (s: Session, noteId: string, pid: string, text: string): Promise<void> => {
    const put = await restAs(srv, s, `/api/notebook/${noteId}/paragraph/${pid}`, { method: 'PUT', json: { text } });
    if (put.status !== 200) {
      // A runner may not edit: it runs what is there.
      expect(put.status).toBe(403);
    }
    const ran = await restAs(srv, s, `/api/notebook/run/${noteId}/${pid}`, { method: 'POST' });
    expect(ran.status).toBe(200);
  };

  test('readers see the history; a user who may not read the note is refused', async () => {
    const { noteId, pids } = await makeNote(srv, who.owner, '/history/perms');
    await runAs(who.owner, noteId, pids[0], '%md owner secret result');
    const reader = await restAs<{ runs: HistoryRunSummary[] }>(srv, who.reader, historyPath(noteId, pids[0]));
    expect(reader.status).toBe(200);
    expect(reader.body.body?.runs.map((r) => r.user)).toEqual(['owner']);
    for (const path of [historyPath(noteId, pids[0]), historyPath(noteId, pids[0], reader.body.body?.runs[0].id)]) {
      const refused = await restAs(srv, who.user2, path);
      expect(refused.status).toBe(403);
      expect(refused.text).not.toContain('secret');
    }
  });

  test('in personalized mode a user sees only their own runs', async () => {
    const { noteId, pids } = await makeNote(srv, who.owner, '/history/personal');
    const ws = await Client.open(srv.wsUrl, srv.origin);
    try {
      const as = { principal: 'owner', ticket: who.owner.ticket };
      ws.send('GET_NOTE', { id: noteId }, as);
      await ws.waitFor((f) => f.op === 'NOTE', 0, 15_000, 'NOTE');
      const from = ws.mark();
      ws.send('UPDATE_PERSONALIZED_MODE', { id: noteId, personalized: 'true' }, as);
      await ws.waitFor((f) => f.op === 'NOTE' && JSON.stringify(f.data).includes('"personalizedMode":"true"'), from, 15_000, 'personalized NOTE');
    } finally {
      await ws.close();
    }
    await runAs(who.owner, noteId, pids[0], '%md owner personal');
    await runAs(who.runner, noteId, pids[0], '%md owner personal');
    const mine = async (s: Session): Promise<string[]> =>
      ((await restAs<{ runs: HistoryRunSummary[] }>(srv, s, historyPath(noteId, pids[0]))).body.body?.runs ?? []).map((r) => r.user);
    expect(await mine(who.owner)).toEqual(['owner']);
    expect(await mine(who.runner)).toEqual(['runner']);
    expect(await mine(who.reader)).toEqual([]);
    const ownerRun = (await restAs<{ runs: HistoryRunSummary[] }>(srv, who.owner, historyPath(noteId, pids[0]))).body.body?.runs[0];
    const peek = await restAs(srv, who.runner, historyPath(noteId, pids[0], ownerRun?.id));
    expect(peek.status).toBe(404);
  });
});
