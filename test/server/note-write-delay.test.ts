/** @jest-environment node */
/**
 * Paragraph edits are confirmed once journaled, and a note's file is written once for many edits, within
 * `zeppelin.notebook.write.delay.ms`; a finished run's result (note file and result history) waits as long. Here
 * the delay is a minute, so every reader of the file (export, reload, git, a rename, a clone, a folder reload,
 * shutdown) is seen to write it first, and a kill -9 after a confirmed edit is seen to lose nothing.
 *
 * @slow (one of the suite's longest files: scheduled first on a fresh machine)
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Note } from '../../protocol';
import { HISTORY_DIR } from '../../server/history/store';
import { EditJournal, JOURNAL_DIR } from '../../server/storage/editJournal';
import { parseNoteFile } from '../../server/storage/zpln';
import { startServer } from '../../server/app';
import { api, Client, startTestServer, tempDir, type TestServer } from './helpers/harness';
import { commitText, withoutGitIdentity } from './helpers/gitHome';
import { holds, newNote, run, textOf, until } from './helpers/exec';
import { killAllServers, spawnServer } from './helpers/spawnServer';

jest.setTimeout(60000);
withoutGitIdentity();
afterAll(killAllServers);

const LONG = { 'zeppelin.notebook.write.delay.ms': '60000' };

/** The note's file, parsed, wherever in the folder it is. */
function noteOnDisk(notebookDir: string, noteId: string): Note {
  const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return e.name.startsWith('.') ? [] : walk(join(dir, e.name));
    return e.name.endsWith(`_${noteId}.zpln`) ? [join(dir, e.name)] : [];
  });
  const files = walk(notebookDir);
  if (files.length !== 1) throw new Error(`note ${noteId} has ${files.length} files`);
  return parseNoteFile(readFileSync(files[0], 'utf8'));
}

/** The text of every paragraph in the note's file. */
const textsOnDisk = (notebookDir: string, noteId: string): string[] => noteOnDisk(notebookDir, noteId).paragraphs.map((p) => p.text ?? '');

/** The note file's paragraphs' result texts, joined. */
const resultsOnDisk = (notebookDir: string, noteId: string): string => noteOnDisk(notebookDir, noteId).paragraphs.map(textOf).join('\n');

async function runToEnd(client: Client, pid: string, text: string): Promise<void> {
  expect((await run(client, pid, text)).final.status).toBe('FINISHED');
}

const journalFiles = (notebookDir: string): string[] =>
  (existsSync(join(notebookDir, JOURNAL_DIR)) ? readdirSync(join(notebookDir, JOURNAL_DIR)).filter((f) => f !== '.gitignore') : []);

describe('with a long write delay, in process', () => {
  let server: TestServer;
  let a: Client;

  beforeEach(async () => {
    server = await startTestServer({ settings: LONG });
    a = await Client.open(server.wsUrl, server.origin);
  });
  afterEach(async () => {
    await a.close();
    await server.close();
  });

  /** A note with a confirmed edit that only the journal holds so far. */
  async function editedNote(name: string, text: string): Promise<{ noteId: string; pid: string }> {
    const made = await newNote(a, name);
    await commitText(a, made.noteId, made.pid, text);
    expect(textsOnDisk(server.notebookDir, made.noteId)).not.toContain(text);
    expect(journalFiles(server.notebookDir).length).toBeGreaterThan(0);
    return made;
  }

  test('edits are confirmed from the journal, and many edits wait for one write of the note file', async () => {
    const { noteId, pid } = await newNote(a, '/many');
    for (let i = 0; i < 20; i++) await commitText(a, noteId, pid, `%md edit ${i}`);
    expect(textsOnDisk(server.notebookDir, noteId)).not.toContain('%md edit 19');
    // Every other client sees the last edit, and so does the next GET_NOTE.
    const note = (await a.request('GET_NOTE', { id: noteId }, 'NOTE')).data.note;
    expect(note?.paragraphs[0].text).toBe('%md edit 19');
  });

  test('export writes the note first', async () => {
    const { noteId } = await editedNote('/export', '%md exported edit');
    const exported = await api<string>(server.url, `/api/notebook/export/${noteId}`);
    expect(exported.body.body).toContain('%md exported edit');
    expect(textsOnDisk(server.notebookDir, noteId)).toContain('%md exported edit');
    expect(journalFiles(server.notebookDir)).toEqual([]);
  });

  test('RELOAD_NOTE writes the note first, so the file it reads holds the edit', async () => {
    const { noteId } = await editedNote('/reload', '%md kept over a reload');
    const reloaded = await a.request('RELOAD_NOTE', { id: noteId }, 'NOTE');
    expect(reloaded.data.note?.paragraphs[0].text).toBe('%md kept over a reload');
  });

  test('RELOAD_NOTES_FROM_REPO writes every note first', async () => {
    const { noteId } = await editedNote('/reload all', '%md kept over a folder reload');
    await a.request('RELOAD_NOTES_FROM_REPO', {}, 'NOTES_INFO');
    const note = (await a.request('GET_NOTE', { id: noteId }, 'NOTE')).data.note;
    expect(note?.paragraphs[0].text).toBe('%md kept over a folder reload');
    expect(textsOnDisk(server.notebookDir, noteId)).toContain('%md kept over a folder reload');
  });

  test('a git checkpoint commits the edit', async () => {
    const { noteId } = await editedNote('/versioned', '%md committed edit');
    const reply = await a.request('CHECKPOINT_NOTE', { noteId, commitMessage: 'with the edit' }, 'LIST_REVISION_HISTORY');
    expect(reply.data.revisionList?.[0]?.message).toBe('with the edit');
    const committed = execFileSync('git', ['-C', server.notebookDir, 'show', `HEAD:versioned_${noteId}.zpln`], { encoding: 'utf8' });
    expect(parseNoteFile(committed).paragraphs[0].text).toBe('%md committed edit');
    // The journal is no part of the repository.
    expect(execFileSync('git', ['-C', server.notebookDir, 'status', '--porcelain', '--untracked-files=all'], { encoding: 'utf8' })).not.toContain(JOURNAL_DIR);
  });

  test('a run journals the text it runs: the note file, which may hold a large result, is not rewritten first', async () => {
    const { noteId, pid } = await newNote(a, '/run journaled');
    // A first run appends the empty last paragraph, which is a write of the file of its own; the second run does not.
    let started = a.mark();
    a.send('RUN_PARAGRAPH', { id: pid, paragraph: '%md first run', params: {}, config: {} });
    await a.next('PARAGRAPH', started, (f) => f.data.paragraph?.status === 'FINISHED');
    await until(() => textsOnDisk(server.notebookDir, noteId).includes('%md first run'), 10000, 'the first run in the note file');
    started = a.mark();
    a.send('RUN_PARAGRAPH', { id: pid, paragraph: '%sh\nsleep 30', params: {}, config: {} });
    await a.next('PARAGRAPH', started, (f) => f.data.paragraph?.status === 'RUNNING');
    // Neither the run's start nor its PENDING and RUNNING statuses write the file: the journal holds the text.
    await holds(() => !textsOnDisk(server.notebookDir, noteId).includes('%sh\nsleep 30') && journalFiles(server.notebookDir).length > 0,
      1000, 'the note file without the running text, the journal with it');
    a.send('CANCEL_PARAGRAPH', { id: pid });
    await a.next('PARAGRAPH', started, (f) => f.data.paragraph?.status === 'ABORT');
  });

  test('a finished run\'s result waits with the note file for the write delay; the history has the run at once, and export writes the file first', async () => {
    const { noteId, pid } = await newNote(a, '/run result');
    // The first run's result is written by an export, so that the second run's is the one that waits.
    await runToEnd(a, pid, '%md first result');
    await api(server.url, `/api/notebook/export/${noteId}`);
    expect(resultsOnDisk(server.notebookDir, noteId)).toContain('first result');
    await runToEnd(a, pid, '%md second result');
    // A round trip: the server has done all it does at once after the run.
    await a.request('GET_NOTE', { id: noteId }, 'NOTE');
    expect(resultsOnDisk(server.notebookDir, noteId)).not.toContain('second result');
    const runs = await api<{ runs: { id: string }[] }>(server.url, `/api/notebook/${noteId}/paragraph/${pid}/history`);
    expect(runs.body.body?.runs).toHaveLength(2);
    expect(existsSync(join(server.notebookDir, HISTORY_DIR, `${noteId}.json`))).toBe(false);
    const exported = await api<string>(server.url, `/api/notebook/export/${noteId}`);
    expect(exported.body.body).toContain('second result');
    expect(resultsOnDisk(server.notebookDir, noteId)).toContain('second result');
  });

  test('a rename moves the file with the edit in it', async () => {
    const { noteId } = await editedNote('/before', '%md moved edit');
    await a.request('NOTE_RENAME', { id: noteId, name: '/elsewhere/after' }, 'NOTE');
    expect(existsSync(join(server.notebookDir, `before_${noteId}.zpln`))).toBe(false);
    expect(parseNoteFile(readFileSync(join(server.notebookDir, 'elsewhere', `after_${noteId}.zpln`), 'utf8')).paragraphs[0].text).toBe('%md moved edit');
  });

  test('a clone holds the edit in its own file', async () => {
    const { noteId } = await editedNote('/original', '%md cloned edit');
    await a.request('GET_NOTE', { id: noteId }, 'NOTE');
    const clone = (await a.request('CLONE_NOTE', { name: '/the clone' }, 'NEW_NOTE')).data.note;
    expect(textsOnDisk(server.notebookDir, clone.id)).toContain('%md cloned edit');
  });

});

/** A notebook folder of its own, and a server on it that the test starts and stops. */
function folders(): { notebookDir: string; confDir: string } {
  const dir = tempDir('zpl-delay-');
  const notebookDir = join(dir, 'notebook');
  const confDir = join(dir, 'conf');
  mkdirSync(notebookDir, { recursive: true });
  mkdirSync(confDir, { recursive: true });
  return { notebookDir, confDir };
}

test('closing the server writes every note with journaled edits', async () => {
  const { notebookDir, confDir } = folders();
  const server = await startServer({ port: 0, host: '127.0.0.1', notebookDir, confDir, webDir: join(confDir, 'no-ui'), settings: LONG });
  const origin = server.url.replace(/\/$/, '');
  const client = await Client.open(`${server.url.replace('http', 'ws')}ws`, origin);
  const { noteId, pid } = await newNote(client, '/closing');
  await commitText(client, noteId, pid, '%md written at close');
  expect(textsOnDisk(notebookDir, noteId)).not.toContain('%md written at close');
  await client.close();
  await server.close();
  expect(textsOnDisk(notebookDir, noteId)).toContain('%md written at close');
  expect(journalFiles(notebookDir)).toEqual([]);
});

test('closing the server writes a finished run\'s result to the note file and to its history', async () => {
  const { notebookDir, confDir } = folders();
  const server = await startServer({ port: 0, host: '127.0.0.1', notebookDir, confDir, webDir: join(confDir, 'no-ui'), settings: LONG });
  const client = await Client.open(`${server.url.replace('http', 'ws')}ws`, server.url.replace(/\/$/, ''));
  const { noteId, pid } = await newNote(client, '/closing run');
  await runToEnd(client, pid, '%md first result');
  await api(server.url, `/api/notebook/export/${noteId}`);
  expect(resultsOnDisk(notebookDir, noteId)).toContain('first result');
  await runToEnd(client, pid, '%md result written at close');
  await client.request('GET_NOTE', { id: noteId }, 'NOTE');
  expect(resultsOnDisk(notebookDir, noteId)).not.toContain('result written at close');
  await client.close();
  await server.close();
  expect(resultsOnDisk(notebookDir, noteId)).toContain('result written at close');
  expect(readFileSync(join(notebookDir, HISTORY_DIR, `${noteId}.json`), 'utf8')).toContain('result written at close');
});

test('with the default delay the note file follows a confirmed edit on its own', async () => {
  const server = await startTestServer();
  const client = await Client.open(server.wsUrl, server.origin);
  try {
    const { noteId, pid } = await newNote(client, '/soon');
    await commitText(client, noteId, pid, '%md on disk soon');
    await until(() => textsOnDisk(server.notebookDir, noteId).includes('%md on disk soon'), 10000, 'the edit in the note file');
    await until(() => journalFiles(server.notebookDir).length === 0, 10000, 'the journal emptied');
  } finally {
    await client.close();
    await server.close();
  }
});

describe('a server process of its own', () => {
  test('kill -9 right after confirmed edits: the next start replays them from the journal', async () => {
    const { notebookDir, confDir } = folders();
    let server = await spawnServer(notebookDir, confDir, LONG);
    let client = await Client.open(server.wsUrl, server.origin);
    const { noteId, pid } = await newNote(client, '/killed');
    const second = (await client.request('INSERT_PARAGRAPH', { index: 1 }, 'PARAGRAPH_ADDED')).data.paragraph.id;
    await commitText(client, noteId, pid, '%md first, earlier');
    await commitText(client, noteId, second, '%md second');
    await client.request('COMMIT_PARAGRAPH', { id: pid, noteId, title: 'Kept title', paragraph: '%md first, confirmed last', params: { x: '1' }, config: { colWidth: 6 } }, 'PARAGRAPH');
    expect(textsOnDisk(notebookDir, noteId)).not.toContain('%md first, confirmed last');
    await server.kill9();
    await client.close();

    server = await spawnServer(notebookDir, confDir, LONG);
    client = await Client.open(server.wsUrl, server.origin);
    const note = (await client.request('GET_NOTE', { id: noteId }, 'NOTE')).data.note;
    expect(note?.paragraphs.map((p) => p.text)).toEqual(['%md first, confirmed last', '%md second']);
    expect(note?.paragraphs[0]).toMatchObject({ title: 'Kept title', config: { colWidth: 6 }, settings: { params: { x: '1' } } });
    // Replayed edits are written into the note's file at start, and the journal is emptied.
    expect(textsOnDisk(notebookDir, noteId)).toEqual(['%md first, confirmed last', '%md second']);
    expect(journalFiles(notebookDir)).toEqual([]);
    await client.close();
    await server.stop();
  });

  test('SIGTERM writes every note first (the test server process)', async () => {
    const { notebookDir, confDir } = folders();
    const server = await spawnServer(notebookDir, confDir, LONG);
    const client = await Client.open(server.wsUrl, server.origin);
    const { noteId, pid } = await newNote(client, '/terminated');
    await commitText(client, noteId, pid, '%md written on SIGTERM');
    await server.stop();
    await client.close();
    expect(textsOnDisk(notebookDir, noteId)).toContain('%md written on SIGTERM');
  });

  /** `server/main.ts`, the command `npm start` runs, stopped by a signal. */
  async function mainStoppedBy(signal: 'SIGINT' | 'SIGTERM'): Promise<void> {
    const { notebookDir, confDir } = folders();
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '..', '..', 'server', 'main.ts')], {
      env: { ...process.env, ZEPPELIN_PORT: '0', ZEPPELIN_NOTEBOOK_DIR: notebookDir, ZEPPELIN_CONF_DIR: confDir, ZEPPELIN_WEB_DIR: join(confDir, 'no-ui'), ZEPPELIN_NOTEBOOK_WRITE_DELAY_MS: '60000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout?.on('data', (d: Buffer) => {
          out += String(d);
          const m = /ready at (\S+)/.exec(out);
          if (m) resolve(m[1]);
        });
        void exited.then((code) => reject(new Error(`server exited with ${code}`)));
      });
      const client = await Client.open(`${url.replace('http', 'ws')}ws`, url.replace(/\/$/, ''));
      const { noteId, pid } = await newNote(client, '/signalled');
      await commitText(client, noteId, pid, `%md written on ${signal}`);
      expect(textsOnDisk(notebookDir, noteId)).not.toContain(`%md written on ${signal}`);
      child.kill(signal);
      expect(await exited).toBe(0);
      await client.close();
      expect(textsOnDisk(notebookDir, noteId)).toContain(`%md written on ${signal}`);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }

  test('npm start\'s server writes every note on SIGINT', () => mainStoppedBy('SIGINT'));
  test('npm start\'s server writes every note on SIGTERM', () => mainStoppedBy('SIGTERM'));
});

test('a journal line cut short by a kill is skipped; the records before it are read back in order', async () => {
  const { notebookDir } = folders();
  const journal = new EditJournal(notebookDir);
  await journal.append('2NOTE', { paragraphId: 'p1', fields: { text: 'one' } });
  await journal.append('2NOTE', { paragraphId: 'p1', fields: { text: 'two' } });
  await journal.release();
  const [file] = journalFiles(notebookDir);
  writeFileSync(join(notebookDir, JOURNAL_DIR, file), `${readFileSync(join(notebookDir, JOURNAL_DIR, file), 'utf8')}{"paragraphId":"p1","fie`);
  const recovered = await new EditJournal(notebookDir).recover(() => true);
  expect(recovered.get('2NOTE')).toEqual([{ paragraphId: 'p1', fields: { text: 'one' } }, { paragraphId: 'p1', fields: { text: 'two' } }]);
  // A journal of a note that no longer exists is removed.
  await new EditJournal(notebookDir).recover(() => false);
  expect(journalFiles(notebookDir)).toEqual([]);
});
