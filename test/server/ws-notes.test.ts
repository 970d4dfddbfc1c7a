/** @jest-environment node */
import { existsSync, readdirSync, readFileSync, writeFileSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Note } from '../../protocol';
import { Client, NOTE_FIXTURES, startTestServer, type TestServer } from './helpers/harness';

const WS_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{4}$/;

describe('websocket: notes, folders and trash (PROTOCOL 2.1)', () => {
  let server: TestServer;
  let a: Client;
  let b: Client;

  beforeEach(async () => {
    // Cron off: this suite checks Zeppelin's own default ("Wrong configs"); cron-on is covered by cron*.test.ts.
    server = await startTestServer({ fixtures: true, settings: { 'zeppelin.notebook.cron.enable': 'false' } });
    a = await Client.open(server.wsUrl, server.origin);
    b = await Client.open(server.wsUrl, server.origin);
    await a.sync();
    await b.sync();
  });
  afterEach(async () => {
    await Promise.all([a.close(), b.close()]);
    await server.close();
  });

  const paths = (f: { data: { notes: { path: string }[] } }): string[] => f.data.notes.map((n) => n.path);

  test('LIST_NOTES returns a flat list sorted by path', async () => {
    const info = await a.request('LIST_NOTES', {}, 'NOTES_INFO');
    expect(paths(info)).toEqual([...paths(info)].sort());
    expect(info.data.notes).toContainEqual({ id: '2EYDJKFFY', path: '/1. IPython Basic' });
    expect(info.data.notes).toHaveLength(5);
  });

  test('GET_NOTE: room join (collaborative status first), websocket dates and path, no msgId', async () => {
    const from = a.mark();
    a.send('GET_NOTE', { id: '2EYDJKFFY' });
    const note = await a.next('NOTE', from);
    expect(a.opsSince(from).slice(0, 2)).toEqual(['COLLABORATIVE_MODE_STATUS', 'NOTE']);
    expect(note.msgId).toBeUndefined();
    const n = note.data.note as Note;
    expect(n.path).toBe('/1. IPython Basic');
    expect(n.paragraphs[0].dateUpdated).toMatch(WS_DATE);
    expect(n.paragraphs[0].id).toBe('20180118-105449_1130638270');
    const raw = JSON.parse(a.raw[a.raw.length - 1]) as Record<string, unknown>;
    expect(raw).toMatchObject({ ticket: 'anonymous', principal: 'anonymous', roles: '' });

    const bFrom = b.mark();
    b.send('GET_NOTE', { id: '2EYDJKFFY' });
    const status = await a.next('COLLABORATIVE_MODE_STATUS', a.mark(), (f) => f.data.status);
    expect(status.data).toEqual({ status: true, users: ['anonymous'] });
    await b.next('NOTE', bFrom);
  });

  test('GET_NOTE of an unknown id gives ERROR_INFO and keeps the connection usable', async () => {
    const err = await a.request('GET_NOTE', { id: 'NOPE12345' }, 'ERROR_INFO');
    expect(err.data.info).toContain('HTTP 404 Not Found');
    expect(err.data.info).toContain('NOPE12345');
    await a.sync();
  });

  test('NEW_NOTE creates a note with one empty paragraph, replies to the sender and tells all users', async () => {
    const bFrom = b.mark();
    const created = await a.request('NEW_NOTE', { name: 'dir/fresh', defaultInterpreterGroup: 'md' }, 'NEW_NOTE');
    const note = created.data.note;
    expect(note.path).toBe('/dir/fresh');
    expect(note.name).toBe('fresh');
    expect(note.id).toMatch(/^[1-9A-HJKMNP-Z]{9}$/);
    expect(note.defaultInterpreterGroup).toBe('md');
    expect(note.paragraphs).toHaveLength(1);
    expect(note.paragraphs[0].text).toBeUndefined();
    const info = await b.next('NOTES_INFO', bFrom, (f) => f.data.notes.some((n) => n.id === note.id));
    expect(paths(info)).toContain('/dir/fresh');
    expect(existsSync(join(server.notebookDir, 'dir', `fresh_${note.id}.zpln`))).toBe(true);
    // The sender is now in the new note's room.
    const p = note.paragraphs[0];
    const bc = await a.request('COMMIT_PARAGRAPH', { id: p.id, paragraph: 'hi', params: {}, config: {} }, 'PARAGRAPH');
    expect(bc.data.paragraph.text).toBe('hi');
  });

  test('NEW_NOTE on an existing path sends the two Zeppelin errors and writes nothing', async () => {
    const before = readdirSync(server.notebookDir).sort();
    const from = a.mark();
    a.send('NEW_NOTE', { name: '/1. IPython Basic' });
    await a.waitFor((f) => f.op === 'ERROR_INFO' && String(f.data.info).startsWith('Failed to create note.'), from);
    const errors = a.frames.slice(from).filter((f) => f.op === 'ERROR_INFO').map((f) => f.data.info);
    expect(errors).toEqual(["Note '/1. IPython Basic' existed", "Failed to create note.\nNotePathAlreadyExistsException: Note '/1. IPython Basic' existed"]);
    expect(readdirSync(server.notebookDir).sort()).toEqual(before);
  });

  test('NEW_NOTE with a blank name makes /Untitled Note; bad paths are refused', async () => {
    const created = await a.request('NEW_NOTE', { name: '  ' }, 'NEW_NOTE');
    expect(created.data.note.path).toBe('/Untitled Note');
    const err = await a.request('NEW_NOTE', { name: 'x/' }, 'ERROR_INFO');
    expect(err.data.info).toBe("Note name shouldn't end with '/'");
  });

  test('CLONE_NOTE copies the open note, keeps paragraph ids and opens the clone', async () => {
    await a.request('GET_NOTE', { id: '2EYDJKFFY' }, 'NOTE');
    const clone = await a.request('CLONE_NOTE', { id: 'ignored', name: '' }, 'NEW_NOTE');
    expect(clone.data.note.path).toBe('/Cloned Note_2EYDJKFFY');
    const src = JSON.parse(readFileSync(join(NOTE_FIXTURES, '1. IPython Basic_2EYDJKFFY.zpln'), 'utf8')) as Note;
    expect(clone.data.note.paragraphs.map((p) => p.id)).toEqual(src.paragraphs.map((p) => p.id));
    expect(clone.data.note.paragraphs[0].jobName).not.toBe(src.paragraphs[0].jobName);
    const named = await a.request('CLONE_NOTE', { name: '/copies/two' }, 'NEW_NOTE');
    // The first clone was opened, so the second clone's source is the clone.
    expect(named.data.note.path).toBe('/copies/two');
  });

  test('CLONE_NOTE with no open note is an error', async () => {
    const err = await a.request('CLONE_NOTE', { name: 'x' }, 'ERROR_INFO');
    expect(err.data.info).toMatch(/^Fail to clone note, cause:/);
  });

  test('NOTE_RENAME: absolute and relative, with the room refreshed; clashes refresh and report', async () => {
    await a.request('GET_NOTE', { id: '2EYDJKFFY' }, 'NOTE');
    await b.request('GET_NOTE', { id: '2EYDJKFFY' }, 'NOTE');
    const bFrom = b.mark();
    a.send('NOTE_RENAME', { id: '2EYDJKFFY', name: '/tutorial/ipython' });
    const renamed = await b.next('NOTE', bFrom);
    expect(renamed.data.note?.path).toBe('/tutorial/ipython');
    await b.next('NOTES_INFO', bFrom);
    const rel = await a.request('NOTE_RENAME', { id: '2EYDJKFFY', name: 'basics', relative: true }, 'NOTE');
    expect(rel.data.note?.path).toBe('/tutorial/basics');
    expect(readdirSync(join(server.notebookDir, 'tutorial'))).toEqual(['basics_2EYDJKFFY.zpln']);

    const from = a.mark();
    a.send('NOTE_RENAME', { id: '2EYDJKFFY', name: '/1. Flink Basics' });
    await a.next('ERROR_INFO', from);
    const unchanged = await a.next('NOTE', from);
    expect(unchanged.data.note?.path).toBe('/tutorial/basics');
  });

  test('NOTE_RENAME with a non-boolean relative flag is refused by validation', async () => {
    const err = await a.request('NOTE_RENAME', { id: '2EYDJKFFY', name: 'x', relative: 'yes' as unknown as boolean }, 'ERROR_INFO');
    expect(err.data.info).toContain('relative must be a boolean');
  });

  test('NOTE_UPDATE replaces the config and broadcasts NOTE_UPDATED to the room', async () => {
    await a.request('GET_NOTE', { id: '2A94M5J1Z' }, 'NOTE');
    await b.request('GET_NOTE', { id: '2A94M5J1Z' }, 'NOTE');
    const bFrom = b.mark();
    a.send('NOTE_UPDATE', { id: '2A94M5J1Z', name: '2. Spark Basic Features', config: { looknfeel: 'report' } });
    const upd = await b.next('NOTE_UPDATED', bFrom);
    expect(upd.data).toEqual({ name: '2. Spark Basic Features', config: { looknfeel: 'report', isZeppelinNotebookCronEnable: false }, info: { isRunning: false } });
    const wrong = await a.request('NOTE_UPDATE', { id: '2A94M5J1Z', name: '2. Spark Basic Features', config: { cron: '0 * * * * ?' } }, 'ERROR_INFO');
    expect(wrong.data.info).toBe('Wrong configs');
    await a.sync();
    const file = JSON.parse(readFileSync(join(server.notebookDir, '2. Spark Basic Features_2A94M5J1Z.zpln'), 'utf8')) as Note;
    expect(file.config).toEqual({ looknfeel: 'report', isZeppelinNotebookCronEnable: false });
  });

  test('trash round trip for notes and folders, EMPTY_TRASH and DEL_NOTE', async () => {
    const made = await a.request('NEW_NOTE', { name: '/proj/one' }, 'NEW_NOTE');
    await a.request('NEW_NOTE', { name: '/proj/sub/two' }, 'NEW_NOTE');
    const id = made.data.note.id;
    const trashed = await a.request('MOVE_NOTE_TO_TRASH', { id }, 'NOTES_INFO', (f) => paths(f).includes('/~Trash/proj/one'));
    expect(paths(trashed)).toContain('/~Trash/proj/one');
    await a.request('RESTORE_NOTE', { id }, 'NOTES_INFO', (f) => paths(f).includes('/proj/one'));
    await a.request('MOVE_FOLDER_TO_TRASH', { id: 'proj' }, 'NOTES_INFO', (f) => paths(f).includes('/~Trash/proj/sub/two'));
    await a.request('RESTORE_FOLDER', { id: '~Trash/proj' }, 'NOTES_INFO', (f) => paths(f).includes('/proj/sub/two'));
    await a.request('MOVE_FOLDER_TO_TRASH', { id: 'proj' }, 'NOTES_INFO', (f) => paths(f).includes('/~Trash/proj/one'));
    await a.request('RESTORE_ALL', {}, 'NOTES_INFO', (f) => paths(f).includes('/proj/one') && paths(f).includes('/proj/sub/two'));
    await a.request('MOVE_NOTE_TO_TRASH', { id }, 'NOTES_INFO', (f) => paths(f).includes('/~Trash/proj/one'));
    const emptied = await a.request('EMPTY_TRASH', {}, 'NOTES_INFO', (f) => !paths(f).includes('/~Trash/proj/one'));
    expect(paths(emptied).some((p) => p.startsWith('/~Trash'))).toBe(false);
    const err = await a.request('RESTORE_NOTE', { id: '2EYDJKFFY' }, 'ERROR_INFO');
    expect(err.data.info).toContain('not in the trash');
    await a.request('DEL_NOTE', { id: '2EYDJKFFY' }, 'NOTES_INFO', (f) => !f.data.notes.some((n) => n.id === '2EYDJKFFY'));
    expect(existsSync(join(server.notebookDir, '1. IPython Basic_2EYDJKFFY.zpln'))).toBe(false);
    const missing = await a.request('DEL_NOTE', { id: '2EYDJKFFY' }, 'ERROR_INFO');
    expect(missing.data.info).toContain('HTTP 404 Not Found');
  });

  test('FOLDER_RENAME moves every note of the folder, REMOVE_FOLDER deletes them', async () => {
    await a.request('NEW_NOTE', { name: '/f/x' }, 'NEW_NOTE');
    await a.request('NEW_NOTE', { name: '/f/y/z' }, 'NEW_NOTE');
    const moved = await a.request('FOLDER_RENAME', { id: 'f', name: '/g' }, 'NOTES_INFO', (f) => paths(f).includes('/g/y/z'));
    expect(paths(moved).filter((p) => p.startsWith('/g/'))).toEqual(['/g/x', '/g/y/z']);
    const removed = await a.request('REMOVE_FOLDER', { id: 'g' }, 'NOTES_INFO', (f) => !paths(f).includes('/g/x'));
    expect(paths(removed).some((p) => p.startsWith('/g'))).toBe(false);
    expect(existsSync(join(server.notebookDir, 'g'))).toBe(false);
  });

  test('RELOAD_NOTES_FROM_REPO picks up notes copied in by hand; RELOAD_NOTE re-reads one file', async () => {
    copyFileSync(join(NOTE_FIXTURES, '1. IPython Basic_2EYDJKFFY.zpln'), join(server.notebookDir, 'hand copy_2HANDCPY1.zpln'));
    const info = await a.request('RELOAD_NOTES_FROM_REPO', {}, 'NOTES_INFO', (f) => paths(f).includes('/hand copy'));
    expect(info.data.notes).toContainEqual({ id: '2HANDCPY1', path: '/hand copy' });
    const file = join(server.notebookDir, 'hand copy_2HANDCPY1.zpln');
    const edited = JSON.parse(readFileSync(file, 'utf8')) as Note;
    edited.paragraphs = edited.paragraphs.slice(0, 1);
    writeFileSync(file, JSON.stringify(edited));
    const reloaded = await a.request('RELOAD_NOTE', { id: '2HANDCPY1' }, 'NOTE');
    expect(reloaded.data.note?.paragraphs).toHaveLength(1);
  });

  test('UPDATE_PERSONALIZED_MODE stores the string flag and refreshes the room', async () => {
    await a.request('GET_NOTE', { id: '2EYDJKFFY' }, 'NOTE');
    const note = await a.request('UPDATE_PERSONALIZED_MODE', { id: '2EYDJKFFY', personalized: 'true' }, 'NOTE');
    expect(note.data.note?.config?.personalizedMode).toBe('true');
    const err = await a.request('UPDATE_PERSONALIZED_MODE', { id: '2EYDJKFFY', personalized: 'maybe' as 'true' }, 'ERROR_INFO');
    expect(err.data.info).toContain('personalized');
  });

  test('GET_HOME_NOTE without a home note answers NOTE without a note and leaves the room', async () => {
    await a.request('GET_NOTE', { id: '2EYDJKFFY' }, 'NOTE');
    const home = await a.request('GET_HOME_NOTE', {}, 'NOTE');
    expect(home.data).toEqual({});
  });
});

describe('websocket: home note', () => {
  test('GET_HOME_NOTE serves zeppelin.notebook.homescreen, hidden from NOTES_INFO when asked', async () => {
    const server = await startTestServer({ fixtures: true, settings: { 'zeppelin.notebook.homescreen': '2EYDJKFFY', 'zeppelin.notebook.homescreen.hide': 'true' } });
    const c = await Client.open(server.wsUrl, server.origin);
    try {
      const home = await c.request('GET_HOME_NOTE', {}, 'NOTE');
      expect(home.data.note?.id).toBe('2EYDJKFFY');
      const info = await c.request('LIST_NOTES', {}, 'NOTES_INFO');
      expect(info.data.notes.map((n) => n.id)).not.toContain('2EYDJKFFY');
    } finally {
      await c.close();
      await server.close();
    }
  });
});
