/** @jest-environment node */
/**
 * What a crash or a careless hand leaves in the notebook folder must not stop the server or lose later writes:
 * note files of the wrong shape, temp files of interrupted writes, and git locks of killed git commands.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, Client, startTestServer, tempDir, type TestServer } from './helpers/harness';
import { withoutGitIdentity } from './helpers/gitHome';
import { until } from './helpers/exec';

jest.setTimeout(30000);
withoutGitIdentity();

const GOOD = JSON.stringify({ name: 'good', id: '2GOODNOTE', paragraphs: [{ id: 'p1', text: '%md fine' }], config: {}, info: {} });
const MALFORMED: Record<string, string> = {
  'null paragraph_2BADNOTE1.zpln': '{"paragraphs":[null]}',
  'string info_2BADNOTE2.zpln': '{"info":"x","paragraphs":[]}',
  'cron with string info_2BADNOTE3.zpln': '{"info":"x","config":{"cron":"0 0 * * * ?"},"paragraphs":[]}',
  'folder/paragraphs not a list_2BADNOTE4.zpln': '{"paragraphs":"x"}',
  'text a number_2BADNOTE5.zpln': '{"paragraphs":[{"id":"p","text":5}]}',
};

describe('note files of the wrong shape', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  test('are skipped at start without touching their bytes, logged by relative path and reason, and listed for admins', async () => {
    const dir = tempDir();
    const notebookDir = join(dir, 'notebook');
    mkdirSync(join(notebookDir, 'folder'), { recursive: true });
    writeFileSync(join(notebookDir, 'good_2GOODNOTE.zpln'), GOOD);
    for (const [file, text] of Object.entries(MALFORMED)) writeFileSync(join(notebookDir, file), text);
    const logged: string[] = [];
    const warn = jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
    });
    try {
      server = await startTestServer({ notebookDir, settings: { 'zeppelin.notebook.cron.enable': 'true' } });
    } finally {
      warn.mockRestore();
    }
    for (const file of Object.keys(MALFORMED)) {
      expect(logged.some((l) => l.includes(file) && !l.includes(notebookDir))).toBe(true);
      expect(readFileSync(join(notebookDir, file), 'utf8')).toBe(MALFORMED[file]);
    }
    const client = await Client.open(server.wsUrl, server.origin);
    expect((await client.request('LIST_NOTES', {}, 'NOTES_INFO')).data.notes).toEqual([{ id: '2GOODNOTE', path: '/good' }]);
    await client.close();

    const repos = await api<{ active?: boolean; unreadableNotes?: { file: string; reason: string }[] }[]>(server.url, '/api/notebook-repositories');
    const active = repos.body.body?.find((r) => r.active);
    expect(active?.unreadableNotes?.map((u) => u.file).sort()).toEqual(Object.keys(MALFORMED).sort());
    expect(active?.unreadableNotes?.find((u) => u.file === 'null paragraph_2BADNOTE1.zpln')?.reason).toBe('paragraphs.0 must be an object');
    expect(active?.unreadableNotes?.find((u) => u.file === 'string info_2BADNOTE2.zpln')?.reason).toBe('info must be an object');
  });
});

describe('temp files of interrupted writes', () => {
  test('are removed at start, in the notebook folder (and its sub and dot folders) and the conf folder; other files stay', async () => {
    const dir = tempDir();
    const notebookDir = join(dir, 'notebook');
    const confDir = join(dir, 'conf');
    for (const d of [join(notebookDir, 'sub'), join(notebookDir, '.personal'), confDir]) mkdirSync(d, { recursive: true });
    const stray = [
      join(notebookDir, '.a_2AAAAAAAA.zpln.4242.0badc0de.tmp'),
      join(notebookDir, 'sub', '.b_2BBBBBBBB.zpln.17.12345678.tmp'),
      join(notebookDir, '.personal', '.2CCCCCCCC.json.99.abcdef01.tmp'),
      join(confDir, '.interpreter.json.3.deadbeef.tmp'),
    ];
    const kept = [join(notebookDir, 'notes.tmp'), join(notebookDir, '.keep.tmp'), join(confDir, 'interpreter.json.bak')];
    for (const f of [...stray, ...kept]) writeFileSync(f, '{');
    const server = await startTestServer({ notebookDir, confDir });
    try {
      expect(stray.filter(existsSync)).toEqual([]);
      expect(kept.filter(existsSync)).toEqual(kept);
    } finally {
      await server.close();
    }
  });
});

describe('git locks left by killed git commands', () => {
  const checkpoint = (server: TestServer, noteId: string, message: string) =>
    api<string>(server.url, `/api/notebook/${noteId}/revision`, { method: 'POST', json: { commitMessage: message } });

  async function editedNote(server: TestServer, text: string, noteId?: string): Promise<string> {
    const client = await Client.open(server.wsUrl, server.origin);
    let id = noteId;
    let pid: string;
    if (id === undefined) {
      const note = (await client.request('NEW_NOTE', { name: '/locked' }, 'NEW_NOTE')).data.note;
      id = note.id;
      pid = note.paragraphs[0].id;
    } else {
      pid = (await client.request('GET_NOTE', { id }, 'NOTE')).data.note?.paragraphs[0].id ?? '';
    }
    await client.request('COMMIT_PARAGRAPH', { id: pid, noteId: id, paragraph: text, params: {}, config: {} }, 'PARAGRAPH');
    await client.close();
    return id;
  }

  test('a stale index.lock or ref lock is removed at start and before each git command', async () => {
    const dir = tempDir();
    const opts = { notebookDir: join(dir, 'notebook'), confDir: join(dir, 'conf') };
    let server = await startTestServer(opts);
    const noteId = await editedNote(server, '%md one');
    expect((await checkpoint(server, noteId, 'one')).status).toBe(200);
    // As a git killed in the middle of a commit leaves it.
    writeFileSync(join(opts.notebookDir, '.git', 'index.lock'), '');
    await editedNote(server, '%md two', noteId);
    const two = await checkpoint(server, noteId, 'two');
    expect([two.status, two.body.body]).toEqual([200, expect.stringMatching(/^[0-9a-f]{40}$/)]);
    await server.close();

    const head = readFileSync(join(opts.notebookDir, '.git', 'HEAD'), 'utf8').trim().replace('ref: ', '');
    writeFileSync(join(opts.notebookDir, '.git', 'index.lock'), '');
    writeFileSync(join(opts.notebookDir, '.git', `${head}.lock`), '');
    server = await startTestServer(opts);
    expect(existsSync(join(opts.notebookDir, '.git', 'index.lock'))).toBe(false);
    expect(existsSync(join(opts.notebookDir, '.git', `${head}.lock`))).toBe(false);
    await editedNote(server, '%md three', noteId);
    expect((await checkpoint(server, noteId, 'three')).status).toBe(200);
    const history = await api<{ message: string }[]>(server.url, `/api/notebook/${noteId}/revision`);
    expect(history.body.body?.map((r) => r.message)).toEqual(['three', 'two', 'one']);
    await server.close();
  });

  test('a lock held by a running git process is left alone; once that git is gone, checkpoints work again', async () => {
    const server = await startTestServer();
    try {
      const noteId = await editedNote(server, '%md held');
      // A git commit waiting for its editor holds index.lock for as long as the editor runs.
      const git = spawn('git', ['commit', '-a', '--allow-empty'], {
        cwd: server.notebookDir, detached: true, stdio: 'ignore', env: { ...process.env, GIT_EDITOR: 'sleep 60 #', GIT_DIR: join(server.notebookDir, '.git') },
      });
      const lock = join(server.notebookDir, '.git', 'index.lock');
      try {
        await until(() => existsSync(lock), 10000, 'the running git to take index.lock');
        const refused = await checkpoint(server, noteId, 'while held');
        expect(refused.status).toBe(409);
        expect(refused.body.message).toContain('Another git process');
        expect(refused.body.message).toMatch(new RegExp(`by git process [0-9, ]*\\b${git.pid}\\b`));
        expect(existsSync(lock)).toBe(true);
      } finally {
        process.kill(-(git.pid as number), 'SIGKILL');
      }
      await until(() => git.exitCode !== null || git.signalCode !== null, 10000, 'git to end');
      const after = await checkpoint(server, noteId, 'after');
      // On a refusal, its message names what still held the lock.
      expect({ status: after.status, refusal: after.status === 200 ? undefined : after.body.message }).toEqual({ status: 200, refusal: undefined });
    } finally {
      await server.close();
    }
  });
});
