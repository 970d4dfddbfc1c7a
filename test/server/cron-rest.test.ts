/** @jest-environment node */
import type { NoteJobInfo } from '../../protocol';
import type { CronRun } from '../../server/cron/history';
import { api, Client, startTestServer, type Frame, type TestServer } from './helpers/harness';
import { newNote } from './helpers/exec';
import { scaledClock } from '../../server/cron/clock';

// Far in the future: scheduled for real, never fires while the tests run.
const LATER = '0 0 0 1 1 ? 2099';
type CronBody = { cron?: string; releaseResource?: boolean; nextFireTime?: number; history: CronRun[] };

describe('cron over the websocket and REST (PROTOCOL 2.1 NOTE_UPDATE, 3.4, 5.9)', () => {
  let server: TestServer;
  let a: Client;
  beforeAll(async () => {
    server = await startTestServer({ settings: { 'zeppelin.notebook.cron.folders': '/jobs' } });
    a = await Client.open(server.wsUrl, server.origin);
  });
  afterAll(async () => {
    await a.close();
    await server.close();
  });

  test('NOTE_UPDATE schedules the note; the job manager shows it as a cron note', async () => {
    const { noteId } = await newNote(a, '/jobs/nightly');
    const upd = await a.request('NOTE_UPDATE', { id: noteId, name: 'nightly', config: { cron: LATER, cronExecutingUser: 'anonymous', cronExecutingRoles: '[]', releaseresource: false } }, 'NOTE_UPDATED');
    expect(upd.data.config).toMatchObject({ cron: LATER, isZeppelinNotebookCronEnable: true });
    const cron = await api<CronBody>(server.url, `/api/notebook/cron/${noteId}`);
    expect(cron.body.body).toEqual({ cron: LATER, releaseResource: false, nextFireTime: new Date(2099, 0, 1).getTime(), history: [] });
    const jobs = await api<{ jobs: NoteJobInfo[] }>(server.url, '/api/notebook/jobmanager/');
    expect(jobs.body.body?.jobs.find((j) => j.noteId === noteId)?.noteType).toBe('cron');
  });

  test('a bad expression is reported in info.cron; another user cannot be named; other folders lose the schedule', async () => {
    const { noteId } = await newNote(a, '/jobs/bad');
    const bad = await a.request('NOTE_UPDATE', { id: noteId, name: 'bad', config: { cron: '* * * * *' } }, 'NOTE_UPDATED');
    expect(bad.data.info?.cron).toMatch(/^Invalid cron expression/);
    expect((await api<CronBody>(server.url, `/api/notebook/cron/${noteId}`)).body.body?.nextFireTime).toBeUndefined();

    const other = await a.request('NOTE_UPDATE', { id: noteId, name: 'bad', config: { cron: LATER, cronExecutingUser: 'bob' } }, 'ERROR_INFO');
    expect(other.data.info).toMatch(/^Wrong configs/);

    const outside = await newNote(a, '/elsewhere/n');
    const dropped = await a.request('NOTE_UPDATE', { id: outside.noteId, name: 'n', config: { cron: LATER, looknfeel: 'default' } }, 'NOTE_UPDATED');
    expect(dropped.data.config).toEqual({ looknfeel: 'default', isZeppelinNotebookCronEnable: false });
    const forbidden = await api(server.url, `/api/notebook/cron/${outside.noteId}`);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe('Cron is not enabled from Zeppelin server');
  });

  test('REST: set, read and remove a schedule', async () => {
    const { noteId } = await newNote(a, '/jobs/rest');
    expect((await api(server.url, '/api/notebook/cron/NOPE', { method: 'POST', json: { cron: LATER } })).status).toBe(404);
    const wrong = await api(server.url, `/api/notebook/cron/${noteId}`, { method: 'POST', json: { cron: '0 0 12 * * *' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('wrong cron expressions.');

    await a.request('GET_NOTE', { id: noteId }, 'NOTE');
    const from = a.mark();
    const set = await api(server.url, `/api/notebook/cron/${noteId}`, { method: 'POST', json: { cron: LATER, releaseResource: true } });
    expect(set.body).toEqual({ status: 'OK' });
    expect((await a.next('NOTE_UPDATED', from)).data.config).toMatchObject({ cron: LATER, releaseresource: true });
    expect((await api<CronBody>(server.url, `/api/notebook/cron/${noteId}`)).body.body).toMatchObject({ cron: LATER, releaseResource: true, history: [] });

    expect((await api(server.url, `/api/notebook/cron/${noteId}`, { method: 'DELETE' })).body).toEqual({ status: 'OK' });
    expect((await api<CronBody>(server.url, `/api/notebook/cron/${noteId}`)).body.body).toEqual({ history: [] });
  });
});

describe('cron switched off', () => {
  test('NOTE_UPDATE answers "Wrong configs" and the REST endpoints 403', async () => {
    const server = await startTestServer({ settings: { 'zeppelin.notebook.cron.enable': 'false' } });
    const a = await Client.open(server.wsUrl, server.origin);
    try {
      const { noteId } = await newNote(a, '/off');
      expect((await a.request('NOTE_UPDATE', { id: noteId, name: 'off', config: { cron: LATER } }, 'ERROR_INFO')).data.info).toBe('Wrong configs');
      for (const method of ['GET', 'POST', 'DELETE']) {
        const res = await api(server.url, `/api/notebook/cron/${noteId}`, method === 'POST' ? { method, json: { cron: LATER } } : { method });
        expect([method, res.status, res.body.message]).toEqual([method, 403, 'Cron is not enabled from Zeppelin server']);
      }
    } finally {
      await a.close();
      await server.close();
    }
  });
});

describe('a scheduled run seen from the note page (startServer cronClock, test-only)', () => {
  test('the watcher gets the new result and NOTE_UPDATED with the history; REST has the history and the next firing', async () => {
    // 600 times faster: the 1-minute preset fires every 100 ms of real time.
    const server = await startTestServer({ cronClock: scaledClock(600) });
    const a = await Client.open(server.wsUrl, server.origin);
    try {
      const { noteId, pid } = await newNote(a, '/ticker', 'sh');
      await a.request('COMMIT_PARAGRAPH', { id: pid, noteId, title: '', paragraph: '%sh\necho "tick $(date +%s%N)"', params: {}, config: {} }, 'PARAGRAPH');
      const from = a.mark();
      await a.request('NOTE_UPDATE', { id: noteId, name: 'ticker', config: { cron: '0 0/1 * * * ?' } }, 'NOTE_UPDATED');
      const finished = await a.waitFor((f) => f.op === 'PARAGRAPH' && (f.data as { paragraph: { status?: string } }).paragraph.status === 'FINISHED', from, 10_000, 'a finished run');
      const output = (finished.data as { paragraph: { results?: { msg?: { data: string }[] } } }).paragraph.results?.msg?.[0]?.data ?? '';
      expect(output).toMatch(/^tick \d+/);
      // A firing that comes while the previous run still runs is SKIPPED, as in Zeppelin; on a loaded machine a run
      // outlasts the 100 ms between firings, so the first history sent may hold only such a firing.
      const historyOf = (f: Frame): CronRun[] | undefined => (f.data as { info?: { cronHistory?: CronRun[] } }).info?.cronHistory;
      const updated = await a.waitFor((f) => f.op === 'NOTE_UPDATED' && (historyOf(f) ?? []).some((r) => r.outcome === 'SUCCESS'), from, 10_000, 'NOTE_UPDATED with a successful run in the history');
      const history = historyOf(updated) ?? [];
      expect(history.find((r) => r.outcome === 'SUCCESS')).toMatchObject({ outcome: 'SUCCESS', user: 'anonymous' });
      expect(history.filter((r) => r.outcome !== 'SUCCESS' && r.outcome !== 'SKIPPED')).toEqual([]);
      const [latest] = history;
      const cron = await api<CronBody>(server.url, `/api/notebook/cron/${noteId}`);
      expect(cron.body.body?.history.length).toBeGreaterThanOrEqual(1);
      expect(cron.body.body?.nextFireTime).toBeGreaterThan(latest.startedAt);
      await a.request('NOTE_UPDATE', { id: noteId, name: 'ticker', config: {} }, 'NOTE_UPDATED');
    } finally {
      await a.close();
      await server.close();
    }
  });
});
