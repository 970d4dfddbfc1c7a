/** @jest-environment node */
/**
 * RELOAD_NOTES_FROM_REPO while other clients create and edit notes: the reload must be serialised with note
 * operations, never broadcast a list missing notes that exist, and keep notes created meanwhile.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NoteInfo } from '../../protocol';
import { newParagraph } from '../../server/notes/paragraphs';
import { serializeNote } from '../../server/storage/zpln';
import { until } from './helpers/exec';
import { Client, copyFixtures, startTestServer, tempDir, type Frame, type TestServer } from './helpers/harness';

jest.setTimeout(60000);

const RELOADERS = 4;
const RELOADS_EACH = 5;
const CREATES = 15;

/** Notes on disk before the server starts: the fixtures plus enough notes in folders to make a reload take a while. */
function seed(notebookDir: string): void {
  copyFixtures(notebookDir);
  for (let i = 0; i < 60; i++) {
    const id = `2SEED${String(i).padStart(4, '0')}`;
    const folder = join(notebookDir, `folder${i % 6}`);
    mkdirSync(folder, { recursive: true });
    const paragraphs = Array.from({ length: 20 }, (_, k) => ({ ...newParagraph('seed', `%md seed ${i} paragraph ${k}`), results: { code: 'SUCCESS' as const, msg: [{ type: 'TEXT' as const, data: 'x'.repeat(2000) }] } }));
    writeFileSync(join(folder, `seed${i}_${id}.zpln`), serializeNote({ id, name: `seed${i}`, paragraphs, config: {}, info: {} }));
  }
}

const notesOf = (f: Frame): NoteInfo[] => (f.data as { notes: NoteInfo[] }).notes;

describe('RELOAD_NOTES_FROM_REPO races nothing away', () => {
  let server: TestServer;

  beforeAll(async () => {
    const dir = tempDir();
    seed(join(dir, 'notebook'));
    server = await startTestServer({ notebookDir: join(dir, 'notebook'), settings: { 'zeppelin.notebook.storage': 'org.apache.zeppelin.notebook.repo.VFSNotebookRepo' } });
  });
  afterAll(() => server.close());

  test(`${RELOADERS} clients reloading ${RELOADS_EACH} times while another creates and edits ${CREATES} notes`, async () => {
    const creator = await Client.open(server.wsUrl, server.origin);
    const reloaders = await Promise.all(Array.from({ length: RELOADERS }, () => Client.open(server.wsUrl, server.origin)));
    const initial = (await creator.request('LIST_NOTES', {}, 'NOTES_INFO')).data.notes.map((n) => n.id).sort();
    expect(initial.length).toBe(65);
    for (const r of reloaders) await r.sync();

    const reloading = reloaders.map(async (r) => {
      for (let i = 0; i < RELOADS_EACH; i++) {
        const from = r.mark();
        r.send('RELOAD_NOTES_FROM_REPO', {});
        // Its own reload's broadcast comes last; others' may come first.
        await r.waitFor((f) => f.op === 'NOTES_INFO', from, 30000);
        await r.sync();
      }
    });
    const created: { id: string; pid: string; seenAt: number }[] = [];
    const creating = (async () => {
      for (let i = 0; i < CREATES; i++) {
        const note = (await creator.request('NEW_NOTE', { name: `/race/new ${i}` }, 'NEW_NOTE')).data.note;
        created.push({ id: note.id, pid: note.paragraphs[0].id, seenAt: creator.mark() });
        creator.send('COMMIT_PARAGRAPH', { id: note.paragraphs[0].id, noteId: note.id, paragraph: `%md edit ${i}`, params: {}, config: {} });
      }
      await creator.sync();
    })();
    await Promise.all([...reloading, creating]);

    const everyone = [creator, ...reloaders];
    for (const c of everyone) {
      expect(c.frames.filter((f) => f.op === 'ERROR_INFO').map((f) => f.data.info)).toEqual([]);
      // No list ever lacks a note that was on disk before the test.
      for (const f of c.frames.filter((x) => x.op === 'NOTES_INFO')) {
        const ids = new Set(notesOf(f).map((n) => n.id));
        expect(initial.filter((id) => !ids.has(id))).toEqual([]);
      }
    }
    // A note, once created, is in every list the creator receives afterwards.
    for (const c of created) {
      for (const f of creator.frames.slice(c.seenAt).filter((x) => x.op === 'NOTES_INFO')) {
        expect(notesOf(f).map((n) => n.id)).toContain(c.id);
      }
    }
    const final = (await creator.request('LIST_NOTES', {}, 'NOTES_INFO')).data.notes.map((n) => n.id);
    expect(final.length).toBe(initial.length + CREATES);
    // A confirmed edit is journaled at once; its note's file follows within the write delay, with no other request.
    for (const [i, c] of created.entries()) {
      const file = join(server.notebookDir, 'race', `new ${i}_${c.id}.zpln`);
      await until(() => readFileSync(file, 'utf8').includes(`%md edit ${i}`), 10000, `edit ${i} in its note file`);
    }
    await Promise.all(everyone.map((c) => c.close()));
  });
});
