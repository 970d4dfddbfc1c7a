/** @jest-environment node */
/** Helium over real sockets: spell results reported by a browser, and applications suggested for and run in a paragraph. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Note, Paragraph } from '../../protocol';
import { api, Client, startTestServer, type TestServer } from './helpers/harness';

const TABLE = 'city\tlat\tlon\nParis\t48.85\t2.35\nOslo\t59.91\t10.75\nQuito\t-0.18\t-78.47';
const SUMMARY = { type: 'APPLICATION', name: 'zeppelin-summary', artifact: 'zeppelin-summary@1.0.0' };

describe('helium: spells and applications', () => {
  let server: TestServer;
  let a: Client;
  let b: Client;
  let noteId: string;
  let first: Paragraph;

  const readNote = (): Note => JSON.parse(readFileSync(join(server.notebookDir, `helium_${noteId}.zpln`), 'utf8')) as Note;
  const post = (path: string, json: unknown) => api<string>(server.url, path, { method: 'POST', json });

  /** A's browser ran `%wordcount` and reports a table result. */
  async function reportSpell(extra: Record<string, unknown> = {}) {
    const bFrom = b.mark();
    a.send('PARAGRAPH_EXECUTED_BY_SPELL', {
      id: first.id, title: 'counted', paragraph: '%wordcount a b', status: 'FINISHED', errorMessage: '',
      results: { code: 'SUCCESS', msg: [{ type: 'TABLE', serializedData: TABLE }] },
      config: { colWidth: 6 }, params: { p: '1' }, dateStarted: '2026-08-22T08:07:12.345Z', dateFinished: '2026-08-22T08:07:13.000Z', ...extra,
    } as never);
    return b.next('RUN_PARAGRAPH_USING_SPELL', bFrom);
  }

  beforeEach(async () => {
    server = await startTestServer();
    a = await Client.open(server.wsUrl, server.origin);
    b = await Client.open(server.wsUrl, server.origin);
    const created = await a.request('NEW_NOTE', { name: '/helium', defaultInterpreterGroup: 'python' }, 'NEW_NOTE');
    noteId = created.data.note.id;
    first = created.data.note.paragraphs[0];
    await b.request('GET_NOTE', { id: noteId }, 'NOTE');
  });
  afterEach(async () => {
    await Promise.all([a.close(), b.close()]);
    await server.close();
  });

  test('PARAGRAPH_EXECUTED_BY_SPELL stores the run, appends a paragraph and tells the others only', async () => {
    const aFrom = a.mark();
    const seen = await reportSpell();
    expect(seen.data.paragraph).toMatchObject({
      id: first.id, title: 'counted', text: '%wordcount a b', status: 'FINISHED', config: { colWidth: 6 }, settings: { params: { p: '1' } },
      results: { code: 'SUCCESS', msg: [{ type: 'TABLE', data: TABLE }] }, user: 'anonymous',
    });
    await a.sync();
    expect(a.opsSince(aFrom)).not.toContain('RUN_PARAGRAPH_USING_SPELL');
    expect(a.opsSince(aFrom)).not.toContain('PARAGRAPH_ADDED');
    const saved = readNote();
    expect(saved.paragraphs).toHaveLength(2);
    expect(saved.paragraphs[0]).toMatchObject({ status: 'FINISHED', results: { msg: [{ type: 'TABLE', data: TABLE }] }, config: { colWidth: 6 } });
    expect(saved.paragraphs[0].dateStarted).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
  });

  test('the reported config replaces the old one; a bad status or result is refused with ERROR_INFO', async () => {
    await reportSpell();
    await reportSpell({ config: { fontSize: 12 }, results: undefined, status: 'ERROR', errorMessage: 'boom' });
    const saved = readNote();
    expect(saved.paragraphs[0].config).toEqual({ fontSize: 12 });
    expect(saved.paragraphs[0]).toMatchObject({ status: 'ERROR', errorMessage: 'boom' });
    expect(saved.paragraphs[0].results).toBeUndefined();
    expect(saved.paragraphs).toHaveLength(2);

    let from = a.mark();
    a.send('PARAGRAPH_EXECUTED_BY_SPELL', { id: first.id, paragraph: 'x', status: 'DONE' });
    expect((await a.next('ERROR_INFO', from)).data.info).toMatch(/status must be one of READY, PENDING, RUNNING, FINISHED, ERROR, ABORT/);
    from = a.mark();
    a.send('PARAGRAPH_EXECUTED_BY_SPELL', { id: first.id, paragraph: 'x', status: 'FINISHED', results: { code: 'SUCCESS', msg: [{ data: 'no type' }] } } as never);
    expect((await a.next('ERROR_INFO', from)).data.info).toMatch(/results\.msg\[0\] needs a type and text/);
  });

  test('apps: suggested only when enabled and matching the result, loaded with APP_* events to the room', async () => {
    await reportSpell();
    const suggest = (pid: string) => api<{ available: { pkg: { name: string } }[] }>(server.url, `/api/helium/suggest/${noteId}/${pid}`);
    expect((await suggest(first.id)).body.body).toEqual({ available: [] });
    expect((await post(`/api/helium/load/${noteId}/${first.id}`, SUMMARY)).body).toMatchObject({ status: 'BAD_REQUEST', message: 'Application zeppelin-summary is not enabled' });

    expect((await post('/api/helium/enable/zeppelin-summary', 'zeppelin-summary@1.0.0')).status).toBe(200);
    expect((await suggest(first.id)).body.body?.available.map((r) => r.pkg.name)).toEqual(['zeppelin-summary']);
    const second = readNote().paragraphs[1].id;
    expect((await suggest(second)).body.body).toEqual({ available: [] });
    expect((await suggest('paragraph_nope')).status).toBe(404);
    expect((await api(server.url, `/api/helium/suggest/nope/${first.id}`)).status).toBe(404);

    const bFrom = b.mark();
    const loaded = await post(`/api/helium/load/${noteId}/${first.id}`, SUMMARY);
    const appId = `app_${noteId}-${first.id}zeppelin-summary`;
    expect(loaded.body).toEqual({ status: 'OK', body: appId });
    await b.next('APP_STATUS_CHANGE', bFrom, (f) => f.data.status === 'LOADED');
    const events = b.frames.slice(bFrom).filter((f) => f.op.startsWith('APP_'));
    expect(events.map((f) => f.op === 'APP_STATUS_CHANGE' ? `${f.op}:${String(f.data.status)}` : f.op)).toEqual([
      'APP_LOAD', 'APP_STATUS_CHANGE:LOADING', 'APP_UPDATE_OUTPUT', 'APP_APPEND_OUTPUT', 'APP_APPEND_OUTPUT', 'APP_APPEND_OUTPUT',
      'APP_APPEND_OUTPUT', 'APP_STATUS_CHANGE:LOADED',
    ]);
    for (const f of events) expect(f.data).toMatchObject({ noteId, paragraphId: first.id, appId });
    expect(events[0].data.pkg).toMatchObject(SUMMARY);
    expect(events[2].data).toMatchObject({ index: 0, type: 'HTML' });
    const output = events.filter((f) => f.op.endsWith('_OUTPUT')).map((f) => String(f.data.data)).join('');
    expect(output).toContain('<p>3 rows, 3 columns</p>');
    expect(output).toContain('<tr><td>lat</td><td>number</td><td>-0.18</td><td>59.91</td></tr>');
    expect(output).toContain('<tr><td>city</td><td>string</td><td>Oslo</td><td>Quito</td></tr>');

    // The app's state is kept with the paragraph, so a reload shows it again.
    const note = await b.request('GET_NOTE', { id: noteId }, 'NOTE');
    expect(note.data.note?.paragraphs[0].apps).toEqual([expect.objectContaining({ id: appId, status: 'LOADED', output })]);
  });

  test('a load request without a package name is refused', async () => {
    const r = await post(`/api/helium/load/${noteId}/${first.id}`, { type: 'APPLICATION' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Expected a Helium package with a name');
  });
});
