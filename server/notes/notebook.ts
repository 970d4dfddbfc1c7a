/**
 * The in-memory notebook: every note by id and by path, with the operations of PROTOCOL 2.1/5.2. Each operation
 * validates everything first and mutates only when it cannot fail any more, so a rejected request leaves notes
 * (and their files) untouched. Persistence is delegated to NoteRepo; callers await `save` before replying.
 */
import type { JsonObject, Note, NoteInfo, Paragraph } from '../../protocol';
import type { InterpreterRegistry } from '../interpreters/settings';
import { isVersioned, type RevisionStore } from '../revisions/types';
import type { NoteRepo } from '../storage/noteRepo';
import { serializeNote } from '../storage/zpln';
import { anyDateToFile, formatTrashSuffix } from '../util/dates';
import { noSuchNote, pathExists, ZeppelinError } from '../util/errors';
import { newNoteId } from '../util/ids';
import { NOTE_ORDER, setOrdered } from './fields';
import { isInFolder, nameOf, normalizeFolderPath, TRASH_PREFIX } from './paths';
import { newParagraph, withNewJobName } from './paragraphs';

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
  private readonly entries = new Map<string, NoteEntry>();
  private readonly ids = new Map<string, string>();
  private readonly listeners = new Set<(e: NotebookEvent) => void>();

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
    for (const l of this.listeners) l(e);
  }

  /** (Re)reads every note from disk; notes copied into the folder by hand appear. */
  async reload(): Promise<void> {
    const stored = await this.repo.loadAll();
    this.entries.clear();
    this.ids.clear();
    for (const s of stored) {
      if (this.ids.has(s.path)) {
        console.warn(`[notes] two notes share the path ${s.path}; ${s.id} is listed anyway`);
      }
      const entry = { id: s.id, path: s.path, note: namedByPath(withoutStaleRuns(s.note), s.path) };
      this.mirrorCron(entry);
      this.entries.set(s.id, entry);
      this.ids.set(s.path, s.id);
    }
    this.emit({ kind: 'reloaded' });
  }

  /** RELOAD_NOTE: the file wins over memory (someone may have edited it by hand). */
  async reloadOne(id: string): Promise<NoteEntry> {
    const entry = this.mustGet(id);
    const note = await this.repo.readOne(id);
    if (note) {
      entry.note = namedByPath(withoutStaleRuns(note), entry.path);
      this.mirrorCron(entry);
      this.emit({ kind: 'changed', id });
    }
    return entry;
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
    this.emit({ kind: 'changed', id });
    return this.repo.save(id, () => {
      const entry = this.entries.get(id);
      return entry ? { path: entry.path, note: entry.note } : null;
    });
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

  private ensureFree(path: string, except?: string): void {
    const holder = this.ids.get(path);
    if (holder !== undefined && holder !== except) throw pathExists(path);
  }

  private insert(entry: NoteEntry): Promise<void> {
    this.mirrorCron(entry);
    this.entries.set(entry.id, entry);
    this.ids.set(entry.path, entry.id);
    this.emit({ kind: 'created', id: entry.id });
    return this.save(entry.id);
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

  async create(path: string, opts: { defaultInterpreterGroup?: string; emptyParagraph?: boolean; user?: string } = {}): Promise<NoteEntry> {
    this.ensureFree(path);
    const id = this.freshId();
    const note = this.skeleton(id, path, opts.defaultInterpreterGroup);
    if (opts.emptyParagraph) note.paragraphs.push(newParagraph(opts.user ?? 'anonymous'));
    const entry: NoteEntry = { id, path, note };
    await this.insert(entry);
    return entry;
  }

  async rename(id: string, path: string): Promise<NoteEntry> {
    const entry = this.mustGet(id);
    if (entry.path === path) return entry;
    this.ensureFree(path, id);
    this.move(entry, path);
    await this.save(id);
    return entry;
  }

  private notesIn(folder: string): NoteEntry[] {
    return this.all().filter((e) => isInFolder(e.path, folder));
  }

  /** Moves every note of `from` under `to`; merging into an existing folder is fine, a clash of note paths is not. */
  async moveFolder(fromRaw: string, toRaw: string): Promise<NoteEntry[]> {
    const from = normalizeFolderPath(fromRaw);
    const to = normalizeFolderPath(toRaw);
    if (from === '/' || to === '/') throw new ZeppelinError('The root folder cannot be moved', 'BAD_REQUEST');
    if (isInFolder(to, from)) throw new ZeppelinError(`Cannot move folder ${from} into itself`, 'BAD_REQUEST');
    const moving = this.notesIn(from);
    if (moving.length === 0) throw new ZeppelinError(`No such folder: ${from}`, 'NOT_FOUND', `HTTP 404 Not Found, cause: No such folder: ${from}`);
    const targets = moving.map((e) => `${to}${e.path.slice(from.length)}`);
    const movingIds = new Set(moving.map((e) => e.id));
    for (const t of targets) {
      const holder = this.ids.get(t);
      if (holder !== undefined && !movingIds.has(holder)) throw pathExists(t);
    }
    // Free every old path first, so a swap inside the moved set cannot trip over itself.
    for (const e of moving) if (this.ids.get(e.path) === e.id) this.ids.delete(e.path);
    moving.forEach((e, i) => this.move(e, targets[i]));
    await Promise.all(moving.map((e) => this.save(e.id)));
    return moving;
  }

  async trashNote(id: string, now = new Date()): Promise<NoteEntry> {
    const entry = this.mustGet(id);
    if (isInFolder(entry.path, TRASH_PREFIX)) return entry;
    let target = `${TRASH_PREFIX}${entry.path}`;
    if (this.ids.has(target)) target = `${target} ${formatTrashSuffix(now)}`;
    this.ensureFree(target, id);
    this.move(entry, target);
    await this.save(id);
    return entry;
  }

  async trashFolder(folderRaw: string, now = new Date()): Promise<NoteEntry[]> {
    const folder = normalizeFolderPath(folderRaw);
    let target = `${TRASH_PREFIX}${folder}`;
    if (this.ids.has(target)) target = `${target} ${formatTrashSuffix(now)}`;
    return this.moveFolder(folder, target);
  }

  async restoreNote(id: string): Promise<NoteEntry> {
    const entry = this.mustGet(id);
    if (!isInFolder(entry.path, TRASH_PREFIX)) throw new ZeppelinError(`Note ${id} is not in the trash`, 'BAD_REQUEST');
    return this.rename(id, entry.path.slice(TRASH_PREFIX.length));
  }

  async restoreFolder(folderRaw: string): Promise<NoteEntry[]> {
    const folder = normalizeFolderPath(folderRaw);
    if (!isInFolder(folder, TRASH_PREFIX)) throw new ZeppelinError(`Folder ${folder} is not in the trash`, 'BAD_REQUEST');
    return this.moveFolder(folder, folder.slice(TRASH_PREFIX.length));
  }

  /** Restores what it can; a note whose original path is taken again stays in the trash. */
  async restoreAll(): Promise<NoteEntry[]> {
    const restored: NoteEntry[] = [];
    for (const e of this.notesIn(TRASH_PREFIX)) {
      const target = e.path.slice(TRASH_PREFIX.length);
      if (this.ids.has(target)) continue;
      this.move(e, target);
      restored.push(e);
    }
    await Promise.all(restored.map((e) => this.save(e.id)));
    return restored;
  }

  async remove(id: string): Promise<NoteEntry> {
    const entry = this.mustGet(id);
    this.entries.delete(id);
    if (this.ids.get(entry.path) === id) this.ids.delete(entry.path);
    this.emit({ kind: 'removed', id });
    await this.repo.remove(id);
    return entry;
  }

  async removeFolder(folderRaw: string): Promise<NoteEntry[]> {
    const folder = normalizeFolderPath(folderRaw);
    if (folder === '/') throw new ZeppelinError('The root folder cannot be removed', 'BAD_REQUEST');
    const doomed = this.notesIn(folder);
    await Promise.all(doomed.map((e) => this.remove(e.id)));
    return doomed;
  }

  emptyTrash(): Promise<NoteEntry[]> {
    return this.removeFolder(TRASH_PREFIX);
  }

  /**
   * Clone (PROTOCOL 5.2): paragraphs (ids kept, new job names), config, info, default group, note forms/params.
   * `content` is the note as it was at some revision, when that is what gets cloned.
   */
  async clone(sourceId: string, path: string, content?: Note): Promise<NoteEntry> {
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
  }

  /**
   * Import (PROTOCOL 5.2): keeps paragraph ids, text, title, config, forms/params and results; not the note's
   * config or forms; new id; server-default interpreter group. Dates of any accepted flavour are stored as file dates.
   */
  async importNote(source: JsonObject, path: string): Promise<NoteEntry> {
    this.ensureFree(path);
    const id = this.freshId();
    const group = typeof source.defaultInterpreterGroup === 'string' && source.defaultInterpreterGroup !== '' ? source.defaultInterpreterGroup : undefined;
    const note = this.skeleton(id, path, group);
    const paragraphs = Array.isArray(source.paragraphs) ? source.paragraphs : [];
    note.paragraphs = paragraphs
      .filter((p): p is JsonObject => typeof p === 'object' && p !== null && !Array.isArray(p))
      .map((raw) => {
        const p = withNewJobName(raw as unknown as Paragraph);
        if (typeof p.id !== 'string' || p.id === '') p.id = p.jobName as string;
        for (const f of ['dateUpdated', 'dateCreated', 'dateStarted', 'dateFinished'] as const) {
          const v = p[f];
          if (typeof v === 'string') p[f] = anyDateToFile(v);
        }
        if (p.status === 'RUNNING' || p.status === 'PENDING') p.status = 'ABORT';
        return p;
      });
    const entry: NoteEntry = { id, path, note };
    await this.insert(entry);
    return entry;
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
  async replaceContent(id: string, content: Note): Promise<NoteEntry> {
    const entry = this.mustGet(id);
    const note = withoutStaleRuns(structuredClone(content));
    note.id = id;
    note.name = nameOf(entry.path);
    entry.note = note;
    await this.save(id);
    return entry;
  }

  /** Resolves once every pending write has reached the disk. */
  flush(): Promise<void> {
    return this.repo.idle();
  }
}
