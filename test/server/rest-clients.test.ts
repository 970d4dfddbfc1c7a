/** @jest-environment node */
/**
 * What Zeppelin's own REST clients (the Python SDK, Airflow's Zeppelin operator) rely on: note paths named the way
 * released Zeppelin versions name them, and `info.isRunning` that says `false` once a run is over.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Note } from '../../protocol';
import { api, Client, startTestServer, type TestServer } from './helpers/harness';
import { waitFinal } from './helpers/exec';

jest.setTimeout(30000);

const pathOf = async (server: TestServer, id: unknown): Promise<string | undefined> =>
  (await api<Note>(server.url, `/api/notebook/${String(id)}`)).body.body?.path;

describe('REST note paths: notePath, else name', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  test('create takes `name` (Zeppelin 0.10–0.12) when `notePath` is absent; a second create of that path is 409', async () => {
    const made = await api<string>(server.url, '/api/notebook', { method: 'POST', json: { name: '/pyzeppelin/test/note_1', defaultInterpreterGroup: 'sh' } });
    expect(made.status).toBe(200);
    const note = (await api<Note>(server.url, `/api/notebook/${String(made.body.body)}`)).body.body;
    expect(note?.path).toBe('/pyzeppelin/test/note_1');
    expect(note?.name).toBe('note_1');
    expect(note?.defaultInterpreterGroup).toBe('sh');
    const again = await api(server.url, '/api/notebook', { method: 'POST', json: { name: '/pyzeppelin/test/note_1' } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ status: 'CONFLICT', message: "Note '/pyzeppelin/test/note_1' existed" });
    // notePath wins when both are given; neither gives Zeppelin's default name.
    const both = await api<string>(server.url, '/api/notebook', { method: 'POST', json: { notePath: '/paths/both', name: '/paths/not-this' } });
    expect(await pathOf(server, both.body.body)).toBe('/paths/both');
    const blank = await api<string>(server.url, '/api/notebook', { method: 'POST', json: { notePath: '  ', name: '/paths/blank-notePath' } });
    expect(await pathOf(server, blank.body.body)).toBe('/paths/blank-notePath');
    const neither = await api<string>(server.url, '/api/notebook', { method: 'POST', json: {} });
    expect(await pathOf(server, neither.body.body)).toBe('/Untitled Note');
  });

  test('clone, rename and import follow the same rule', async () => {
    const source = String((await api<string>(server.url, '/api/notebook', { method: 'POST', json: { name: '/rule/source' } })).body.body);
    const byName = await api<string>(server.url, `/api/notebook/${source}`, { method: 'POST', json: { name: '/rule/clone-by-name' } });
    expect(await pathOf(server, byName.body.body)).toBe('/rule/clone-by-name');
    const byPath = await api<string>(server.url, `/api/notebook/${source}`, { method: 'POST', json: { notePath: '/rule/clone-by-path', name: '/rule/no' } });
    expect(await pathOf(server, byPath.body.body)).toBe('/rule/clone-by-path');

    expect((await api(server.url, `/api/notebook/${source}/rename`, { method: 'PUT', json: { notePath: '/rule/renamed-by-path' } })).status).toBe(200);
    expect(await pathOf(server, source)).toBe('/rule/renamed-by-path');
    expect((await api(server.url, `/api/notebook/${source}/rename`, { method: 'PUT', json: { name: '/rule/renamed-by-name' } })).status).toBe(200);
    expect(await pathOf(server, source)).toBe('/rule/renamed-by-name');
    const empty = await api(server.url, `/api/notebook/${source}/rename`, { method: 'PUT', json: { notePath: '', name: ' ' } });
    expect(empty.status).toBe(400);
    expect(await pathOf(server, source)).toBe('/rule/renamed-by-name');

    const json = { name: '/rule/imported-by-name', paragraphs: [{ text: '%md hi' }] };
    const imported = await api<string>(server.url, '/api/notebook/import', { method: 'POST', json });
    expect(await pathOf(server, imported.body.body)).toBe('/rule/imported-by-name');
    const importedByPath = await api<string>(server.url, '/api/notebook/import', { method: 'POST', json: { ...json, notePath: '/rule/imported-by-path' } });
    expect(await pathOf(server, importedByPath.body.body)).toBe('/rule/imported-by-path');
    const query = await api<string>(server.url, '/api/notebook/import?notePath=%2Frule%2Fimported-by-query', { method: 'POST', json: { ...json, notePath: '/rule/no' } });
    expect(await pathOf(server, query.body.body)).toBe('/rule/imported-by-query');
  });
});

describe('info.isRunning once a run is over', () => {
  let server: TestServer;
  let ws: Client;

  beforeAll(async () => {
    server = await startTestServer();
    ws = await Client.open(server.wsUrl, server.origin);
  });
  afterAll(async () => {
    await ws.close();
    await server.close();
  });

  /** A note with these sh paragraphs, opened on the websocket so its PARAGRAPH frames arrive. */
  async function shNote(name: string, texts: string[]): Promise<{ noteId: string; pids: string[] }> {
    const made = await api<string>(server.url, '/api/notebook', { method: 'POST', json: { name, defaultInterpreterGroup: 'sh', paragraphs: texts.map((text) => ({ text })) } });
    const noteId = String(made.body.body);
    const opened = await ws.request('GET_NOTE', { id: noteId }, 'NOTE');
    return { noteId, pids: (opened.data.note?.paragraphs ?? []).map((p) => p.id) };
  }

  async function runningFlags(noteId: string): Promise<{ rest: unknown; ws: unknown }> {
    const rest = (await api<Note>(server.url, `/api/notebook/${noteId}`)).body.body?.info?.isRunning;
    const viaWs = (await ws.request('GET_NOTE', { id: noteId }, 'NOTE', (f) => f.data.note?.id === noteId)).data.note?.info?.isRunning;
    return { rest, ws: viaWs };
  }

  test('a run-all submitted with blocking=false is true while it runs and false after it', async () => {
    const marker = join(server.dir, 'go-on');
    const { noteId, pids } = await shNote('/running/all', ['%sh echo one', `%sh while [ ! -e '${marker}' ]; do sleep 0.05; done; echo two`]);
    const from = ws.mark();
    const submitted = await api(server.url, `/api/notebook/job/${noteId}?blocking=false&isolated=true&reload=true`, { method: 'POST', json: { params: {} } });
    expect(submitted.status).toBe(200);
    const status = await ws.next('NOTE_RUNNING_STATUS', from);
    expect(status.data.status).toBe(true);
    expect(await runningFlags(noteId)).toEqual({ rest: true, ws: true });
    writeFileSync(marker, '');
    await waitFinal(ws, pids[1], from);
    await ws.next('NOTE_RUNNING_STATUS', from, (f) => f.data.status === false);
    expect(await runningFlags(noteId)).toEqual({ rest: false, ws: false });
  });

  test('a single paragraph run, a failed run-all and an aborted run-all all end with false', async () => {
    const single = await shNote('/running/single', ['%sh echo single']);
    let from = ws.mark();
    expect((await api(server.url, `/api/notebook/job/${single.noteId}/${single.pids[0]}`, { method: 'POST' })).status).toBe(200);
    expect((await waitFinal(ws, single.pids[0], from)).final.status).toBe('FINISHED');
    expect(await runningFlags(single.noteId)).toEqual({ rest: false, ws: false });

    const failed = await shNote('/running/failed', ['%sh exit 3', '%sh echo never']);
    from = ws.mark();
    await api(server.url, `/api/notebook/job/${failed.noteId}?blocking=true`, { method: 'POST' });
    expect((await waitFinal(ws, failed.pids[0], from)).final.status).toBe('ERROR');
    expect(await runningFlags(failed.noteId)).toEqual({ rest: false, ws: false });

    const aborted = await shNote('/running/aborted', ['%sh sleep 30', '%sh echo never']);
    from = ws.mark();
    await api(server.url, `/api/notebook/job/${aborted.noteId}?blocking=false`, { method: 'POST' });
    await ws.waitFor((f) => f.op === 'PARAGRAPH' && (f.data as { paragraph: { id: string; status: string } }).paragraph.status === 'RUNNING', from);
    expect((await api(server.url, `/api/notebook/job/${aborted.noteId}`, { method: 'DELETE' })).status).toBe(200);
    expect((await waitFinal(ws, aborted.pids[0], from)).final.status).toBe('ABORT');
    await ws.next('NOTE_RUNNING_STATUS', from, (f) => f.data.status === false);
    expect(await runningFlags(aborted.noteId)).toEqual({ rest: false, ws: false });
  });
});
