/**
 * The server-initiated frames shared by websocket handlers and REST routes, with Zeppelin's targets:
 * NOTES_INFO to all users, NOTE / PARAGRAPH to a note room, job updates to the job manager room.
 */
import type { InterpreterBinding, Note, Paragraph, ReceiveMap } from '../../src/protocol';
import type { ZeppelinConfig } from '../config';
import type { InterpreterRegistry } from '../interpreters/settings';
import { magicOf } from '../interpreters/settings';
import { noteJobInfo, removedJob } from '../notes/jobs';
import type { Notebook, NoteEntry } from '../notes/notebook';
import { toWsNote, toWsParagraph } from '../notes/wire';
import { JOB_MANAGER_ROOM, type ConnectionManager } from './connections';

export class Broadcasts {
  constructor(
    private readonly notebook: Notebook,
    private readonly connections: ConnectionManager,
    private readonly config: ZeppelinConfig,
    private readonly interpreters: InterpreterRegistry,
  ) {
    notebook.onChange((e) => {
      if (e.kind === 'created') this.jobUpdate([e.id]);
      if (e.kind === 'removed') this.jobRemoved(e.id);
    });
  }

  homeNoteId(): string | undefined {
    const id = this.config.getString('zeppelin.notebook.homescreen').trim();
    return id === '' ? undefined : id;
  }

  notesInfoData(): ReceiveMap['NOTES_INFO'] {
    const hide = this.config.getBool('zeppelin.notebook.homescreen.hide') ? this.homeNoteId() : undefined;
    return { notes: this.notebook.list(hide) };
  }

  /** Every user sees every note in anonymous mode, so one list serves all (per-user filtering comes with auth). */
  notesInfo(): void {
    this.connections.toAllUsers('NOTES_INFO', this.notesInfoData());
  }

  wsNote(entry: NoteEntry): Note {
    return toWsNote(entry.note, entry.path);
  }

  note(entry: NoteEntry): void {
    this.connections.toRoom(entry.id, 'NOTE', { note: this.wsNote(entry) });
  }

  formsData(note: Note): ReceiveMap['SAVE_NOTE_FORMS'] {
    return { formsData: { forms: note.noteForms ?? {}, params: note.noteParams ?? {} } };
  }

  /** The common paragraph broadcast: SAVE_NOTE_FORMS immediately before PARAGRAPH (PROTOCOL 2.8). */
  paragraph(entry: NoteEntry, p: Paragraph, msgId?: string): void {
    this.connections.toRoom(entry.id, 'SAVE_NOTE_FORMS', this.formsData(entry.note));
    this.connections.toRoom(entry.id, 'PARAGRAPH', { paragraph: toWsParagraph(p) }, { msgId });
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
    this.connections.toRoom(JOB_MANAGER_ROOM, 'LIST_UPDATE_NOTE_JOBS', { noteRunningJobs: { lastResponseUnixTime: Date.now(), jobs } });
  }

  jobRemoved(noteId: string): void {
    if (!this.jobManagerEnabled()) return;
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
