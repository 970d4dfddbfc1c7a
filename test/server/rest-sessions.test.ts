/** @jest-environment node */
/**
 * Zeppelin's interpreter sessions over REST (SessionRestApi, PROTOCOL 3.10), the `%<group>.conf`
 * paragraphs that configure them (Zeppelin's ConfInterpreter), and the Python SDK's ZSession driving both.
 */
import { mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Note } from '../../protocol';
import { builtinInterpreterSettings, writeInterpreterSettings } from '../../server/interpreters/settings';
import { api, Client, startTestServer, tempDir, type TestServer } from './helpers/harness';
import { login, startAuthServer } from './helpers/auth';
import { processGone, until } from './helpers/exec';
import { outputOf, SdkClient, SdkZSession, type SdkParagraph, type SdkSession } from './helpers/sdk';
import { pythonExecutable, TEST_PYTHON } from '../support/python';

jest.setTimeout(60000);

/** The tests' python (Debian's where installed), as an absolute path: a session is pointed at it and a link to it. */
const PYTHON = pythonExecutable() ?? TEST_PYTHON;

/** Processes whose command line contains `marker` (Linux /proc). */
function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ').includes(marker)) found.push(Number(name));
    } catch {
      // gone while we looked
    }
  }
  return found;
}

let server: TestServer;
let client: SdkClient;

beforeAll(async () => {
  const confDir = join(tempDir('zpl-conf-'), 'conf');
  mkdirSync(confDir, { recursive: true });
  const settings = builtinInterpreterSettings();
  const python = settings.find((s) => s.name === 'python');
  if (!python) throw new Error('no python setting');
  python.properties['zeppelin.python'].value = PYTHON;
  python.properties['zeppelin.python.cancel.grace.millisecs'].value = '1500';
  writeInterpreterSettings(confDir, settings);
  server = await startTestServer({ confDir });
  client = new SdkClient(server.url);
});
afterAll(async () => {
  await server.close();
});

/** Adds a paragraph to the session's note and runs it in the session, as ZSession.start does. */
async function runInSession(s: SdkSession, text: string): Promise<SdkParagraph> {
  const id = await client.addParagraph(s.noteId, '', text);
  return client.executeParagraph(s.noteId, id, {}, s.sessionId);
}

describe('/api/session', () => {
  test('POST starts a session in a hidden note, GET describes it, DELETE stops it; unknown ids are 404', async () => {
    const created = await api<SdkSession>(server.url, '/api/session?interpreter=sh', { method: 'POST' });
    expect(created.status).toBe(200);
    const s = created.body.body as SdkSession;
    expect(s.sessionId).toMatch(/^sh_\d+$/);
    expect(s).toMatchObject({ interpreter: 'sh', state: 'READY' });
    const note = (await api<Note>(server.url, `/api/notebook/${s.noteId}`)).body.body;
    expect(note?.path).toBe(`/_ZSession/sh/${s.sessionId}`);

    // Hidden from the home list, over REST and over the websocket.
    const listed = (await api<{ id: string }[]>(server.url, '/api/notebook')).body.body ?? [];
    expect(listed.some((n) => n.id === s.noteId)).toBe(false);
    const ws = await Client.open(server.wsUrl, server.origin);
    const infos = await ws.request('LIST_NOTES', {}, 'NOTES_INFO');
    expect(infos.data.notes.some((n) => n.id === s.noteId || n.path.startsWith('/_ZSession'))).toBe(false);
    await ws.close();

    expect((await api(server.url, `/api/session/${s.sessionId}`)).body).toEqual({ status: 'OK', message: '', body: s });
    const ofSh = (await api<SdkSession[]>(server.url, '/api/session?interpreter=sh')).body.body ?? [];
    expect(ofSh.map((x) => x.sessionId)).toContain(s.sessionId);
    const ofPython = (await api<SdkSession[]>(server.url, '/api/session?interpreter=python')).body.body ?? [];
    expect(ofPython.map((x) => x.sessionId)).not.toContain(s.sessionId);
    const all = (await api<SdkSession[]>(server.url, '/api/session')).body.body ?? [];
    expect(all.map((x) => x.sessionId)).toContain(s.sessionId);

    // A run starts its interpreter: the session is RUNNING from then on, with the start time.
    expect(outputOf(await runInSession(s, '%sh echo in session'))).toBe('in session\n');
    const running = (await api<SdkSession>(server.url, `/api/session/${s.sessionId}`)).body.body;
    expect(running?.state).toBe('RUNNING');
    expect(running?.startTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const stopped = await api(server.url, `/api/session/${s.sessionId}`, { method: 'DELETE' });
    expect(stopped.body).toEqual({ status: 'OK', message: s.sessionId });
    expect((await api(server.url, `/api/session/${s.sessionId}`)).body).toEqual({ status: 'NOT_FOUND', message: `No such session: ${s.sessionId}` });
    expect((await api(server.url, `/api/session/${s.sessionId}`, { method: 'DELETE' })).status).toBe(404);
    expect((await api(server.url, `/api/notebook/${s.noteId}`)).status).toBe(404);
    expect(((await api<SdkSession[]>(server.url, '/api/session')).body.body ?? []).map((x) => x.sessionId)).not.toContain(s.sessionId);
    expect((await api(server.url, '/api/session/sh_0')).body).toEqual({ status: 'NOT_FOUND', message: 'No such session: sh_0' });
  });

  test('a session needs a known interpreter; nothing is created otherwise', async () => {
    const before = (await api<SdkSession[]>(server.url, '/api/session')).body.body ?? [];
    const missing = await api(server.url, '/api/session', { method: 'POST' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('interpreter is required');
    const unknown = await api(server.url, '/api/session?interpreter=nope', { method: 'POST' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Interpreter nope not found');
    expect((await api<SdkSession[]>(server.url, '/api/session')).body.body ?? []).toEqual(before);
    const paths = ((await api<{ path: string }[]>(server.url, '/api/notebook')).body.body ?? []).map((n) => n.path);
    expect(paths.filter((p) => p.startsWith('/_ZSession'))).toEqual([]);
  });

  test('each session has its own interpreter process, which DELETE ends', async () => {
    const a = await client.newSession('python');
    const b = await client.newSession('python');
    const pidOf = async (s: SdkSession): Promise<number> => Number(outputOf(await runInSession(s, '%python\nimport os\nprint(os.getpid())')));
    const pa = await pidOf(a);
    const pb = await pidOf(b);
    expect(pa).toBeGreaterThan(0);
    expect(pb).not.toBe(pa);
    // A note outside the sessions uses the setting's own process.
    const noteId = await client.createNote('/sessions/plain', 'python');
    const plain = await client.executeParagraph(noteId, await client.addParagraph(noteId, '', '%python\nimport os\nprint(os.getpid())'));
    expect([pa, pb]).not.toContain(Number(outputOf(plain)));

    // `sessionId` on a run puts a paragraph of any note into that session; an unknown one is refused before anything runs.
    const inA = await client.addParagraph(noteId, '', '%python\nimport os\nprint(os.getpid())');
    expect(Number(outputOf(await client.executeParagraph(noteId, inA, {}, a.sessionId)))).toBe(pa);
    const unknown = await api(server.url, `/api/notebook/job/${noteId}/${inA}?sessionId=python_1`, { method: 'POST', json: { params: {} } });
    expect(unknown.body).toEqual({ status: 'NOT_FOUND', message: 'No such session: python_1' });
    const sync = await api(server.url, `/api/notebook/run/${noteId}/${inA}?sessionId=python_1`, { method: 'POST' });
    expect(sync.status).toBe(404);
    expect((await client.queryParagraph(noteId, inA)).status).toBe('FINISHED');

    await client.stopSession(a.sessionId);
    await until(processGone(pa), 15_000, `python ${pa} to exit`);
    expect(processGone(pb)()).toBe(false);
    await client.stopSession(b.sessionId);
    await until(processGone(pb), 15_000, `python ${pb} to exit`);
  });
});

describe('/api/session with logins on', () => {
  let auth: TestServer;
  let user1: string;
  let user2: string;

  beforeAll(async () => {
    // Private notes: a session's note is its creator's alone.
    auth = await startAuthServer({ settings: { 'zeppelin.notebook.public': 'false' } });
    user1 = (await login(auth.url, 'user1', 'password2')).cookie;
    user2 = (await login(auth.url, 'user2', 'password3')).cookie;
  });
  afterAll(async () => {
    await auth.close();
  });

  const as = (cookie: string, path: string, init: Parameters<typeof api>[2] = {}) =>
    api<SdkSession & SdkSession[]>(auth.url, path, { ...init, headers: { ...(init.headers ?? {}), cookie } });

  test('a session belongs to its creator: others neither list, read, use nor stop it', async () => {
    const made = await as(user1, '/api/session?interpreter=sh', { method: 'POST' });
    expect(made.status).toBe(200);
    const s = made.body.body as SdkSession;
    expect(((await as(user1, '/api/session')).body.body ?? []).map((x) => x.sessionId)).toEqual([s.sessionId]);
    expect((await as(user2, '/api/session')).body.body).toEqual([]);
    expect((await as(user2, `/api/session/${s.sessionId}`)).status).toBe(403);
    expect((await as(user2, `/api/session/${s.sessionId}`, { method: 'DELETE' })).status).toBe(403);
    expect((await as(user2, `/api/notebook/${s.noteId}`)).status).toBe(403);

    const own = String((await as(user2, '/api/notebook', { method: 'POST', json: { name: '/user2/own', paragraphs: [{ text: '%sh echo mine' }] } })).body.body);
    const pid = (await as(user2, `/api/notebook/${own}`)).body.body as unknown as { paragraphs: { id: string }[] };
    const borrowed = await as(user2, `/api/notebook/job/${own}/${pid.paragraphs[0].id}?sessionId=${s.sessionId}`, { method: 'POST' });
    expect(borrowed.status).toBe(403);

    expect((await as(user1, `/api/session/${s.sessionId}`)).body.body).toMatchObject({ sessionId: s.sessionId, state: 'READY' });
    expect((await as(user1, `/api/session/${s.sessionId}`, { method: 'DELETE' })).status).toBe(200);
  });
});

describe('%<group>.conf', () => {
  test('sets the session\'s properties before its interpreter starts, and refuses changes after', async () => {
    const s = await client.newSession('sh');
    const conf = await runInSession(s, '%sh.conf\n# a comment\nGREETING hello conf\nshell.command.timeout.millisecs = 20000\n');
    expect(conf.status).toBe('FINISHED');
    expect(outputOf(await runInSession(s, '%sh echo "$GREETING"'))).toBe('hello conf\n');

    const late = await runInSession(s, '%sh.conf\nGREETING changed');
    expect(late.status).toBe('ERROR');
    expect(outputOf(late)).toBe('The sh interpreter of this session has started already, so its properties can no longer change. '
      + 'Put %sh.conf first, or restart the interpreter.');
    // The same values again change nothing, so they are accepted (a note run twice from the top keeps working).
    expect((await runInSession(s, '%sh.conf\nGREETING hello conf\nshell.command.timeout.millisecs: 20000')).status).toBe('FINISHED');
    expect(outputOf(await runInSession(s, '%sh echo "$GREETING"'))).toBe('hello conf\n');
    await client.stopSession(s.sessionId);
  });

  test('%python.conf chooses the Python executable of the session', async () => {
    const link = join(server.dir, 'session-python3');
    symlinkSync(PYTHON, link);
    const s = await client.newSession('python');
    expect((await runInSession(s, `%python.conf\nzeppelin.python ${link}`)).status).toBe('FINISHED');
    expect(outputOf(await runInSession(s, '%python\nimport sys\nprint(sys.executable)'))).toBe(`${link}\n`);
    await client.stopSession(s.sessionId);
  });

  test('outside a session it configures the note\'s interpreter session; unknown groups are not found', async () => {
    const noteId = await client.createNote('/conf/plain', 'sh');
    const run = async (text: string): Promise<SdkParagraph> => client.executeParagraph(noteId, await client.addParagraph(noteId, '', text));
    expect((await run('%sh echo started')).status).toBe('FINISHED');
    const late = await run('%sh.conf\nGREETING late');
    expect(late.status).toBe('ERROR');
    expect(outputOf(late)).toContain('can no longer change');
    const unknown = await run('%nope.conf\na b');
    expect(unknown.status).toBe('ERROR');
    expect(outputOf(unknown)).toBe('Interpreter nope.conf not found');
  });
});

describe('the Python SDK\'s ZSession', () => {
  test('sh: start with properties, execute and submit (results, forms, cancel), stop without leaving a process', async () => {
    const session = new SdkZSession(client, 'sh', { GREETING: 'from conf' });
    await session.start();
    expect(session.info).toMatchObject({ interpreter: 'sh', state: 'RUNNING' });
    const { noteId, sessionId } = session.info as SdkSession;

    const hello = await session.execute('echo "$GREETING" ${name=world}');
    expect(hello.status).toBe('FINISHED');
    expect(outputOf(hello)).toBe('from conf world\n');
    // The client's params fill the statement's form.
    const withParams = await client.executeParagraph(noteId, hello.id, { name: 'zeppelin' }, sessionId);
    expect(outputOf(withParams)).toBe('from conf zeppelin\n');
    expect(withParams.settings?.params).toEqual({ name: 'zeppelin' });

    const submitted = await session.submit('sleep 0.1; echo submitted');
    expect(['READY', 'PENDING', 'RUNNING', 'FINISHED']).toContain(submitted.status);
    expect(outputOf(await session.waitUntilFinished(submitted.id))).toBe('submitted\n');

    const failing = await session.execute('exit 4');
    expect(failing.status).toBe('ERROR');

    const long = await session.submit('sleep 297.5');
    await until(() => processesWith('sleep 297.5').length > 0, 10000, 'the sleep to start');
    await session.cancel(long.id);
    expect((await session.waitUntilFinished(long.id)).status).toBe('ABORT');
    await until(() => processesWith('sleep 297.5').length === 0, 15_000, 'the cancelled sleep to end');

    const left = await session.submit('sleep 298.5');
    await until(() => processesWith('sleep 298.5').length > 0, 10000, 'the sleep to start');
    await session.stop();
    await until(() => processesWith('sleep 298.5').length === 0, 15_000, 'the stopped session\'s sleep to end');
    expect((await api(server.url, `/api/session/${sessionId}`)).status).toBe(404);
    expect((await api(server.url, `/api/notebook/${noteId}/paragraph/${left.id}`)).status).toBe(404);
  });

  test('python: state between statements, forms, cancel, and stop ends the process', async () => {
    const session = new SdkZSession(client, 'python', { 'zeppelin.python': PYTHON });
    await session.start();
    expect(session.info?.state).toBe('RUNNING');
    expect(session.info?.startTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const pid = Number(outputOf(await session.execute('import os\nprint(os.getpid())')));
    expect(pid).toBeGreaterThan(0);
    expect((await session.execute('x = 21')).status).toBe('FINISHED');
    expect(outputOf(await session.execute('print(x * 2)'))).toBe('42\n');
    const form = await session.execute("print('hello ' + z.input('name', 'world'))");
    expect(outputOf(form)).toBe('hello world\n');
    expect(Object.keys(form.settings?.forms ?? {})).toEqual(['name']);
    const failing = await session.execute('1/0');
    expect(failing.status).toBe('ERROR');
    expect(outputOf(failing)).toContain('ZeroDivisionError');

    const long = await session.submit('import time\nfor _ in range(600):\n    time.sleep(0.05)');
    const started = await pollStatus(session, long.id, 'RUNNING');
    expect(started).toBe('RUNNING');
    await session.cancel(long.id);
    expect((await session.waitUntilFinished(long.id)).status).toBe('ABORT');
    expect(outputOf(await session.execute('print(x)'))).toBe('21\n');

    await session.stop();
    await until(processGone(pid), 15_000, `python ${pid} to exit`);
    expect((await api(server.url, `/api/session/${session.info?.sessionId ?? ''}`)).status).toBe(404);
  });
});

/** Reads a statement's status until it is `wanted` (or the statement ended). */
async function pollStatus(session: SdkZSession, id: string, wanted: string): Promise<string | undefined> {
  const noteId = session.info?.noteId ?? '';
  const end = Date.now() + 10000;
  for (;;) {
    const p = await session.client.queryParagraph(noteId, id);
    if (p.status === wanted || ['FINISHED', 'ERROR', 'ABORT'].includes(p.status ?? '') || Date.now() > end) return p.status;
    await new Promise((r) => setTimeout(r, 20));
  }
}
