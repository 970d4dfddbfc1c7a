/**
 * Personalized mode (PROTOCOL 5.7): each user's own run state of every paragraph of a note whose
 * `config.personalizedMode` is "true", plus each user's note-form values.
 *
 * Notes:
 * - Text, title and config stay shared: they live on the note's own (master) paragraphs. What is per user is the
 *   run state (RUN_FIELDS: results, status, dates, errors, form params and forms), and `noteParams`.
 * - While a note is personalized no run writes the master's run state: it stays the shared base that the `.zpln`
 *   file keeps, and a user without a copy sees that base. Zeppelin lets the owner's runs update the master too;
 *   that makes results of the owner appear to users who open the note later (the leak this design rules out).
 * - Copies persist in `<notebook dir>/.personal/<noteId>.json`, written atomically, one write at a time per note.
 *   The dot folder is skipped by the note scanner, and git checkpoints only stage `*_<id>.zpln` paths (plus a
 *   `.gitignore` in the folder), so per-user state never enters a note's revisions. Zeppelin keeps copies only in
 *   memory; here they survive a restart.
 * - Turning the mode off discards every copy (the shared base is what remains), as Zeppelin does.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FormParams, Note, Paragraph } from '../../protocol';
import type { Notebook, NoteEntry } from '../notes/notebook';
import { atomicWrite } from '../storage/atomicWrite';
import { PerNoteWrites } from '../storage/perNoteWrites';
import { ensureSideFolder } from '../storage/sideFolder';
import { setParagraphField } from '../notes/paragraphs';

/** The per-user part of a paragraph; everything else comes from the note's own paragraph. */
export const RUN_FIELDS = ['user', 'dateStarted', 'dateFinished', 'status', 'progress', 'results', 'errorMessage', 'runtimeInfos', 'settings'] as const;
type RunField = (typeof RUN_FIELDS)[number];
/** Copied from the master before each run of a copy, so the run sees the current shared text and config. */
const SHARED_FIELDS = ['title', 'text', 'dateUpdated', 'config'] as const;

export const PERSONAL_DIR = '.personal';
const FILE_VERSION = 1;

interface UserState {
  paragraphs: Map<string, Paragraph>;
  noteParams?: FormParams;
}

interface StoredFile {
  version: number;
  noteId: string;
  users: Record<string, { noteParams?: FormParams; paragraphs: Record<string, Partial<Pick<Paragraph, RunField>>> }>;
}

/** Which user and note a copy belongs to; the engine and broadcasts route a copy's frames with it. */
const owners = new WeakMap<Paragraph, { noteId: string; user: string }>();

export const personalOwner = (p: Paragraph): { noteId: string; user: string } | undefined => owners.get(p);

export const isPersonalized = (note: Note): boolean => note.config?.personalizedMode === 'true';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A fresh copy of the base: results, params and forms are kept, the status starts over (READY). */
function baseCopy(master: Paragraph): Paragraph {
  const copy = structuredClone(master);
  if (copy.status !== undefined) copy.status = 'READY';
  copy.progress = 0;
  return copy;
}

function runState(p: Paragraph): Partial<Pick<Paragraph, RunField>> {
  const out: Record<string, unknown> = {};
  for (const f of RUN_FIELDS) if (p[f] !== undefined) out[f] = p[f];
  return out as Partial<Pick<Paragraph, RunField>>;
}

export class PersonalStore {
  private readonly notes = new Map<string, Map<string, UserState>>();
  private readonly writes = new PerNoteWrites((noteId) => this.writeNow(noteId));
  private readonly dir: string;

  constructor(
    notebookDir: string,
    private readonly notebook: Notebook,
  ) {
    this.dir = join(notebookDir, PERSONAL_DIR);
    notebook.onChange((e) => {
      if (e.kind === 'removed') void this.discard(e.id);
    });
  }

  fileOf(noteId: string): string {
    return join(this.dir, `${noteId}.json`);
  }

  /** The users' states of a note, read from its file the first time. */
  private usersOf(noteId: string): Map<string, UserState> {
    let users = this.notes.get(noteId);
    if (!users) {
      users = this.load(noteId);
      this.notes.set(noteId, users);
    }
    return users;
  }

  private load(noteId: string): Map<string, UserState> {
    const users = new Map<string, UserState>();
    const file = this.fileOf(noteId);
    if (!existsSync(file)) return users;
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      console.warn(`[personal] ${file} cannot be read, per-user results of note ${noteId} start empty: ${(e as Error).message}`);
      return users;
    }
    if (!isRecord(parsed) || !isRecord(parsed.users)) {
      console.warn(`[personal] ${file} has no "users" object, per-user results of note ${noteId} start empty`);
      return users;
    }
    const entry = this.notebook.get(noteId);
    for (const [user, state] of Object.entries(parsed.users)) {
      if (!isRecord(state)) continue;
      const u: UserState = { paragraphs: new Map() };
      if (isRecord(state.noteParams)) u.noteParams = state.noteParams as FormParams;
      for (const [pid, stored] of Object.entries(isRecord(state.paragraphs) ? state.paragraphs : {})) {
        const master = entry?.note.paragraphs.find((p) => p.id === pid);
        if (!master || !isRecord(stored)) continue;
        const copy = baseCopy(master);
        for (const f of RUN_FIELDS) {
          if (stored[f] === undefined) delete copy[f];
          else (copy as unknown as Record<string, unknown>)[f] = stored[f];
        }
        // No run survives a restart (PROTOCOL 5.4 step 6).
        if (copy.status === 'PENDING' || copy.status === 'RUNNING') copy.status = 'ABORT';
        owners.set(copy, { noteId, user });
        u.paragraphs.set(pid, copy);
      }
      users.set(user, u);
    }
    return users;
  }

  private userState(noteId: string, user: string): UserState {
    const users = this.usersOf(noteId);
    let u = users.get(user);
    if (!u) {
      u = { paragraphs: new Map() };
      users.set(user, u);
    }
    return u;
  }

  /** The user's copy of a paragraph, made from the base the first time; undefined for an unknown paragraph. */
  copyFor(entry: NoteEntry, user: string, paragraphId: string): Paragraph | undefined {
    const master = entry.note.paragraphs.find((p) => p.id === paragraphId);
    if (!master) return undefined;
    const u = this.userState(entry.id, user);
    let copy = u.paragraphs.get(paragraphId);
    if (!copy) {
      copy = baseCopy(master);
      owners.set(copy, { noteId: entry.id, user });
      u.paragraphs.set(paragraphId, copy);
    }
    return copy;
  }

  /** The copy a run by `user` works on, with the master's current text and config. */
  runTarget(entry: NoteEntry, master: Paragraph, user: string): Paragraph {
    if (!isPersonalized(entry.note) || owners.has(master)) return master;
    const copy = this.copyFor(entry, user, master.id);
    if (!copy) return master;
    for (const f of SHARED_FIELDS) {
      if (master[f] === undefined) delete copy[f];
      else setParagraphField(copy, f, structuredClone(master[f]));
    }
    return copy;
  }

  /** The paragraph as `user` sees it: shared fields of the master, run state of the user's copy (or the base). */
  viewParagraph(entry: NoteEntry, master: Paragraph, user: string): Paragraph {
    const copy = this.usersOf(entry.id).get(user)?.paragraphs.get(master.id);
    const source = copy ?? baseCopy(master);
    const view: Paragraph = { ...master };
    for (const f of RUN_FIELDS) {
      if (source[f] === undefined) delete view[f];
      else (view as unknown as Record<string, unknown>)[f] = source[f];
    }
    return view;
  }

  /** The note as `user` sees it. */
  view(entry: NoteEntry, user: string): Note {
    return {
      ...entry.note,
      paragraphs: entry.note.paragraphs.map((p) => this.viewParagraph(entry, p, user)),
      noteParams: this.noteParams(entry, user),
    };
  }

  /** The user's note-form values; the shared ones until the user sets their own. */
  noteParams(entry: NoteEntry, user: string): FormParams {
    return this.usersOf(entry.id).get(user)?.noteParams ?? entry.note.noteParams ?? {};
  }

  setNoteParams(entry: NoteEntry, user: string, params: FormParams): void {
    this.userState(entry.id, user).noteParams = { ...params };
  }

  /** REMOVE_NOTE_FORMS drops the form's value for every user. */
  removeNoteParam(entry: NoteEntry, name: string): void {
    for (const u of this.usersOf(entry.id).values()) if (u.noteParams) delete u.noteParams[name];
  }

  /** Replaces the form params of the user's copy (COMMIT_PARAGRAPH and RUN_PARAGRAPH in personalized mode). */
  setParams(entry: NoteEntry, user: string, paragraphId: string, params: FormParams): Paragraph | undefined {
    const copy = this.copyFor(entry, user, paragraphId);
    if (!copy) return undefined;
    const settings = copy.settings ?? { params: {}, forms: {} };
    settings.params = { ...params };
    settings.forms ??= {};
    setParagraphField(copy, 'settings', settings);
    return copy;
  }

  /** Users holding any state for the note (for tests and diagnostics). */
  users(noteId: string): string[] {
    return [...this.usersOf(noteId).keys()];
  }

  /** Turning the mode off, or deleting the note: every copy goes, in memory and on disk (resolved once gone). */
  discard(noteId: string): Promise<void> {
    this.notes.set(noteId, new Map());
    const gone = this.writes.remove(noteId, this.fileOf(noteId));
    if (!this.notebook.get(noteId)) this.notes.delete(noteId);
    return gone;
  }

  /** Writes the note's copies; calls made while a write runs are folded into one more write. */
  save(noteId: string): Promise<void> {
    return this.writes.save(noteId);
  }

  flush(): Promise<void> {
    return this.writes.flush();
  }

  private async writeNow(noteId: string): Promise<void> {
    const users = this.notes.get(noteId);
    const entry = this.notebook.get(noteId);
    if (!users || !entry) return;
    const present = new Set(entry.note.paragraphs.map((p) => p.id));
    const out: StoredFile = { version: FILE_VERSION, noteId, users: {} };
    for (const [user, u] of users) {
      const paragraphs: StoredFile['users'][string]['paragraphs'] = {};
      for (const [pid, copy] of u.paragraphs) {
        // Copies of deleted paragraphs are dropped here rather than on every removal.
        if (present.has(pid)) paragraphs[pid] = runState(copy);
        else u.paragraphs.delete(pid);
      }
      out.users[user] = { ...(u.noteParams ? { noteParams: u.noteParams } : {}), paragraphs };
    }
    ensureSideFolder(this.dir);
    await atomicWrite(this.fileOf(noteId), `${JSON.stringify(out, null, 2)}\n`);
  }
}
