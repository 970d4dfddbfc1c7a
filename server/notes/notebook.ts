/**
 * The in-memory notebook: every note by id and by path, with the operations of PROTOCOL 2.1/5.2. Each operation
 * validates everything first and mutates only when it cannot fail any more, so a rejected request leaves notes
 * (and their files) untouched; when the disk refuses a write, the change is taken back in memory too. Persistence
 * is delegated to NoteRepo; callers await `save` before replying.
 *
 * Notes:
 * - Operations that add, move or remove notes, and reloads from disk, run one at a time (`exclusive`): a reload
 *   reads the folder while nothing moves in it, builds the new maps aside and swaps them in at once, so no list
 *   is ever sent from a half-built map and a note created while a reload waits is kept.
 */
import type { JsonObject, Note, NoteInfo, Paragraph } from '../../protocol';
import type { InterpreterRegistry } from '../interpreters/settings';
import { isVersioned, type RevisionStore } from '../revisions/types';
import type { JournalEntry } from '../storage/editJournal';
import type { NoteRepo, Snapshot, StoredNote, UnreadableNote } from '../storage/noteRepo';
import { serializeNote } from '../storage/zpln';
import { formatTrashSuffix } from '../util/dates';
import { noSuchNote, pathExists, storageFailure, ZeppelinError } from '../util/errors';
import { newNoteId } from '../util/ids';
import { NOTE_ORDER, setOrdered } from './fields';
import { importedParagraphs } from './importing';
import { checkStorablePath, isInFolder, nameOf, normalizeFolderPath, TRASH_PREFIX } from './paths';
import { newParagraph, setParagraphField, withNewJobName } from './paragraphs';

/** What a paragraph edit (COMMIT_PARAGRAPH) changes, and so what its journal record holds. */
const EDITED_FIELDS = ['title', 'text', 'dateUpdated', 'config', 'settings'] as const;

/** Replays journaled edits that a killed server confirmed but had not yet written into the note's file. */
function withEdits(note: Note, edits: JournalEntry[]): Note {
  for (const { paragraphId, fields } of edits) {
    // A paragraph removed after its edit: its removal was written at once, so the edit has nothing left to change.
    const p = note.paragraphs.find((x) => x.id === paragraphId);
    if (!p) continue;
    for (const key of EDITED_FIELDS) if (fields[key] !== undefined) setParagraphField(p, key, fields[key]);
  }
  return note;
}

/** The version this server's notes and `/api/version` claim: the Zeppelin protocol level it speaks. */
export const ZEPPELIN_VERSION = '0.13.0-SNAPSHOT';

/**
 * No run survives a restart (PROTOCOL 5.4 step 6): a stored PENDING or RUNNING paragraph becomes ABORT. A stored
 * `info.isRunning` stays in the file; clients see the live value (notes/wire.ts).
 */
function withoutStaleRuns(note: Note): Note {
  for (const p of note.paragraphs ?? []) if (p.status === 'PENDING' || p.status === 'RUNNING') p.status = 'ABORT';
  return note;
}

/**
 * A note read from disk is named after its file's path, whatever its `name` field says (Zeppelin 0.9+ derives the
 * name from the path), so a file renamed on disk shows one name everywhere. The file itself keeps its text until
 * the note is next saved.
 */
function namedByPath(note: Note, path: string): Note {
  note.name = nameOf(path);
  return note;
}

export interface NoteEntry {
  readonly id: string;
  path: string;
  note: Note;
}

export type NotebookEvent =
  | { kind: 'created' | 'removed' | 'moved' | 'changed'; id: string }
  | { kind: 'reloaded' };

export class Notebook {
  private entries = new Map<string, NoteEntry>();
  private ids = new Map<string, string>();
  private readonly listeners = new Set<(e: NotebookEvent) => void>();
  private tail: Promise<unknown> = Promise.resolve();
  /** Note files the last load skipped, for the admins (notebook-repositories page). */
  private skipped: UnreadableNote[] = [];
  /** While a reload reads the folder: notes changed in memory meanwhile, whose memory copy is newer than any file read. */
  private changedDuringReload: Set<string> | undefined;

  /**
   * `cronAllowed` decides `config.isZeppelinNotebookCronEnable`, which mirrors the server's cron settings for the
   * note's path (PROTOCOL 5.9): set at creation and rename, and refreshed in memory when notes are read, so a note
   * exported from a server without cron does not claim cron is off here. Without it the stored value is kept.
   */
  constructor(
    private readonly repo: NoteRepo,
    private readonly interpreters: InterpreterRegistry,
    private readonly cronAllowed?: (path: string) => boolean,
  ) {}

  private mirrorCron(entry: NoteEntry): void {
    if (!this.cronAllowed) return;
    const allowed = this.cronAllowed(entry.path);
    if (entry.note.config?.isZeppelinNotebookCronEnable === allowed) return;
    entry.note.config = { ...(entry.note.config ?? {}), isZeppelinNotebookCronEnable: allowed };
  }

  onChange(listener: (e: NotebookEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(e: NotebookEvent): void {
    if (e.kind !== 'reloaded') this.changedDuringReload?.add(e.id);
    for (const l of this.listeners) l(e);
  }

  /** One structural change (or reload) at a time, in call order; a failure does not block the next. */
  private exclusive<T>(job: () => Promise<T>): Promise<T> {
    const next = this.tail.then(job, job);
    this.tail = next.catch(() => undefined);
    return next;
  }

  /**
   * (Re)reads every note from disk: notes copied into the folder by hand appear, edited files are taken, removed
   * ones go. Notes that stay keep their entry objects, so handlers holding one keep working on the live note.
   */
  reload(): Promise<void> {
    return this.exclusive(async () => {
      let loaded;
      this.changedDuringReload = new Set();
      try {
        loaded = await this.repo.loadAll();
      } catch (e) {
        this.changedDuringReload = undefined;
        throw storageFailure(e, this.repo.root, 'read the notebook folder');
      }
      this.skipped = loaded.unreadable;
      const entries = new Map<string, NoteEntry>();
      const ids = new Map<string, string>();
      const recovered: string[] = [];
      for (const s of loaded.notes) {
        if (s.edits) {
          withEdits(s.note, s.edits);
          recovered.push(s.id);
        }
        const entry = this.refreshed(s);
        if (ids.has(entry.path)) console.warn(`[notes] two notes share the path ${entry.path}; ${s.id} is listed anyway`);
        entries.set(s.id, entry);
        ids.set(entry.path, s.id);
      }
      this.entries = entries;
      this.ids = ids;
      this.changedDuringReload = undefined;
      this.emit({ kind: 'reloaded' });
      // The replayed edits go into the files now; until then the journal still holds them.
      await Promise.all(recovered.map((id) => this.save(id).catch((e: unknown) => console.error(`[notes] writing replayed edits of ${id} failed:`, e))));
    });
  }

  private refreshed(s: StoredNote): NoteEntry {
    const known = this.entries.get(s.id);
    // An edit that arrived while the folder was read may be newer than the file read; it is saved on its own.
    if (known && this.changedDuringReload?.has(s.id)) return known;
    const entry = known ?? { id: s.id, path: s.path, note: s.note };
    entry.path = s.path;
    entry.note = namedByPath(withoutStaleRuns(s.note), s.path);
    this.mirrorCron(entry);
    return entry;
  }

  /** Note files the last load could not read: their paths relative to the notebook folder, and why. */
  unreadable(): UnreadableNote[] {
    return this.skipped.map((u) => ({ ...u }));
  }

  /** RELOAD_NOTE: the file wins over memory (someone may have edited it by hand). */
  reloadOne(id: string): Promise<NoteEntry> {
    return this.exclusive(async () => {
      const entry = this.mustGet(id);
      let note: Note | undefined;
      try {
        note = await this.repo.readOne(id);
      } catch (e) {
        throw storageFailure(e, this.repo.root, 'read the note file');
      }
      if (note) {
        entry.note = namedByPath(withoutStaleRuns(note), entry.path);
        this.mirrorCron(entry);
        this.emit({ kind: 'changed', id });
      }
      return entry;
    });
  }

  /**
   * The note as a `.zpln` file for export: the file on disk (after pending writes), so a note nobody edited exports
   * byte for byte as it was read, Zeppelin's own number format and key order included; the serialised note only
   * when it has no file.
   */
  async exportText(id: string): Promise<string> {
    const entry = this.mustGet(id);
    return (await this.repo.readText(id)) ?? serializeNote(entry.note);
  }

  size(): number {
    return this.entries.size;
  }

  all(): NoteEntry[] {
    return [...this.entries.values()];
  }

  get(id: string): NoteEntry | undefined {
    return this.entries.get(id);
  }

  mustGet(id: string): NoteEntry {
    const entry = this.entries.get(id);
    if (!entry) throw noSuchNote(id);
    return entry;
  }

  byPath(path: string): NoteEntry | undefined {
    const id = this.ids.get(path);
    return id === undefined ? undefined : this.entries.get(id);
  }

  /** NOTES_INFO: flat and sorted by path, trash included (PROTOCOL 2.1). */
  list(hideId?: string): NoteInfo[] {
    return this.all()
      .filter((e) => e.id !== hideId)
      .map((e) => ({ id: e.id, path: e.path }))
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  save(id: string): Promise<void> {
    return this.write(id, (snapshot) => this.repo.save(id, snapshot));
  }

  /** How long a change that can wait (saveEdit, saveSoon) may wait for the note's file. */
  get writeDelayMs(): number {
    return this.repo.writeDelayMs;
  }

  /**
   * A change that can wait a moment (a finished run's results): the note's file follows shortly, once for it and
   * everything changed meanwhile; anything that reads the file writes it first (see storage/noteRepo.ts).
   */
  saveSoon(id: string): Promise<void> {
    return this.write(id, (snapshot) => this.repo.saveSoon(id, snapshot));
  }

  /**
   * A paragraph edit made in memory: resolves once it is confirmed on disk (journaled, see storage/noteRepo.ts);
   * the note's file follows shortly, once for all edits made meanwhile.
   */
  saveEdit(id: string, paragraph: Paragraph): Promise<void> {
    const fields: Record<string, unknown> = {};
    for (const key of EDITED_FIELDS) if (paragraph[key] !== undefined) fields[key] = paragraph[key];
    return this.write(id, (snapshot) => this.repo.saveEdit(id, snapshot, { paragraphId: paragraph.id, fields }));
  }

  /** Tells the note's listeners of the change, then has `put` write it; a refusal of the disk says where. */
  private write(id: string, put: (snapshot: Snapshot) => Promise<void>): Promise<void> {
    this.emit({ kind: 'changed', id });
    return put(this.snapshotOf(id)).catch((e: unknown) => {
      throw storageFailure(e, this.repo.root);
    });
  }

  private snapshotOf(id: string): () => { path: string; note: Note } | null {
    return () => {
      const entry = this.entries.get(id);
      return entry ? { path: entry.path, note: entry.note } : null;
    };
  }

  /**
   * Saves the notes a change touched. When the disk refuses (a name too long for the file system, a file where a
   * folder must go), `undo` takes the change back in memory and the files follow, so nothing reverts at restart.
   */
  private async persist(ids: string[], undo: () => void): Promise<void> {
    try {
      await Promise.all(ids.map((id) => this.save(id)));
    } catch (e) {
      undo();
      await Promise.all(ids.map((id) => this.save(id).catch(() => undefined)));
      throw e;
    }
  }

  /** Marks a note changed in memory only (PATCH_PARAGRAPH, clear output: saved with the next save). */
  touch(id: string): void {
    this.emit({ kind: 'changed', id });
  }

  private freshId(): string {
    for (;;) {
      const id = newNoteId();
      if (!this.entries.has(id)) return id;
    }
  }

  /** The path can hold a note on disk and no other note has it. */
  private ensureFree(path: string, except?: string): void {
    checkStorablePath(path);
    const holder = this.ids.get(path);
    if (holder !== undefined && holder !== except) throw pathExists(path);
  }

  private insert(entry: NoteEntry): Promise<void> {
    this.mirrorCron(entry);
    this.entries.set(entry.id, entry);
    this.ids.set(entry.path, entry.id);
    this.emit({ kind: 'created', id: entry.id });
    return this.persist([entry.id], () => {
      this.entries.delete(entry.id);
      if (this.ids.get(entry.path) === entry.id) this.ids.delete(entry.path);
      this.emit({ kind: 'removed', id: entry.id });
    });
  }

  /** Moves notes to new paths (validated by the caller), saving them; a refused write moves them all back. */
  private async relocate(moving: NoteEntry[], targets: string[]): Promise<void> {
    const before = moving.map((e) => e.path);
    // Free every old path first, so a swap inside the moved set cannot trip over itself.
    for (const e of moving) if (this.ids.get(e.path) === e.id) this.ids.delete(e.path);
    moving.forEach((e, i) => this.move(e, targets[i]));
    await this.persist(moving.map((e) => e.id), () => {
      for (const e of moving) if (this.ids.get(e.path) === e.id) this.ids.delete(e.path);
      moving.forEach((e, i) => this.move(e, before[i]));
    });
  }

  private move(entry: NoteEntry, path: string): void {
    if (this.ids.get(entry.path) === entry.id) this.ids.delete(entry.path);
    entry.path = path;
    entry.note.name = nameOf(path);
    this.mirrorCron(entry);
    this.ids.set(path, entry.id);
    this.emit({ kind: 'moved', id: entry.id });
  }

  private skeleton(id: string, path: string, defaultInterpreterGroup: string | undefined): Note {
    return {
      paragraphs: [],
      name: nameOf(path),
      id,
      defaultInterpreterGroup: defaultInterpreterGroup || this.interpreters.defaultGroup(),
      version: ZEPPELIN_VERSION,
      noteParams: {},
      noteForms: {},
      angularObjects: {},
      config: { isZeppelinNotebookCronEnable: false },
      info: {},
    };
  }

  create(path: string, opts: { defaultInterpreterGroup?: string; emptyParagraph?: boolean; user?: string } = {}): Promise<NoteEntry> {
    return this.exclusive(async () => {
      this.ensureFree(path);
      const id = this.freshId();
      const note = this.skeleton(id, path, opts.defaultInterpreterGroup);
      if (opts.emptyParagraph) note.paragraphs.push(newParagraph(opts.user ?? 'anonymous'));
      const entry: NoteEntry = { id, path, note };
      await this.insert(entry);
      return entry;
    });
  }

  rename(id: string, path: string): Promise<NoteEntry> {
    return this.exclusive(() => this.renameNow(id, path));
  }

  private async renameNow(id: string, path: string): Promise<NoteEntry> {
    const entry = this.mustGet(id);
    if (entry.path === path) return entry;
    this.ensureFree(path, id);
    await this.relocate([entry], [path]);
    return entry;
  }

  private notesIn(folder: string): NoteEntry[] {
    return this.all().filter((e) => isInFolder(e.path, folder));
  }

  /** Moves every note of `from` under `to`; merging into an existing folder is fine, a clash of note paths is not. */
  moveFolder(fromRaw: string, toRaw: string): Promise<NoteEntry[]> {
    return this.exclusive(() => this.moveFolderNow(fromRaw, toRaw));
  }

  private async moveFolderNow(fromRaw: string, toRaw: string): Promise<NoteEntry[]> {
    const from = normalizeFolderPath(fromRaw);
    const to = normalizeFolderPath(toRaw);
    if (from === '/' || to === '/') throw new ZeppelinError('The root folder cannot be moved', 'BAD_REQUEST');
    if (isInFolder(to, from)) throw new ZeppelinError(`Cannot move folder ${from} into itself`, 'BAD_REQUEST');
    const moving = this.notesIn(from);
    if (moving.length === 0) throw new ZeppelinError(`No such folder: ${from}`, 'NOT_FOUND', `HTTP 404 Not Found, cause: No such folder: ${from}`);
    const targets = moving.map((e) => `${to}${e.path.slice(from.length)}`);
    const movingIds = new Set(moving.map((e) => e.id));
    for (const t of targets) {
      checkStorablePath(t);
      const holder = this.ids.get(t);
      if (holder !== undefined && !movingIds.has(holder)) throw pathExists(t);
    }
    await this.relocate(moving, targets);
    return moving;
  }

  trashNote(id: string, now = new Date()): Promise<NoteEntry> {
    return this.exclusive(async () => {
      const entry = this.mustGet(id);
      if (isInFolder(entry.path, TRASH_PREFIX)) return entry;
      let target = `${TRASH_PREFIX}${entry.path}`;
      if (this.ids.has(target)) target = `${target} ${formatTrashSuffix(now)}`;
      return this.renameNow(id, target);
    });
  }

  trashFolder(folderRaw: string, now = new Date()): Promise<NoteEntry[]> {
    return this.exclusive(() => {
      const folder = normalizeFolderPath(folderRaw);
      let target = `${TRASH_PREFIX}${folder}`;
      if (this.ids.has(target)) target = `${target} ${formatTrashSuffix(now)}`;
      return this.moveFolderNow(folder, target);
    });
  }

  restoreNote(id: string): Promise<NoteEntry> {
    return this.exclusive(() => {
      const entry = this.mustGet(id);
      if (!isInFolder(entry.path, TRASH_PREFIX)) throw new ZeppelinError(`Note ${id} is not in the trash`, 'BAD_REQUEST');
      return this.renameNow(id, entry.path.slice(TRASH_PREFIX.length));
    });
  }

  restoreFolder(folderRaw: string): Promise<NoteEntry[]> {
    return this.exclusive(() => {
      const folder = normalizeFolderPath(folderRaw);
      if (!isInFolder(folder, TRASH_PREFIX)) throw new ZeppelinError(`Folder ${folder} is not in the trash`, 'BAD_REQUEST');
      return this.moveFolderNow(folder, folder.slice(TRASH_PREFIX.length));
    });
  }

  /** Restores what it can; a note whose original path is taken again stays in the trash. */
  restoreAll(): Promise<NoteEntry[]> {
    return this.exclusive(async () => {
      const restored = this.notesIn(TRASH_PREFIX).filter((e) => !this.ids.has(e.path.slice(TRASH_PREFIX.length)));
      await this.relocate(restored, restored.map((e) => e.path.slice(TRASH_PREFIX.length)));
      return restored;
    });
  }

  remove(id: string): Promise<NoteEntry> {
    return this.exclusive(() => this.removeNow(id));
  }

  private async removeNow(id: string): Promise<NoteEntry> {
    const entry = this.mustGet(id);
    this.entries.delete(id);
    if (this.ids.get(entry.path) === id) this.ids.delete(entry.path);
    this.emit({ kind: 'removed', id });
    await this.repo.remove(id).catch((e: unknown) => {
      throw storageFailure(e, this.repo.root, 'delete the note file');
    });
    return entry;
  }

  removeFolder(folderRaw: string): Promise<NoteEntry[]> {
    return this.exclusive(() => this.removeFolderNow(folderRaw));
  }

  private async removeFolderNow(folderRaw: string): Promise<NoteEntry[]> {
    const folder = normalizeFolderPath(folderRaw);
    if (folder === '/') throw new ZeppelinError('The root folder cannot be removed', 'BAD_REQUEST');
    const doomed = this.notesIn(folder);
    await Promise.all(doomed.map((e) => this.removeNow(e.id)));
    return doomed;
  }

  emptyTrash(): Promise<NoteEntry[]> {
    return this.exclusive(() => this.removeFolderNow(TRASH_PREFIX));
  }

  /**
   * Clone (PROTOCOL 5.2): paragraphs (ids kept, new job names), config, info, default group, note forms/params.
   * `content` is the note as it was at some revision, when that is what gets cloned.
   */
  clone(sourceId: string, path: string, content?: Note): Promise<NoteEntry> {
    return this.exclusive(async () => {
      const source = this.mustGet(sourceId);
      this.ensureFree(path);
      const id = this.freshId();
      // A committed revision may hold runs that were in flight then; they cannot be running in the copy.
      const copy = content ? withoutStaleRuns(structuredClone(content)) : structuredClone(source.note);
      copy.id = id;
      copy.name = nameOf(path);
      copy.paragraphs = copy.paragraphs.map((p) => withNewJobName(p));
      if (copy.info) delete copy.info.isRunning;
      const entry: NoteEntry = { id, path, note: copy };
      await this.insert(entry);
      return entry;
    });
  }

  /**
   * Import (PROTOCOL 5.2): keeps the paragraphs (notes/importing.ts); not the note's config or forms; new id;
   * the source's default interpreter group, else the server's. A body that is not a note is refused before anything is created.
   */
  importNote(source: JsonObject, path: string): Promise<NoteEntry> {
    return this.exclusive(async () => {
      const paragraphs = importedParagraphs(source);
      this.ensureFree(path);
      const id = this.freshId();
      const group = typeof source.defaultInterpreterGroup === 'string' && source.defaultInterpreterGroup !== '' ? source.defaultInterpreterGroup : undefined;
      const note = this.skeleton(id, path, group);
      note.paragraphs = paragraphs;
      const entry: NoteEntry = { id, path, note };
      await this.insert(entry);
      return entry;
    });
  }

  setNoteField(entry: NoteEntry, key: string, value: unknown): void {
    setOrdered(entry.note, key, value, NOTE_ORDER);
  }

  /** The store's revisions, when it keeps any (PROTOCOL 2.4). */
  get revisions(): RevisionStore | undefined {
    return isVersioned(this.repo) ? this.repo.revisions : undefined;
  }

  /**
   * SET_NOTE_REVISION: the note takes an older content while keeping its id, path and name, and is saved (not
   * committed: the restore shows up as a change until the next checkpoint, as in Zeppelin).
   */
  replaceContent(id: string, content: Note): Promise<NoteEntry> {
    return this.exclusive(async () => {
      const entry = this.mustGet(id);
      const note = withoutStaleRuns(structuredClone(content));
      note.id = id;
      note.name = nameOf(entry.path);
      entry.note = note;
      await this.save(id);
      return entry;
    });
  }

  /** Resolves once every pending write has reached the disk. */
  flush(): Promise<void> {
    return this.repo.idle();
  }
}
