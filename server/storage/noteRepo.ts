/**
 * Notes on disk under the notebook dir, one `.zpln` file per note, folders as real directories (PROTOCOL 4.1).
 *
 * Notes:
 * - All file work for one note runs on that note's own promise chain, so a rename, a write and a delete of the
 *   same note can never interleave; different notes write in parallel.
 * - `save` coalesces: while one write is queued and not started, further saves join it. The queued job reads the
 *   note's state when it starts, so the last change always reaches the disk and no stale state overwrites it.
 * - `saveEdit` is for paragraph edits, the frequent small change: it resolves once a record of the edit is in the
 *   note's write-ahead journal (editJournal.ts), and the whole file is written at most `writeDelayMs` later, once
 *   for every edit made meanwhile. A confirmed edit therefore survives a kill -9: the next start replays the
 *   journal. Anything that reads the file (export, reload, git, a move, shutdown through `idle`) writes it first.
 * - `saveSoon` is for a finished run's results: written within the same delay, without a journal record.
 */
import { mkdir, readdir, readFile, rename, rmdir, unlink } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Note } from '../../protocol';
import { atomicWrite, isTempFile, removeStrayTempFiles } from './atomicWrite';
import { EditJournal, type JournalEntry } from './editJournal';
import { fileNameOf, parseFileName, parseNoteFile, serializeNote, ZPLN_EXT } from './zpln';

export interface StoredNote {
  id: string;
  path: string;
  note: Note;
  /** Confirmed edits that a killed server had journaled but not yet written to the file, oldest first. */
  edits?: JournalEntry[];
}

/** Default of `zeppelin.notebook.write.delay.ms` (ours): the longest a journaled edit waits for its note's file write. */
export const DEFAULT_WRITE_DELAY_MS = 1000;

/** A note file that could not be loaded: its path relative to the notebook folder, and why. */
export interface UnreadableNote {
  file: string;
  reason: string;
}

export interface LoadedNotes {
  notes: StoredNote[];
  unreadable: UnreadableNote[];
}

/** What the repo needs to know at write time: the note's current path and content, or null once deleted. */
export type Snapshot = () => { path: string; note: Note } | null;

export class NoteRepo {
  /** Where each note's file currently is (relative to root), as last written or loaded. */
  private readonly locations = new Map<string, string>();
  private readonly chains = new Map<string, Promise<void>>();
  private readonly queued = new Map<string, Promise<void>>();
  /** Notes whose file write is due (journaled edits, results), with the timer and how to read the note then. */
  private readonly due = new Map<string, { timer: NodeJS.Timeout; snapshot: Snapshot }>();
  private readonly journal: EditJournal;

  constructor(readonly root: string, readonly writeDelayMs = DEFAULT_WRITE_DELAY_MS) {
    this.journal = new EditJournal(root);
  }

  /** Creates the folder; temp files that interrupted writes of an earlier run left behind are removed. */
  async init(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    const stray = removeStrayTempFiles(this.root, (name) => name === '.git' || name === '.journal');
    if (stray > 0) console.warn(`[notes] removed ${stray} temp file${stray === 1 ? '' : 's'} left by interrupted writes`);
  }

  /**
   * Reads every note under the root. Files that are not notes of the right shape are logged with their path
   * relative to the root and the reason, listed in `unreadable`, and left untouched on disk.
   */
  async loadAll(): Promise<LoadedNotes> {
    await this.idle();
    // Built aside and swapped in at the end, so a concurrent write never sees a half-built map.
    const locations = new Map<string, string>();
    const out: StoredNote[] = [];
    const unreadable: UnreadableNote[] = [];
    const skip = (rel: string, reason: string): void => {
      console.warn(`[notes] skipping note file ${rel}: ${reason}`);
      unreadable.push({ file: rel, reason });
    };
    const walk = async (dir: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const full = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (!entry.name.startsWith('.')) await walk(full);
          continue;
        }
        if (!entry.isFile() || isTempFile(entry.name) || !entry.name.endsWith(ZPLN_EXT)) continue;
        const rel = relative(this.root, full).split(sep).join('/');
        const parsed = parseFileName(rel);
        if (!parsed) continue;
        try {
          const note = parseNoteFile(await readFile(full, 'utf8'));
          // The file name is authoritative for id and path, as in Zeppelin's file-based repos.
          note.id = parsed.id;
          const kept = locations.get(parsed.id);
          if (kept !== undefined) {
            skip(rel, `the note id ${parsed.id} is already used by ${kept}`);
            continue;
          }
          locations.set(parsed.id, rel);
          out.push({ id: parsed.id, path: parsed.path, note });
        } catch (e) {
          skip(rel, (e as Error).message);
        }
      }
    };
    await walk(this.root);
    this.locations.clear();
    for (const [id, rel] of locations) this.locations.set(id, rel);
    const edits = await this.journal.recover((id) => locations.has(id));
    for (const s of out) {
      const e = edits.get(s.id);
      if (e && e.length > 0) s.edits = e;
    }
    return { notes: out, unreadable };
  }

  private chain(id: string, job: () => Promise<void>): Promise<void> {
    const prev = this.chains.get(id) ?? Promise.resolve();
    const next = prev.then(job, job);
    const tail = next.catch(() => undefined);
    this.chains.set(id, tail);
    void tail.then(() => {
      if (this.chains.get(id) === tail) this.chains.delete(id);
    });
    return next;
  }

  /** Brings the note's file in line with its current state (moving it if the path changed). */
  save(id: string, snapshot: Snapshot): Promise<void> {
    this.cancelDue(id);
    const pending = this.queued.get(id);
    if (pending) return pending;
    const job = this.chain(id, async () => {
      this.queued.delete(id);
      const state = snapshot();
      // Every edit journaled until now is in `state`: its journal files go once the file holding it is in place.
      const sealed = this.journal.seal(id);
      if (!state) return;
      try {
        await this.writeNow(id, state.path, state.note);
      } catch (e) {
        sealed.failed();
        throw e;
      }
      await sealed.landed();
    });
    this.queued.set(id, job);
    return job;
  }

  /**
   * A paragraph edit already made to the note in memory: resolves once `entry` is journaled; the file follows
   * within `writeDelayMs`. A note without a file yet (or with no delay configured) is written at once.
   */
  saveEdit(id: string, snapshot: Snapshot, entry: JournalEntry): Promise<void> {
    if (!this.writeWithin(id, snapshot)) return this.save(id, snapshot);
    return this.journal.append(id, entry);
  }

  /**
   * A change that can wait a moment, such as a finished run's results: the file is written within `writeDelayMs`,
   * once for it and every edit made meanwhile, and earlier when something reads the file. Nothing is journaled, so
   * a crash in that moment loses it: results are not edits, and journaling a large one would write it twice. A note
   * without a file yet (or with no delay configured) is written at once.
   */
  saveSoon(id: string, snapshot: Snapshot): Promise<void> {
    return this.writeWithin(id, snapshot) ? Promise.resolve() : this.save(id, snapshot);
  }

  /**
   * The file is written `writeDelayMs` after the first of the changes that wait for it, from the latest snapshot.
   * False, and nothing waits, when the note has no file yet or no delay is configured: the caller writes at once.
   */
  private writeWithin(id: string, snapshot: Snapshot): boolean {
    if (this.writeDelayMs <= 0 || !this.locations.has(id)) return false;
    const due = this.due.get(id);
    if (due) due.snapshot = snapshot;
    else this.due.set(id, { snapshot, timer: setTimeout(() => void this.writeDue(id), this.writeDelayMs).unref() });
    return true;
  }

  private cancelDue(id: string): Snapshot | undefined {
    const due = this.due.get(id);
    if (!due) return undefined;
    clearTimeout(due.timer);
    this.due.delete(id);
    return due.snapshot;
  }

  /**
   * Writes the note now if edits or results wait for its file (saveEdit, saveSoon); a failed write keeps the journal
   * for the next try.
   */
  private writeDue(id: string): Promise<void> {
    const snapshot = this.cancelDue(id);
    if (!snapshot) return Promise.resolve();
    return this.save(id, snapshot).catch((e: unknown) => {
      console.error(`[notes] writing note ${id} failed; its edits stay in the journal:`, e);
    });
  }

  private async writeNow(id: string, path: string, note: Note): Promise<void> {
    const target = fileNameOf(path, id);
    const abs = join(this.root, target);
    await mkdir(dirname(abs), { recursive: true });
    const previous = this.locations.get(id);
    if (previous !== undefined && previous !== target) {
      // Move first, then write: a crash in between leaves the old content at the new place, never two copies.
      try {
        await rename(join(this.root, previous), abs);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
      // Recorded at once: if the write below fails, a later save (or an undo) starts from where the file is.
      this.locations.set(id, target);
      await this.pruneEmptyDirs(dirname(join(this.root, previous)));
    }
    const content = serializeNote(note);
    try {
      await atomicWrite(abs, content);
    } catch (e) {
      // Another note's chain may have pruned the (momentarily empty) folder between our mkdir and our write.
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      await mkdir(dirname(abs), { recursive: true });
      await atomicWrite(abs, content);
    }
    this.locations.set(id, target);
  }

  remove(id: string): Promise<void> {
    this.cancelDue(id);
    return this.chain(id, async () => {
      this.queued.delete(id);
      const previous = this.locations.get(id);
      if (previous === undefined) return;
      try {
        await unlink(join(this.root, previous));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
      this.locations.delete(id);
      await this.journal.discard(id);
      await this.pruneEmptyDirs(dirname(join(this.root, previous)));
    });
  }

  /** Folders exist only while they hold notes (PROTOCOL 5.2), so empty ones left by moves are removed. */
  private async pruneEmptyDirs(dir: string): Promise<void> {
    let current = dir;
    while (current.startsWith(this.root) && current !== this.root) {
      try {
        await rmdir(current);
      } catch {
        return;
      }
      current = dirname(current);
    }
  }

  /** Re-reads one note from its file, after any queued write of it has finished. */
  async readOne(id: string): Promise<Note | undefined> {
    await this.writeDue(id);
    await (this.chains.get(id) ?? Promise.resolve());
    const rel = this.locations.get(id);
    if (rel === undefined) return undefined;
    const note = parseNoteFile(await readFile(join(this.root, rel), 'utf8'));
    note.id = id;
    return note;
  }

  /** The note's file as it is on disk, after any queued write of it has finished; undefined without a file. */
  async readText(id: string): Promise<string | undefined> {
    await this.writeDue(id);
    await (this.chains.get(id) ?? Promise.resolve());
    const rel = this.locations.get(id);
    if (rel === undefined) return undefined;
    try {
      return await readFile(join(this.root, rel), 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
  }

  locationOf(id: string): string | undefined {
    return this.locations.get(id);
  }

  /** Writes every note with journaled edits now, and resolves once every write and delete has finished (graceful shutdown, reloads, git). */
  async idle(): Promise<void> {
    await this.journal.idle();
    await Promise.all([...this.due.keys()].map((id) => this.writeDue(id)));
    while (this.chains.size > 0) await Promise.all([...this.chains.values()]);
  }
}
