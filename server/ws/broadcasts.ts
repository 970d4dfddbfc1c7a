/**
 * The server-initiated frames shared by websocket handlers and REST routes, with Zeppelin's targets:
 * NOTES_INFO to all users, NOTE / PARAGRAPH to a note room, job updates to the job manager room.
 */
import { encodeServerFrame, type InterpreterBinding, type Note, type Paragraph, type ReceiveMap } from '../../protocol';
import type { ZeppelinConfig } from '../config';
import type { InterpreterRegistry } from '../interpreters/settings';
import { magicOf } from '../interpreters/settings';
import { noteJobInfo, removedJob } from '../notes/jobs';
import { isSessionNote, nameOf } from '../notes/paths';
import type { NoteAuthorization, Subject } from '../notes/authorization';
import type { Notebook, NoteEntry } from '../notes/notebook';
import { toWsNote, toWsParagraph } from '../notes/wire';
import { isPersonalized, personalOwner, type PersonalStore } from '../personal/store';
import type { LastRunStore } from '../execution/lastRuns';
import { liveRuns } from '../execution/live';
import { JOB_MANAGER_ROOM, type ConnectionManager } from './connections';
import { encodeFrameBytes } from './frameBytes';
import { NoteFrameCache } from './noteFrameCache';

export class Broadcasts {
  /** Per-user copies of personalized notes (PROTOCOL 5.7), set once at startup; without it every note is shared. */
  personal: PersonalStore | undefined;
  /** Each paragraph's last run (docs/protocol.md 4.2 `lastRun`), set once at startup; without it none is sent. */
  lastRuns: LastRunStore | undefined;
  private readonly noteFrames = new NoteFrameCache();

  constructor(
    private readonly notebook: Notebook,
    private readonly connections: ConnectionManager,
    private readonly config: ZeppelinConfig,
    private readonly interpreters: InterpreterRegistry,
    private readonly authorization?: NoteAuthorization,
  ) {
    notebook.onChange((e) => {
      if (e.kind === 'reloaded') this.noteFrames.clear();
      else this.noteFrames.drop(e.id);
      if (e.kind === 'created') this.jobUpdate([e.id]);
      if (e.kind === 'removed') this.jobRemoved(e.id);
    });
    connections.onRoomFrame = (room, op) => {
      if (op !== 'COLLABORATIVE_MODE_STATUS') this.noteFrames.drop(room);
    };
  }

  /**
   * The NOTE reply to a GET_NOTE, as bytes: a shared note's frame is encoded once until the note changes
   * (noteFrameCache.ts); a personalized note's is `user`'s own view, encoded each time (PROTOCOL 5.7).
   */
  noteFrame(entry: NoteEntry, user: string, personalView = true): Buffer {
    if (personalView && this.personal && isPersonalized(entry.note)) return encodeFrameBytes('NOTE', { note: this.wsNoteFor(entry, user) });
    return this.noteFrames.frame(entry, liveRuns.has(entry.id), () => encodeFrameBytes('NOTE', { note: this.wsNote(entry) }));
  }

  homeNoteId(): string | undefined {
    const id = this.config.getString('zeppelin.notebook.homescreen').trim();
    return id === '' ? undefined : id;
  }

  /** The note list, restricted to the notes `subject` may read when one is given (PROTOCOL 2.1). */
  notesInfoData(subject?: Subject): ReceiveMap['NOTES_INFO'] {
    const hide = this.config.getBool('zeppelin.notebook.homescreen.hide') ? this.homeNoteId() : undefined;
    // Session notes of /api/session are reached through their session, never from the note list.
    const notes = this.notebook.list(hide).filter((n) => !isSessionNote(n.path));
    return { notes: subject && this.authorization ? this.authorization.filter(notes, subject) : notes };
  }

  /** →ALL-U: each connection gets the list filtered by its own user and roles, encoded once per distinct subject. */
  notesInfo(): void {
    const lists = new Map<string, Buffer>();
    for (const c of this.connections.all()) {
      if (c.user === undefined) continue;
      const subject = { user: c.user, roles: c.roles };
      const key = JSON.stringify([c.user, [...c.roles].sort()]);
      let raw = lists.get(key);
      if (raw === undefined) {
        raw = Buffer.from(encodeServerFrame('NOTES_INFO', this.notesInfoData(subject)));
        lists.set(key, raw);
      }
      c.sendRaw(raw);
    }
  }

  wsNote(entry: NoteEntry): Note {
    return this.withLastRuns(entry, toWsNote(entry.note, entry.path));
  }

  private withLastRuns(entry: NoteEntry, note: Note): Note {
    const runs = this.lastRuns;
    // A personalized note's runs are each user's own (PROTOCOL 5.7): no last run is shared.
    return runs && !isPersonalized(entry.note) ? { ...note, paragraphs: note.paragraphs.map((p) => runs.withLastRun(entry.id, p)) } : note;
  }

  private wsParagraph(entry: NoteEntry, p: Paragraph): Paragraph {
    const out = toWsParagraph(p);
    return this.lastRuns && !isPersonalized(entry.note) ? this.lastRuns.withLastRun(entry.id, out) : out;
  }

  /** The note as `user` sees it: their own view when the note is personalized. */
  wsNoteFor(entry: NoteEntry, user: string): Note {
    if (!this.personal || !isPersonalized(entry.note)) return this.wsNote(entry);
    return this.withLastRuns(entry, toWsNote(this.personal.view(entry, user), entry.path));
  }

  note(entry: NoteEntry): void {
    if (this.personal && isPersonalized(entry.note)) {
      for (const user of this.connections.usersIn(entry.id)) this.noteTo(entry, user);
      return;
    }
    this.connections.toRoom(entry.id, 'NOTE', { note: this.wsNote(entry) });
  }

  /**
   * After a permission change: watchers who may no longer read the note leave its room, so none of its later frames
   * reach them, and get the AUTH_INFO a refused GET_NOTE gets, which their page shows as the permission dialog.
   */
  dropLostReaders(entry: NoteEntry): void {
    const authorization = this.authorization;
    if (!authorization) return;
    for (const c of this.connections.members(entry.id)) {
      const subject = { user: c.user ?? 'anonymous', roles: c.roles };
      if (authorization.allows(entry.id, subject, 'READER')) continue;
      this.connections.leave(c);
      c.send('AUTH_INFO', { info: authorization.denial(entry.id, subject, 'READER') });
    }
  }

  /** NOTE to one user's connections in the room. */
  noteTo(entry: NoteEntry, user: string): void {
    this.connections.toRoomUser(entry.id, user, 'NOTE', { note: this.wsNoteFor(entry, user) });
  }

  /** Note forms with the values `user` sees. */
  formsDataFor(entry: NoteEntry, user: string): ReceiveMap['SAVE_NOTE_FORMS'] {
    if (!this.personal || !isPersonalized(entry.note)) return this.formsData(entry.note);
    return { formsData: { forms: entry.note.noteForms ?? {}, params: this.personal.noteParams(entry, user) } };
  }

  /** Frames of one run (PROGRESS, output): a personal copy's go only to its user (stricter than Zeppelin, PROTOCOL 5.7). */
  runFrame<K extends 'PROGRESS' | 'PARAGRAPH_APPEND_OUTPUT' | 'PARAGRAPH_UPDATE_OUTPUT'>(entry: NoteEntry, p: Paragraph, op: K, data: ReceiveMap[K]): void {
    const owner = personalOwner(p);
    if (owner) this.connections.toRoomUser(entry.id, owner.user, op, data);
    else this.connections.toRoom(entry.id, op, data);
  }

  /** Resolves once the frames sent so far are written out (or after a short while): see ConnectionManager.whenWritten. */
  whenWritten(): Promise<void> {
    return this.connections.whenWritten();
  }

  /** NOTE_UPDATED to the note's room, e.g. after the scheduler recorded a run in `info.cronHistory`. */
  noteUpdated(entry: NoteEntry): void {
    this.connections.toRoom(entry.id, 'NOTE_UPDATED', { name: nameOf(entry.path), config: entry.note.config ?? {}, info: this.wsNote(entry).info ?? {} });
  }

  formsData(note: Note): ReceiveMap['SAVE_NOTE_FORMS'] {
    return { formsData: { forms: note.noteForms ?? {}, params: note.noteParams ?? {} } };
  }

  /** The common paragraph broadcast: SAVE_NOTE_FORMS immediately before PARAGRAPH (PROTOCOL 2.8). */
  paragraph(entry: NoteEntry, p: Paragraph, msgId?: string, opts: { forms?: boolean } = {}): void {
    const personal = this.personal;
    const owner = personalOwner(p);
    if (personal && (owner || isPersonalized(entry.note))) {
      // Each user gets their own copy; a copy's change goes to its user only (PROTOCOL 5.7).
      const master = entry.note.paragraphs.find((m) => m.id === p.id);
      const users = owner ? [owner.user] : this.connections.usersIn(entry.id);
      for (const user of users) {
        const view = master ? personal.viewParagraph(entry, master, user) : p;
        if (opts.forms !== false) this.connections.toRoomUser(entry.id, user, 'SAVE_NOTE_FORMS', this.formsDataFor(entry, user));
        this.connections.toRoomUser(entry.id, user, 'PARAGRAPH', { paragraph: this.wsParagraph(entry, view) }, { msgId });
      }
      return;
    }
    this.connections.toRoom(entry.id, 'SAVE_NOTE_FORMS', this.formsData(entry.note));
    this.connections.toRoom(entry.id, 'PARAGRAPH', { paragraph: this.wsParagraph(entry, p) }, { msgId });
  }

  jobManagerEnabled(): boolean {
    return this.config.getBool('zeppelin.jobmanager.enable', true);
  }

  jobUpdate(noteIds: string[]): void {
    if (!this.jobManagerEnabled() || this.connections.members(JOB_MANAGER_ROOM).length === 0) return;
    const jobs = noteIds.flatMap((id) => {
      const entry = this.notebook.get(id);
      return entry ? [noteJobInfo(entry)] : [];
    });
    if (jobs.length === 0) return;
    // Unlike Zeppelin, each subscriber only hears about the notes it could list (see jobsVisibleTo).
    for (const c of this.connections.members(JOB_MANAGER_ROOM)) {
      const visible = this.jobsVisibleTo(jobs, { user: c.user ?? 'anonymous', roles: c.roles });
      if (visible.length > 0) c.send('LIST_UPDATE_NOTE_JOBS', { noteRunningJobs: { lastResponseUnixTime: Date.now(), jobs: visible } });
    }
  }

  /** The job manager lists the notes the caller owns (PROTOCOL 2.5; everybody owns every note in anonymous mode). */
  jobsVisibleTo<T extends { noteId: string }>(jobs: readonly T[], subject: Subject): T[] {
    const a = this.authorization;
    return a ? jobs.filter((j) => a.allows(j.noteId, subject, 'OWNER')) : [...jobs];
  }

  jobRemoved(noteId: string): void {
    if (!this.jobManagerEnabled()) return;
    // The removal marker carries only the id, which subscribers that never saw the note simply ignore.
    this.connections.toRoom(JOB_MANAGER_ROOM, 'LIST_UPDATE_NOTE_JOBS', { noteRunningJobs: { lastResponseUnixTime: Date.now(), jobs: [removedJob(noteId)] } });
  }

  /**
   * Settings bound to a note (PROTOCOL 2.6): its default setting first, then those its paragraphs' magics
   * resolve to, each once and all selected.
   */
  bindings(note: Note): InterpreterBinding[] {
    const names: string[] = [];
    const add = (name: string | undefined): void => {
      if (name && !names.includes(name)) names.push(name);
    };
    add(this.interpreters.byName(note.defaultInterpreterGroup ?? '')?.name);
    for (const p of note.paragraphs) {
      const magic = magicOf(p.text);
      if (magic) add(this.interpreters.resolve(magic, note.defaultInterpreterGroup)?.setting.name);
    }
    return names.flatMap((name) => {
      const s = this.interpreters.byName(name);
      return s ? [{ id: s.id, name: s.name, interpreters: s.interpreterGroup, selected: true }] : [];
    });
  }
}
