/**
 * Result history (docs/protocol.md 3.11, our extension): every finished run of a paragraph keeps its results, so a
 * user can look at an earlier run or compare two.
 *
 * Notes:
 * - Kept beside the note, never in it: `<notebook dir>/.history/<noteId>.json`, written atomically, one write at a
 *   time per note. The `.zpln` file is untouched, so Zeppelin still opens the note; the dot folder is skipped by
 *   the note scanner and by git checkpoints (which stage only `*_<id>.zpln`), and has its own `.gitignore`.
 * - Bounded twice: the newest `zeppelin.notebook.result.history.max` runs per paragraph (0 keeps none), and at most
 *   `zeppelin.notebook.result.history.max.bytes` of stored runs per note, the note's oldest runs going first. A run
 *   larger than the byte cap on its own is not kept.
 * - Keyed by note id, so renames, moves and the trash keep a note's history; deleting the note (also by emptying
 *   the trash) deletes it. Runs of paragraphs that no longer exist are dropped at the next write.
 * - Runs of a personal copy (personalized mode) are marked personal and shown only to the user who ran them; while
 *   a note is personalized every user sees only their own runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { HistoryRun, HistoryRunSummary, Paragraph, ParagraphStatus } from '../../protocol';
import type { ZeppelinConfig } from '../config';
import type { Notebook, NoteEntry } from '../notes/notebook';
import { atomicWrite } from '../storage/atomicWrite';
import { PerNoteWrites } from '../storage/perNoteWrites';
import { ensureSideFolder } from '../storage/sideFolder';
import { isPersonalized, personalOwner } from '../personal/store';

export const HISTORY_DIR = '.history';
export const HISTORY_MAX_KEY = 'zeppelin.notebook.result.history.max';
export const HISTORY_MAX_BYTES_KEY = 'zeppelin.notebook.result.history.max.bytes';
export const DEFAULT_HISTORY_MAX = 20;
export const DEFAULT_HISTORY_MAX_BYTES = 16 * 1024 * 1024;
const FILE_VERSION = 1;
/** Notes whose history stays in memory between uses; the others are read from their file again when needed. */
const NOTES_IN_MEMORY = 32;
const TERMINAL: ReadonlySet<ParagraphStatus> = new Set(['FINISHED', 'ERROR', 'ABORT']);

interface StoredRun extends HistoryRun {
  /** Run by a personal copy: only its user may see it. */
  personal?: boolean;
}

interface Kept {
  /** The runs without their results, oldest first. */
  runs: StoredRun[];
  /**
   * Each run as written to the file, results included, parallel to `runs`: a write joins these instead of
   * serialising every kept result again, and memory holds each result once.
   */
  jsons: string[];
  /** Byte size of each of `jsons`. */
  sizes: number[];
}

function keptOfRuns(runs: StoredRun[]): Kept {
  const jsons = runs.map((r) => JSON.stringify(r));
  return { runs: runs.map(({ results: _results, ...rest }) => rest), jsons, sizes: jsons.map((j) => Buffer.byteLength(j, 'utf8')) };
}

/** A copy of JSON-like data sharing its strings, which are immutable: a large result's text is not copied. */
function copyOf<T>(v: T): T {
  if (Array.isArray(v)) return v.map(copyOf) as T;
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, copyOf(x)])) as T;
  return v;
}

const summaryOf = (r: StoredRun): HistoryRunSummary => ({
  id: r.id, paragraphId: r.paragraphId, user: r.user, status: r.status,
  ...(r.dateStarted !== undefined ? { dateStarted: r.dateStarted } : {}),
  ...(r.dateFinished !== undefined ? { dateFinished: r.dateFinished } : {}),
});

const isRun = (x: unknown): x is StoredRun => {
  const r = x as Record<string, unknown> | null;
  return typeof r === 'object' && r !== null && typeof r.id === 'string' && typeof r.paragraphId === 'string'
    && typeof r.user === 'string' && typeof r.status === 'string';
};

function dropRun(kept: Kept, i: number): void {
  kept.runs.splice(i, 1);
  kept.jsons.splice(i, 1);
  kept.sizes.splice(i, 1);
}

export class ResultHistory {
  private readonly notes = new Map<string, Kept>();
  private readonly writes = new PerNoteWrites((noteId) => this.writeNow(noteId));
  /** Runs taken and not kept yet (keepSoon), per note, with the timer that keeps them. */
  private readonly waiting = new Map<string, { keeps: (() => void)[]; timer: NodeJS.Timeout }>();
  private readonly dir: string;

  constructor(
    notebookDir: string,
    private readonly notebook: Notebook,
    private readonly config: ZeppelinConfig,
  ) {
    this.dir = join(notebookDir, HISTORY_DIR);
    notebook.onChange((e) => {
      if (e.kind === 'removed') this.discard(e.id);
    });
  }

  /** How many runs per paragraph are kept; 0 when the history is off. */
  get max(): number {
    return Math.max(0, this.config.getInt(HISTORY_MAX_KEY, DEFAULT_HISTORY_MAX));
  }

  private get maxBytes(): number {
    return Math.max(0, this.config.getInt(HISTORY_MAX_BYTES_KEY, DEFAULT_HISTORY_MAX_BYTES));
  }

  fileOf(noteId: string): string {
    return join(this.dir, `${noteId}.json`);
  }

  private keptOf(noteId: string): Kept {
    this.keepWaiting(noteId);
    let kept = this.notes.get(noteId);
    if (kept) this.notes.delete(noteId);
    else {
      kept = keptOfRuns(this.load(noteId));
    }
    // Most recently used last, so memory holds the histories in use, not every note's ever touched.
    this.notes.set(noteId, kept);
    for (const id of this.notes.keys()) {
      if (this.notes.size <= NOTES_IN_MEMORY) break;
      if (!this.writes.busy(id)) this.notes.delete(id);
    }
    return kept;
  }

  private load(noteId: string): StoredRun[] {
    const file = this.fileOf(noteId);
    if (!existsSync(file)) return [];
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as { runs?: unknown };
      return Array.isArray(parsed.runs) ? parsed.runs.filter(isRun) : [];
    } catch (e) {
      console.warn(`[history] ${file} cannot be read, the result history of note ${noteId} starts empty: ${(e as Error).message}`);
      return [];
    }
  }

  /** Called at every status change; keeps the run when it just ended. */
  record(entry: NoteEntry, p: Paragraph): void {
    this.taken(entry, p)?.();
  }

  /**
   * The run as it ended, taken now; keeping it (sizing it, writing the file) is the function returned, which the
   * caller may run a little later. Undefined when there is nothing to keep.
   */
  taken(entry: NoteEntry, p: Paragraph): (() => void) | undefined {
    if (!p.status || !TERMINAL.has(p.status) || this.max === 0 || !this.notebook.get(entry.id)) return undefined;
    const owner = personalOwner(p);
    const run: StoredRun = {
      id: `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`,
      paragraphId: p.id,
      user: owner?.user ?? p.user ?? 'anonymous',
      status: p.status,
      ...(p.dateStarted !== undefined ? { dateStarted: p.dateStarted } : {}),
      ...(p.dateFinished !== undefined ? { dateFinished: p.dateFinished } : {}),
      ...(p.results ? { results: copyOf(p.results) } : {}),
      ...(owner ? { personal: true } : {}),
    };
    return () => {
      if (!this.notebook.get(entry.id)) return;
      const kept = this.keptOf(entry.id);
      const one = keptOfRuns([run]);
      kept.runs.push(...one.runs);
      kept.jsons.push(...one.jsons);
      kept.sizes.push(...one.sizes);
      this.trim(kept, run.paragraphId);
      this.save(entry.id).catch((e: unknown) => console.error(`[history] saving the result history of ${entry.id} failed:`, e));
    };
  }

  /**
   * Keeps a run that `taken` returned within the note's write delay (`zeppelin.notebook.write.delay.ms`), together
   * with the note's other runs taken meanwhile. Sizing a large result and writing the file take the server about as
   * long as the page takes to draw that result, and on one machine the two would share its cores. Reading the note's
   * history, or flushing, keeps them at once.
   */
  keepSoon(noteId: string, keep: () => void): void {
    const delay = this.notebook.writeDelayMs;
    const w = this.waiting.get(noteId);
    if (w) w.keeps.push(keep);
    else if (delay <= 0) keep();
    else this.waiting.set(noteId, { keeps: [keep], timer: setTimeout(() => this.keepWaiting(noteId), delay).unref() });
  }

  private keepWaiting(noteId: string): void {
    const w = this.waiting.get(noteId);
    if (!w) return;
    this.waiting.delete(noteId);
    clearTimeout(w.timer);
    for (const keep of w.keeps) keep();
  }

  /** The per-paragraph count, then the per-note byte cap (oldest runs of the note first). */
  private trim(kept: Kept, paragraphId: string): void {
    const drop = (i: number): void => dropRun(kept, i);
    let count = kept.runs.filter((r) => r.paragraphId === paragraphId).length;
    for (let i = 0; count > this.max && i < kept.runs.length;) {
      if (kept.runs[i].paragraphId === paragraphId) {
        drop(i);
        count--;
      } else i++;
    }
    let total = kept.sizes.reduce((a, b) => a + b, 0);
    while (total > this.maxBytes && kept.runs.length > 0) {
      total -= kept.sizes[0];
      drop(0);
    }
  }

  private visible(entry: NoteEntry, user: string): (r: StoredRun) => boolean {
    const own = isPersonalized(entry.note);
    return (r) => !(own || r.personal) || r.user === user;
  }

  /** The runs of a paragraph that `user` may see, newest first. */
  list(entry: NoteEntry, paragraphId: string, user: string): HistoryRunSummary[] {
    const seen = this.visible(entry, user);
    return this.keptOf(entry.id).runs.filter((r) => r.paragraphId === paragraphId && seen(r)).reverse().map(summaryOf);
  }

  /** One run with its results, if `user` may see it. */
  run(entry: NoteEntry, paragraphId: string, runId: string, user: string): HistoryRun | undefined {
    const kept = this.keptOf(entry.id);
    const i = kept.runs.findIndex((r) => r.id === runId && r.paragraphId === paragraphId);
    if (i < 0 || !this.visible(entry, user)(kept.runs[i])) return undefined;
    const { results } = JSON.parse(kept.jsons[i]) as StoredRun;
    return { ...summaryOf(kept.runs[i]), ...(results ? { results } : {}) };
  }

  /** Bytes the note's history takes (for tests and diagnostics). */
  bytes(noteId: string): number {
    return this.keptOf(noteId).sizes.reduce((a, b) => a + b, 0);
  }

  /** Deleting the note: its history goes, in memory and on disk. */
  discard(noteId: string): void {
    clearTimeout(this.waiting.get(noteId)?.timer);
    this.waiting.delete(noteId);
    this.notes.delete(noteId);
    void this.writes.remove(noteId, this.fileOf(noteId));
  }

  /** Writes the note's history; calls made while a write runs are folded into one more write. */
  save(noteId: string): Promise<void> {
    return this.writes.save(noteId);
  }

  /** Keeps the runs waiting to be kept, then resolves once every write has ended. */
  flush(): Promise<void> {
    for (const noteId of [...this.waiting.keys()]) this.keepWaiting(noteId);
    return this.writes.flush();
  }

  private async writeNow(noteId: string): Promise<void> {
    const kept = this.notes.get(noteId);
    const entry = this.notebook.get(noteId);
    if (!kept || !entry) return;
    // Runs of deleted paragraphs are dropped here rather than on every removal.
    const present = new Set(entry.note.paragraphs.map((p) => p.id));
    for (let i = kept.runs.length - 1; i >= 0; i--) {
      if (!present.has(kept.runs[i].paragraphId)) dropRun(kept, i);
    }
    ensureSideFolder(this.dir);
    // The JSON text of { version, noteId, runs }, from the runs' own JSON.
    await atomicWrite(this.fileOf(noteId), `{"version":${FILE_VERSION},"noteId":${JSON.stringify(noteId)},"runs":[${kept.jsons.join(',')}]}\n`);
  }
}
