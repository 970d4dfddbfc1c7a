/**
 * Write-ahead journal of paragraph edits, so an edit is confirmed as soon as a small record of it is on disk while
 * the note's whole file is rewritten later, once for many edits (noteRepo.ts). One append-only file per note and
 * generation under `<notebook>/.journal/` (with its own `.gitignore`): `<generation>-<note id, URI-encoded>.jsonl`,
 * one JSON record a line.
 *
 * Notes:
 * - When a note's file write takes its snapshot, `seal` closes the note's current generation: later edits go to a
 *   new file, and the sealed files are removed only once the note file holding their edits has been renamed into
 *   place. A write that fails leaves them for the next one.
 * - At start (`recover`) every record left behind is read back, in generation order; a line cut short by a kill
 *   was never confirmed (confirmation waits for the append and its fsync) and is skipped.
 * - A record whose note file write landed but whose journal file was not yet removed (a kill in between) is applied
 *   again over the file that already holds it; it sets fields to the values they had then. A later change that
 *   the same write carried is then taken back, but it was never confirmed: a write resolves (and its change is
 *   answered) only once the journal files it covers are gone.
 */
import { mkdir, open, readdir, readFile, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

export const JOURNAL_DIR = '.journal';

/** One edit: the paragraph's edited fields as they were after it. */
export interface JournalEntry {
  paragraphId: string;
  fields: Record<string, unknown>;
}

interface JournalFile {
  path: string;
  handle?: FileHandle;
}

interface NoteJournal {
  current?: JournalFile;
  /** Files of earlier generations whose edits no note file written so far is known to hold. */
  older: JournalFile[];
  /** The note's appends, one after another. */
  tail: Promise<void>;
}

/** Every file of a note's journal, oldest first: a new array, which the caller may keep. */
const filesOf = (j: NoteJournal): JournalFile[] => (j.current ? [...j.older, j.current] : [...j.older]);

/** What a note file write does with the generations it covers: remove them once it landed, or keep them. */
export interface Sealed {
  landed(): Promise<void>;
  failed(): void;
}

const FILE_NAME = /^(\d+)-(.+)\.jsonl$/;

const unlinkIfThere = (path: string): Promise<void> =>
  unlink(path).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') throw e;
  });

export class EditJournal {
  readonly dir: string;
  private readonly notes = new Map<string, NoteJournal>();
  private nextGeneration = 1;
  private dirMade = false;

  constructor(root: string) {
    this.dir = join(root, JOURNAL_DIR);
  }

  private of(id: string): NoteJournal {
    let j = this.notes.get(id);
    if (!j) {
      j = { older: [], tail: Promise.resolve() };
      this.notes.set(id, j);
    }
    return j;
  }

  /** Appends the record and resolves once it is on disk (written and fsynced). */
  append(id: string, entry: JournalEntry): Promise<void> {
    const j = this.of(id);
    const file = (j.current ??= { path: join(this.dir, `${this.nextGeneration++}-${encodeURIComponent(id)}.jsonl`) });
    const line = `${JSON.stringify(entry)}\n`;
    const job = async (): Promise<void> => {
      if (!file.handle) {
        if (!this.dirMade) {
          await mkdir(this.dir, { recursive: true });
          // The notebook folder may be a git repository: the journal is no part of it.
          await writeFile(join(this.dir, '.gitignore'), '*\n');
        }
        this.dirMade = true;
        file.handle = await open(file.path, 'a');
      }
      await file.handle.write(line);
      await file.handle.datasync();
    };
    const next = j.tail.then(job, job);
    j.tail = next.catch(() => undefined);
    return next;
  }

  /** Called when a write of the note takes its snapshot: every edit journaled so far is in that snapshot. */
  seal(id: string): Sealed {
    const j = this.notes.get(id);
    if (!j || (!j.current && j.older.length === 0)) return { landed: () => Promise.resolve(), failed: () => undefined };
    const covered = filesOf(j);
    j.current = undefined;
    j.older = [];
    const appended = j.tail;
    return {
      landed: async () => {
        await appended;
        for (const f of covered) {
          await f.handle?.close();
          await unlinkIfThere(f.path);
        }
        if (!j.current && j.older.length === 0 && this.notes.get(id) === j) this.notes.delete(id);
      },
      failed: () => {
        j.older.unshift(...covered);
      },
    };
  }

  /** The note is gone: its journal too. */
  async discard(id: string): Promise<void> {
    await this.seal(id).landed();
  }

  /**
   * Closes the open journal files and leaves them on disk, as the end of the process would: for a journal given up
   * without a write of its notes (a simulated kill). A later append opens a file again.
   */
  async release(): Promise<void> {
    await this.idle();
    for (const j of this.notes.values()) {
      for (const f of filesOf(j)) {
        const handle = f.handle;
        f.handle = undefined;
        await handle?.close();
      }
    }
  }

  /** Resolves once every append has finished. */
  async idle(): Promise<void> {
    await Promise.all([...this.notes.values()].map((j) => j.tail));
  }

  /**
   * Every record on disk, by note, in the order they were written. The files stay until a write of their note
   * (or `discard`) removes them; `keep` names the notes that still exist, and the files of any other are removed.
   */
  async recover(keep: (id: string) => boolean): Promise<Map<string, JournalEntry[]>> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return new Map();
    }
    const files = names.flatMap((name) => {
      const m = FILE_NAME.exec(name);
      return m ? [{ generation: Number(m[1]), id: decodeURIComponent(m[2]), path: join(this.dir, name) }] : [];
    }).sort((a, b) => a.generation - b.generation);
    const out = new Map<string, JournalEntry[]>();
    for (const f of files) {
      this.nextGeneration = Math.max(this.nextGeneration, f.generation + 1);
      if (!keep(f.id)) {
        await unlinkIfThere(f.path);
        continue;
      }
      const j = this.of(f.id);
      if (!j.older.some((o) => o.path === f.path)) j.older.push({ path: f.path });
      const entries = out.get(f.id) ?? [];
      for (const line of (await readFile(f.path, 'utf8')).split('\n')) {
        const entry = parseEntry(line);
        if (entry) entries.push(entry);
      }
      out.set(f.id, entries);
    }
    return out;
  }
}

function parseEntry(line: string): JournalEntry | undefined {
  if (line.trim() === '') return undefined;
  try {
    const v = JSON.parse(line) as Partial<JournalEntry>;
    if (typeof v.paragraphId !== 'string' || typeof v.fields !== 'object' || v.fields === null || Array.isArray(v.fields)) return undefined;
    return { paragraphId: v.paragraphId, fields: v.fields };
  } catch {
    // The last line of a file that a kill cut short: never confirmed.
    return undefined;
  }
}
