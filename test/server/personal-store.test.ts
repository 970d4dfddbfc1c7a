/** @jest-environment node */
/** The per-user store of personalized mode (server/personal/store.ts), without a server. */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Note, Paragraph } from '../../protocol';
import type { Notebook, NoteEntry, NotebookEvent } from '../../server/notes/notebook';
import { PERSONAL_DIR, PersonalStore, personalOwner } from '../../server/personal/store';
import { tempDir } from './helpers/harness';

function paragraph(id: string, extra: Partial<Paragraph> = {}): Paragraph {
  return {
    text: '%md Hi ${name=world}', user: 'owner', dateUpdated: '2026-01-01 00:00:00.000', progress: 0, config: { colWidth: 12 },
    settings: { params: { name: 'base' }, forms: {} }, apps: [], runtimeInfos: {}, progressUpdateIntervalMs: 500, jobName: id, id,
    dateCreated: '2026-01-01 00:00:00.000', status: 'FINISHED', results: { code: 'SUCCESS', msg: [{ type: 'HTML', data: 'base result' }] },
    ...extra,
  } as Paragraph;
}

/** Just the part of Notebook the store uses: lookups and change events. */
function fakeNotebook(entries: NoteEntry[]): { notebook: Notebook; emit: (e: NotebookEvent) => void; entries: Map<string, NoteEntry> } {
  const map = new Map(entries.map((e) => [e.id, e]));
  const listeners: ((e: NotebookEvent) => void)[] = [];
  const notebook = {
    get: (id: string) => map.get(id),
    onChange: (l: (e: NotebookEvent) => void) => {
      listeners.push(l);
      return () => undefined;
    },
  } as unknown as Notebook;
  return { notebook, entries: map, emit: (e) => listeners.forEach((l) => l(e)) };
}

const NOTE_ID = '2ABCDEFGH';

describe('PersonalStore', () => {
  let dir: string;
  let entry: NoteEntry;
  let fake: ReturnType<typeof fakeNotebook>;
  let store: PersonalStore;

  beforeEach(() => {
    dir = tempDir('zpl-pstore-');
    const note: Note = { paragraphs: [paragraph('p1'), paragraph('p2')], name: 'n', id: NOTE_ID, config: { personalizedMode: 'true' }, info: {}, noteParams: { city: 'Rome' } } as Note;
    entry = { id: NOTE_ID, path: '/n', note };
    fake = fakeNotebook([entry]);
    store = new PersonalStore(dir, fake.notebook);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('a user without a copy sees the shared base, with the status starting over', () => {
    const view = store.viewParagraph(entry, entry.note.paragraphs[0], 'ann');
    expect(view.results?.msg?.[0].data).toBe('base result');
    expect(view.settings?.params).toEqual({ name: 'base' });
    expect(view.status).toBe('READY');
    expect(store.users(NOTE_ID)).toEqual([]);
  });

  test('params and run state of one user never show in another user\'s view or in the note', () => {
    const copy = store.setParams(entry, 'ann', 'p1', { name: 'ann-value' });
    expect(copy && personalOwner(copy)).toEqual({ noteId: NOTE_ID, user: 'ann' });
    const target = store.runTarget(entry, entry.note.paragraphs[0], 'ann');
    expect(target).toBe(copy);
    target.results = { code: 'SUCCESS', msg: [{ type: 'TEXT', data: 'ann result' }] };
    target.status = 'FINISHED';

    expect(store.viewParagraph(entry, entry.note.paragraphs[0], 'ann').results?.msg?.[0].data).toBe('ann result');
    const bob = store.view(entry, 'bob');
    expect(JSON.stringify(bob)).not.toContain('ann');
    expect(JSON.stringify(entry.note)).not.toContain('ann');
    expect(personalOwner(entry.note.paragraphs[0])).toBeUndefined();
  });

  test('text and config stay shared: a run target takes the master\'s current ones', () => {
    const copy = store.runTarget(entry, entry.note.paragraphs[0], 'ann');
    entry.note.paragraphs[0].text = '%md changed';
    entry.note.paragraphs[0].config = { colWidth: 6 };
    expect(store.viewParagraph(entry, entry.note.paragraphs[0], 'ann').text).toBe('%md changed');
    const again = store.runTarget(entry, entry.note.paragraphs[0], 'ann');
    expect(again).toBe(copy);
    expect(again.text).toBe('%md changed');
    expect(again.config).toEqual({ colWidth: 6 });
    // A copy is already a target: running it again does not copy it twice.
    expect(store.runTarget(entry, again, 'ann')).toBe(again);
  });

  test('a shared note runs its own paragraph', () => {
    entry.note.config = { personalizedMode: 'false' };
    expect(store.runTarget(entry, entry.note.paragraphs[0], 'ann')).toBe(entry.note.paragraphs[0]);
  });

  test('note-form values are per user, the shared ones until set', () => {
    store.setNoteParams(entry, 'ann', { city: 'Oslo', size: 'L' });
    expect(store.noteParams(entry, 'ann')).toEqual({ city: 'Oslo', size: 'L' });
    expect(store.noteParams(entry, 'bob')).toEqual({ city: 'Rome' });
    store.removeNoteParam(entry, 'size');
    expect(store.noteParams(entry, 'ann')).toEqual({ city: 'Oslo' });
    expect(store.view(entry, 'ann').noteParams).toEqual({ city: 'Oslo' });
  });

  test('saved copies load in a new store: run state only, stale runs end ABORT, deleted paragraphs dropped', async () => {
    const copy = store.runTarget(entry, entry.note.paragraphs[0], 'ann');
    copy.status = 'RUNNING';
    copy.results = { code: 'SUCCESS', msg: [{ type: 'TEXT', data: 'partial' }] };
    store.runTarget(entry, entry.note.paragraphs[1], 'ann');
    store.setNoteParams(entry, 'ann', { city: 'Oslo' });
    entry.note.paragraphs.splice(1, 1);
    await Promise.all([store.save(NOTE_ID), store.save(NOTE_ID)]);

    const file = join(dir, PERSONAL_DIR, `${NOTE_ID}.json`);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { users: Record<string, { paragraphs: Record<string, Record<string, unknown>> }> };
    expect(Object.keys(stored.users.ann.paragraphs)).toEqual(['p1']);
    expect(stored.users.ann.paragraphs.p1.text).toBeUndefined();
    expect(readFileSync(join(dir, PERSONAL_DIR, '.gitignore'), 'utf8')).toBe('*\n');

    const reloaded = new PersonalStore(dir, fake.notebook);
    const view = reloaded.viewParagraph(entry, entry.note.paragraphs[0], 'ann');
    expect(view.status).toBe('ABORT');
    expect(view.results?.msg?.[0].data).toBe('partial');
    expect(view.text).toBe(entry.note.paragraphs[0].text);
    expect(reloaded.noteParams(entry, 'ann')).toEqual({ city: 'Oslo' });
  });

  test('discard forgets every copy and removes the file; so does deleting the note', async () => {
    store.setParams(entry, 'ann', 'p1', { name: 'x' });
    await store.save(NOTE_ID);
    const file = join(dir, PERSONAL_DIR, `${NOTE_ID}.json`);
    expect(existsSync(file)).toBe(true);
    store.discard(NOTE_ID);
    expect(existsSync(file)).toBe(false);
    expect(store.viewParagraph(entry, entry.note.paragraphs[0], 'ann').settings?.params).toEqual({ name: 'base' });

    store.setParams(entry, 'ann', 'p1', { name: 'y' });
    await store.save(NOTE_ID);
    fake.entries.delete(NOTE_ID);
    fake.emit({ kind: 'removed', id: NOTE_ID });
    expect(existsSync(file)).toBe(false);
  });

  test('an unreadable file starts empty instead of failing the note', () => {
    mkdirSync(join(dir, PERSONAL_DIR), { recursive: true });
    writeFileSync(join(dir, PERSONAL_DIR, `${NOTE_ID}.json`), '{ not json');
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fresh = new PersonalStore(dir, fake.notebook);
    expect(fresh.users(NOTE_ID)).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('cannot be read'));
    warn.mockRestore();
  });

  test('unknown paragraphs have no copy', () => {
    expect(store.copyFor(entry, 'ann', 'nope')).toBeUndefined();
    expect(store.setParams(entry, 'ann', 'nope', {})).toBeUndefined();
  });
});
