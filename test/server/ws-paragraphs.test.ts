/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import DiffMatchPatch from 'diff-match-patch';
import type { Note, Paragraph } from '../../protocol';
import { until } from './helpers/exec';
import { Client, startTestServer, type TestServer } from './helpers/harness';

const readNote = (server: TestServer, file: string): Note => JSON.parse(readFileSync(join(server.notebookDir, file), 'utf8')) as Note;

describe('websocket: paragraph editing (PROTOCOL 2.2)', () => {
  let server: TestServer;
  let a: Client;
  let b: Client;
  let noteId: string;
  let file: string;
  let first: Paragraph;

  beforeEach(async () => {
    server = await startTestServer();
    a = await Client.open(server.wsUrl, server.origin);
    b = await Client.open(server.wsUrl, server.origin);
    const created = await a.request('NEW_NOTE', { name: '/edit me', defaultInterpreterGroup: 'python' }, 'NEW_NOTE');
    noteId = created.data.note.id;
    file = `edit me_${noteId}.zpln`;
    first = created.data.note.paragraphs[0];
    await b.request('GET_NOTE', { id: noteId }, 'NOTE');
  });
  afterEach(async () => {
    await Promise.all([a.close(), b.close()]);
    await server.close();
  });

  test('COMMIT_PARAGRAPH saves (journal first, the note file within the write delay), then sends SAVE_NOTE_FORMS and PARAGRAPH (with the msgId) to the whole room', async () => {
    const bFrom = b.mark();
    const aFrom = a.mark();
    const msgId = a.send('COMMIT_PARAGRAPH', { id: first.id, noteId, title: 'T', paragraph: '%md\n# hi', params: { x: '1' }, config: { colWidth: 6, title: true } });
    const seen = await b.next('PARAGRAPH', bFrom);
    expect(b.opsSince(bFrom)).toEqual(['SAVE_NOTE_FORMS', 'PARAGRAPH']);
    expect(seen.msgId).toBe(msgId);
    expect(seen.data.paragraph).toMatchObject({ id: first.id, title: 'T', text: '%md\n# hi', config: { colWidth: 6, title: true }, settings: { params: { x: '1' } } });
    const own = await a.next('PARAGRAPH', aFrom);
    expect(own.msgId).toBe(msgId);
    await until(() => readNote(server, file).paragraphs[0].title === 'T', 10000, 'the edit in the note file');
    const stored = readNote(server, file).paragraphs[0];
    expect(stored).toMatchObject({ title: 'T', text: '%md\n# hi' });
    expect(Object.keys(stored).indexOf('title')).toBe(0);
    expect(stored.dateUpdated).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
    expect(readFileSync(join(server.notebookDir, file), 'utf8')).toContain('"colWidth": 6.0');
  });

  test('COMMIT_PARAGRAPH for an unknown paragraph or with a non-object config changes nothing', async () => {
    const before = readFileSync(join(server.notebookDir, file), 'utf8');
    const err = await a.request('COMMIT_PARAGRAPH', { id: 'paragraph_0_0', paragraph: 'x', params: {}, config: {} }, 'ERROR_INFO');
    expect(err.data.info).toContain('HTTP 404 Not Found');
    const bad = await a.request('COMMIT_PARAGRAPH', { id: first.id, paragraph: 'x', params: {}, config: null as unknown as Record<string, never> }, 'ERROR_INFO');
    expect(bad.data.info).toContain('config is missing');
    await a.sync();
    expect(readFileSync(join(server.notebookDir, file), 'utf8')).toBe(before);
  });

  test('INSERT_PARAGRAPH inherits the magic above and echoes the msgId on PARAGRAPH_ADDED', async () => {
    await a.request('COMMIT_PARAGRAPH', { id: first.id, paragraph: '%python\nprint(1)', params: {}, config: {} }, 'PARAGRAPH');
    const bFrom = b.mark();
    const msgId = a.send('INSERT_PARAGRAPH', { index: 1, config: { colWidth: 4 } });
    const added = await b.next('PARAGRAPH_ADDED', bFrom);
    expect(added.msgId).toBe(msgId);
    expect(added.data.index).toBe(1);
    expect(added.data.paragraph.text).toBe('%python\n');
    expect(added.data.paragraph.config).toEqual({ colWidth: 4 });
    expect(added.data.paragraph.id).toMatch(/^paragraph_\d+_\d+$/);
    const atZero = await a.request('INSERT_PARAGRAPH', { index: '0' as unknown as number }, 'PARAGRAPH_ADDED');
    expect(atZero.data.index).toBe(0);
    const err = await a.request('INSERT_PARAGRAPH', { index: 99 }, 'ERROR_INFO');
    expect(err.data.info).toContain('HTTP 400 Bad Request');
    expect(readNote(server, file).paragraphs).toHaveLength(3);
  });

  test('an unknown magic is not inherited', async () => {
    await a.request('COMMIT_PARAGRAPH', { id: first.id, paragraph: '%nosuch\nx', params: {}, config: {} }, 'PARAGRAPH');
    const added = await a.request('INSERT_PARAGRAPH', { index: 1 }, 'PARAGRAPH_ADDED');
    expect(added.data.paragraph.text).toBeUndefined();
  });

  test('COPY_PARAGRAPH = insert + commit, both carrying the msgId', async () => {
    const from = b.mark();
    const msgId = a.send('COPY_PARAGRAPH', { index: 1, title: 'copy', paragraph: '%sh\necho hi', config: { colWidth: 3 }, params: {} });
    const para = await b.next('PARAGRAPH', from);
    expect(b.opsSince(from)).toEqual(['PARAGRAPH_ADDED', 'SAVE_NOTE_FORMS', 'PARAGRAPH']);
    expect(b.frames.slice(from).filter((f) => f.op !== 'SAVE_NOTE_FORMS').every((f) => f.msgId === msgId)).toBe(true);
    expect(para.data.paragraph).toMatchObject({ title: 'copy', text: '%sh\necho hi', config: { colWidth: 3 } });
  });

  test('MOVE_PARAGRAPH and PARAGRAPH_REMOVE broadcast to the room', async () => {
    const second = await a.request('INSERT_PARAGRAPH', { index: 1 }, 'PARAGRAPH_ADDED');
    const pid = second.data.paragraph.id;
    let from = b.mark();
    a.send('MOVE_PARAGRAPH', { id: pid, index: 0 });
    expect((await b.next('PARAGRAPH_MOVED', from)).data).toEqual({ id: pid, index: 0 });
    expect(readNote(server, file).paragraphs[0].id).toBe(pid);
    const err = await a.request('MOVE_PARAGRAPH', { id: pid, index: 2 }, 'ERROR_INFO');
    expect(err.data.info).toContain('HTTP 400 Bad Request');
    from = b.mark();
    a.send('PARAGRAPH_REMOVE', { id: pid });
    expect((await b.next('PARAGRAPH_REMOVED', from)).data).toEqual({ id: pid });
    expect(readNote(server, file).paragraphs.map((p) => p.id)).toEqual([first.id]);
  });

  test('PARAGRAPH_CLEAR_OUTPUT and PARAGRAPH_CLEAR_ALL_OUTPUT', async () => {
    const note = await a.request('IMPORT_NOTE', { note: { name: '/with output', paragraphs: [{ id: 'p1', text: '%md x', results: { code: 'SUCCESS', msg: [{ type: 'HTML', data: '<p>x</p>' }] } }, { id: 'p2', text: '%md y', results: { code: 'SUCCESS', msg: [] } }] } }, 'IMPORT_NOTE');
    const id = note.data.note.id;
    await a.request('GET_NOTE', { id }, 'NOTE');
    const cleared = await a.request('PARAGRAPH_CLEAR_OUTPUT', { id: 'p1' }, 'PARAGRAPH');
    expect(cleared.data.paragraph.results).toBeUndefined();
    const all = await a.request('PARAGRAPH_CLEAR_ALL_OUTPUT', { id }, 'NOTE');
    expect(all.data.note?.paragraphs.every((p) => p.results === undefined)).toBe(true);
    const stored = JSON.parse(readFileSync(join(server.notebookDir, `with output_${id}.zpln`), 'utf8')) as Note;
    expect(stored.paragraphs.every((p) => p.results === undefined)).toBe(true);
  });

  test('PATCH_PARAGRAPH applies the patch and relays the identical text to the room but the sender', async () => {
    await a.request('COMMIT_PARAGRAPH', { id: first.id, paragraph: 'for i in range(3): print(i*i)', params: {}, config: {} }, 'PARAGRAPH');
    const dmp = new DiffMatchPatch();
    const patch = dmp.patch_toText(dmp.patch_make('for i in range(3): print(i*i)', 'for i in range(3): print(i*i*i)'));
    const bFrom = b.mark();
    const aFrom = a.mark();
    a.send('PATCH_PARAGRAPH', { id: first.id, noteId, patch });
    const relayed = await b.next('PATCH_PARAGRAPH', bFrom);
    expect(relayed.data).toEqual({ paragraphId: first.id, patch, user: 'anonymous' });
    expect(relayed.msgId).toBeUndefined();
    await a.sync();
    expect(a.opsSince(aFrom)).not.toContain('PATCH_PARAGRAPH');
    const reread = await b.request('GET_NOTE', { id: noteId }, 'NOTE');
    expect(reread.data.note?.paragraphs[0].text).toBe('for i in range(3): print(i*i*i)');
    const bad = await a.request('PATCH_PARAGRAPH', { id: first.id, noteId, patch: '@@ nonsense' }, 'ERROR_INFO');
    expect(bad.data.info).toContain('Invalid patch');
  });

  test('COLLABORATIVE_MODE_STATUS follows joins and leaves', async () => {
    const from = a.mark();
    await b.close();
    const status = await a.next('COLLABORATIVE_MODE_STATUS', from);
    expect(status.data).toEqual({ status: false });
  });

  test('EDITOR_SETTING derives the language from the magic', async () => {
    const cases: [string, { language: string; editOnDblClick: boolean }][] = [
      ['%md\n# x', { language: 'markdown', editOnDblClick: true }],
      ['%python\n1', { language: 'python', editOnDblClick: false }],
      ['%sql\nselect 1', { language: 'sql', editOnDblClick: false }],
      ['%sh\nls', { language: 'sh', editOnDblClick: false }],
      ['%js\n1', { language: 'javascript', editOnDblClick: false }],
      ['%javascript\n1', { language: 'javascript', editOnDblClick: false }],
      ['%spark.pyspark\n1', { language: 'python', editOnDblClick: false }],
      ['%whatever\n1', { language: 'text', editOnDblClick: false }],
      ['1 + 1', { language: 'python', editOnDblClick: false }],
    ];
    for (const [text, expected] of cases) {
      const reply = await a.request('EDITOR_SETTING', { paragraphId: first.id, paragraphText: text }, 'EDITOR_SETTING');
      expect(reply.data.paragraphId).toBe(first.id);
      expect(reply.data.editor).toMatchObject(expected);
    }
  });

  test('SAVE_NOTE_FORMS and REMOVE_NOTE_FORMS (PROTOCOL 2.8)', async () => {
    const from = b.mark();
    a.send('SAVE_NOTE_FORMS', { noteId, noteParams: { region: 'EU' } });
    const saved = await b.next('SAVE_NOTE_FORMS', from);
    expect(saved.data.formsData).toEqual({ forms: {}, params: { region: 'EU' } });
    expect(readNote(server, file).noteParams).toEqual({ region: 'EU' });
    const removed = await a.request('REMOVE_NOTE_FORMS', { noteId, formName: 'region' }, 'SAVE_NOTE_FORMS');
    expect(removed.data.formsData.params).toEqual({});
  });
});
