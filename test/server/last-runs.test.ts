/** @jest-environment node */
/**
 * Each paragraph's last run (docs/protocol.md 4.2 `lastRun`) over a real socket: sent with PARAGRAPH and NOTE,
 * kept beside the note (never in its `.zpln`), still there after a restart, gone with the note.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Note, Paragraph } from '../../protocol';
import { Client, startTestServer, tempDir, type TestServer } from './helpers/harness';
import { newNote, run, until } from './helpers/exec';

jest.setTimeout(30000);

const zplnOf = (dir: string, noteId: string): string => {
  const f = readdirSync(dir).find((x) => x.endsWith(`_${noteId}.zpln`));
  return f ? readFileSync(join(dir, f), 'utf8') : '';
};

test('a run sends its text, form values and order; the file stays Zeppelin\'s; a restart keeps it; deleting the note removes it', async () => {
  const dir = tempDir();
  const notebookDir = join(dir, 'notebook');
  const confDir = join(dir, 'conf');
  let server: TestServer = await startTestServer({ notebookDir, confDir });
  let a = await Client.open(server.wsUrl, server.origin);
  const { noteId, pid } = await newNote(a, '/runs', 'md');
  const first = await run(a, pid, '%md\nhello ${who=world} $${region=EU,EU|US}');
  expect(first.final.status).toBe('FINISHED');
  expect(first.final.lastRun).toEqual({ text: '%md\nhello ${who=world} $${region=EU,EU|US}', seq: 1, noteParams: { region: 'EU' }, params: { who: 'world' } });
  // the RUNNING frame already carried the run's text
  const runningFrame = first.frames.find((f) => f.op === 'PARAGRAPH' && (f.data.paragraph as Paragraph).status === 'RUNNING');
  expect((runningFrame?.data.paragraph as Paragraph).lastRun?.text).toBe('%md\nhello ${who=world} $${region=EU,EU|US}');
  // password forms are named, so a support log can mask their values
  const secret = await run(a, pid, '%md\n${password:pw} $${password:notepw}', { params: { pw: 'p1' } });
  expect(secret.final.lastRun).toMatchObject({ params: { pw: 'p1' }, passwords: ['notepw', 'pw'] });
  const second = await run(a, pid, '%md\nbye');
  expect(second.final.lastRun).toMatchObject({ text: '%md\nbye', seq: 3 });
  // the note's password form is still there; the paragraph's went with its text
  expect(second.final.lastRun?.passwords).toEqual(['notepw']);
  await until(() => existsSync(join(notebookDir, '.runs', `${noteId}.json`)) && readFileSync(join(notebookDir, '.runs', `${noteId}.json`), 'utf8').includes('bye'));
  await until(() => zplnOf(notebookDir, noteId).includes('bye'));
  expect(zplnOf(notebookDir, noteId)).not.toContain('lastRun');
  expect(readFileSync(join(notebookDir, '.runs', '.gitignore'), 'utf8')).toBe('*\n');
  await a.close();
  await server.close();

  server = await startTestServer({ notebookDir, confDir });
  a = await Client.open(server.wsUrl, server.origin);
  const note = (await a.request('GET_NOTE', { id: noteId }, 'NOTE')).data.note as Note;
  expect(note.paragraphs[0].lastRun).toMatchObject({ text: '%md\nbye', seq: 3 });
  const third = await run(a, pid, '%md\nagain');
  expect(third.final.lastRun?.seq).toBe(4);
  await a.request('DEL_NOTE', { id: noteId }, 'NOTES_INFO');
  await until(() => !existsSync(join(notebookDir, '.runs', `${noteId}.json`)));
  await a.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});
