/** @jest-environment node */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SEND_OPS } from '../../protocol';
import { handlers } from '../../server/ws/handlers';
import { Client, startTestServer, tempDir, type TestServer } from './helpers/harness';

describe('websocket: jobs, interpreters, configuration, robustness', () => {
  let server: TestServer;
  let a: Client;

  beforeEach(async () => {
    // The plain folder store: this suite checks the unversioned answers; revisions*.test.ts covers git.
    server = await startTestServer({ fixtures: true, settings: { 'zeppelin.websocket.max.text.message.size': '20000', 'zeppelin.notebook.storage': 'org.apache.zeppelin.notebook.repo.VFSNotebookRepo' } });
    a = await Client.open(server.wsUrl, server.origin);
  });
  afterEach(async () => {
    await a.close();
    await server.close();
  });

  test('the handler table covers every client op', () => {
    expect(Object.keys(handlers).sort()).toEqual([...SEND_OPS].sort());
  });

  test('LIST_NOTE_JOBS lists NoteJobInfo from stored paragraphs and subscribes to updates', async () => {
    const list = await a.request('LIST_NOTE_JOBS', {}, 'LIST_NOTE_JOBS');
    const jobs = list.data.noteJobs.jobs;
    expect(list.data.noteJobs.lastResponseUnixTime).toBeGreaterThan(0);
    const ipy = jobs.find((j) => j.noteId === '2EYDJKFFY');
    expect(ipy).toMatchObject({ noteName: '1. IPython Basic', noteType: 'normal', interpreter: 'spark', isRunningJob: false, isRemoved: false });
    expect(ipy?.unixTimeLastRun).toBe(Math.max(...(ipy?.paragraphs ?? []).map(() => ipy?.unixTimeLastRun ?? 0)));
    expect(ipy?.paragraphs?.[0]).toEqual({ id: '20180118-105449_1130638270', name: 'Introduction', status: 'FINISHED' });

    // Note creation pushes one entry; removal pushes a removal marker.
    const other = await Client.open(server.wsUrl, server.origin);
    const from = a.mark();
    const made = await other.request('NEW_NOTE', { name: '/job watch' }, 'NEW_NOTE');
    const pushed = await a.next('LIST_UPDATE_NOTE_JOBS', from);
    expect(pushed.data.noteRunningJobs.jobs[0]).toMatchObject({ noteId: made.data.note.id, noteName: 'job watch' });
    const from2 = a.mark();
    other.send('DEL_NOTE', { id: made.data.note.id });
    const removed = await a.next('LIST_UPDATE_NOTE_JOBS', from2);
    expect(removed.data.noteRunningJobs.jobs).toEqual([{ noteId: made.data.note.id, isRunningJob: false, isRemoved: true, unixTimeLastRun: 0 }]);
    await other.close();

    const since = await a.request('LIST_UPDATE_NOTE_JOBS', { lastUpdateUnixTime: Date.now() + 1000 }, 'LIST_UPDATE_NOTE_JOBS');
    expect(since.data.noteRunningJobs.jobs).toEqual([]);
    a.send('UNSUBSCRIBE_UPDATE_NOTE_JOBS', {});
    await a.sync();
  });

  test('a disabled job manager answers JOB_MANAGER_DISABLED', async () => {
    const off = await startTestServer({ settings: { 'zeppelin.jobmanager.enable': 'false' } });
    const c = await Client.open(off.wsUrl, off.origin);
    try {
      const reply = await c.request('LIST_NOTE_JOBS', {}, 'JOB_MANAGER_DISABLED');
      expect(reply.data.errorMessage).toBe('Job Manager is disabled in the current configuration.');
    } finally {
      await c.close();
      await off.close();
    }
  });

  test('interpreter settings and bindings (built-in list)', async () => {
    const settings = await a.request('GET_INTERPRETER_SETTINGS', {}, 'INTERPRETER_SETTINGS');
    expect(settings.data.interpreterSettings.map((s) => s.name)).toEqual(['md', 'sh', 'python', 'sql', 'js', 'jdbc', 'angular']);
    const made = await a.request('NEW_NOTE', { name: '/bound', defaultInterpreterGroup: 'python' }, 'NEW_NOTE');
    await a.request('COMMIT_PARAGRAPH', { id: made.data.note.paragraphs[0].id, paragraph: '%md\nx', params: {}, config: {} }, 'PARAGRAPH');
    const bindings = await a.request('GET_INTERPRETER_BINDINGS', { noteId: made.data.note.id }, 'INTERPRETER_BINDINGS');
    expect(bindings.data.interpreterBindings.map((b) => [b.name, b.selected])).toEqual([['python', true], ['md', true]]);
    const saved = await a.request('SAVE_INTERPRETER_BINDINGS', { noteId: made.data.note.id, selectedSettingIds: ['sql', 'python'] }, 'INTERPRETER_BINDINGS');
    expect(saved.data.interpreterBindings[0].name).toBe('sql');
    const file = readdirSync(server.notebookDir).find((f) => f.startsWith('bound_'));
    expect(JSON.parse(readFileSync(join(server.notebookDir, String(file)), 'utf8'))).toMatchObject({ defaultInterpreterGroup: 'sql' });
    const unknown = await a.request('GET_INTERPRETER_BINDINGS', { noteId: 'NOPE' }, 'INTERPRETER_BINDINGS');
    expect(unknown.data.interpreterBindings).toEqual([]);
  });

  test('interpreter.json in the conf dir replaces the built-in list', async () => {
    const confDir = tempDir();
    writeFileSync(join(confDir, 'interpreter.json'), JSON.stringify({ interpreterSettings: { spark: { id: 'spark', name: 'spark', group: 'spark', properties: {}, interpreterGroup: [{ name: 'spark', class: 'x', defaultInterpreter: true }], dependencies: [], option: {} } } }));
    const again = await startTestServer({ confDir });
    const c = await Client.open(again.wsUrl, again.origin);
    try {
      const settings = await c.request('GET_INTERPRETER_SETTINGS', {}, 'INTERPRETER_SETTINGS');
      expect(settings.data.interpreterSettings.map((s) => s.name)).toEqual(['spark']);
    } finally {
      await c.close();
      await again.close();
    }
  });

  test('LIST_CONFIGURATIONS sends string values without secrets; PING gets our PONG and nothing else', async () => {
    const from = a.mark();
    a.send('PING', {});
    const conf = await a.request('LIST_CONFIGURATIONS', {}, 'CONFIGURATIONS_INFO');
    expect(conf.data.configurations['zeppelin.websocket.max.text.message.size']).toBe('20000');
    expect(Object.values(conf.data.configurations).every((v) => typeof v === 'string')).toBe(true);
    expect(a.opsSince(from)).toEqual(['PONG', 'CONFIGURATIONS_INFO']);
  });

  test('ops without a note answer as Zeppelin does; revision history answers without revisionList', async () => {
    const from = a.mark();
    // RUN_PARAGRAPH takes the note from the connection; an unassociated connection runs nothing (PROTOCOL 1.9).
    a.send('RUN_PARAGRAPH', { id: 'x', paragraph: '1' });
    await a.sync();
    expect(a.opsSince(from)).toEqual(['NOTES_INFO']);
    const bind = await a.request('ANGULAR_OBJECT_CLIENT_BIND', { noteId: 'n', name: 'x', value: 1, paragraphId: 'p' }, 'ERROR_INFO');
    expect(bind.data.info).toContain('HTTP 404 Not Found');
    const hist = await a.request('LIST_REVISION_HISTORY', { noteId: '2EYDJKFFY' }, 'LIST_REVISION_HISTORY');
    expect(hist.data).toEqual({});
    const cFrom = a.mark();
    const completion = await a.request('COMPLETION', { id: 'p', buf: 'pri', cursor: 3 }, 'COMPLETION_LIST');
    expect(completion.data).toEqual({ id: 'p', completions: [] });
    expect(a.opsSince(cFrom)).toEqual(['ERROR_INFO', 'COMPLETION_LIST']);
  });

  test('bad input: malformed JSON, unknown op, wrong types, oversize frames; the connection survives', async () => {
    const before = readdirSync(server.notebookDir).map((f) => [f, readFileSync(join(server.notebookDir, f), 'utf8')]);
    let from = a.mark();
    a.sendRaw('{not json');
    expect((await a.next('ERROR_INFO', from)).data.info).toMatch(/^Malformed JSON/);
    from = a.mark();
    a.sendRaw(JSON.stringify({ op: 'NO_SUCH_OP', data: {}, principal: 'anonymous', ticket: 'anonymous' }));
    expect((await a.next('ERROR_INFO', from)).data.info).toBe('Unknown op: NO_SUCH_OP');
    from = a.mark();
    a.sendRaw('[1,2]');
    expect((await a.next('ERROR_INFO', from)).data.info).toBe('A frame must be a JSON object');
    from = a.mark();
    a.sendRaw(JSON.stringify({ op: 'GET_NOTE', data: { id: 5 }, principal: 'anonymous', ticket: 'anonymous' }));
    expect((await a.next('ERROR_INFO', from)).data.info).toContain('id must be a string');
    from = a.mark();
    a.send('IMPORT_NOTE', { note: { name: '/huge', paragraphs: [{ text: 'é'.repeat(15000) }] } });
    expect((await a.next('ERROR_INFO', from)).data.info).toMatch(/exceeds zeppelin.websocket.max.text.message.size \(20000 bytes\)/);
    from = a.mark();
    a.sendRaw(JSON.stringify({ op: 'GET_NOTE', data: { id: '2EYDJKFFY' }, ticket: 'anonymous' }));
    expect((await a.next('ERROR_INFO', from)).data.info).toContain('no principal');
    await a.sync();
    expect(a.closed).toBeUndefined();
    expect(readdirSync(server.notebookDir).map((f) => [f, readFileSync(join(server.notebookDir, f), 'utf8')])).toEqual(before);
  });

  test('tickets: a wrong anonymous ticket gets SESSION_LOGOUT, unknown principals are dropped silently', async () => {
    const from = a.mark();
    a.send('LIST_NOTES', {}, { ticket: 'stale' });
    const logout = await a.next('SESSION_LOGOUT', from);
    expect(logout.data.info).toContain('ticket is invalid');
    a.send('LIST_NOTES', {}, { principal: 'alice', ticket: 'whatever' });
    a.send('PING', {}, { ticket: 'stale' });
    await a.sync();
    // PING is answered whatever the ticket (the liveness check of a page that is not logged in), never logged out
    expect(a.opsSince(from)).toEqual(['SESSION_LOGOUT', 'PONG', 'NOTES_INFO']);
  });

  test('connections that never sent an accepted frame get no NOTES_INFO broadcasts', async () => {
    const silent = await Client.open(server.wsUrl, server.origin);
    const bound = await Client.open(server.wsUrl, server.origin);
    await bound.sync();
    const from = bound.mark();
    a.send('NEW_NOTE', { name: '/broadcast' });
    await bound.next('NOTES_INFO', from);
    await silent.close();
    expect(silent.frames).toEqual([]);
    await bound.close();
  });
});
