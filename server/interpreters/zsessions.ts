/**
 * The interpreter sessions of `/api/session` (Zeppelin's SessionRestApi, which the Python SDK's ZSession uses).
 * A session is a note at `/_ZSession/<interpreter>/<sessionId>`, kept out of the note list, whose runs get
 * interpreter processes of their own whatever the setting's sharing option says, until the session is stopped.
 *
 * Notes:
 * - `state` is Zeppelin's: READY until an interpreter of the session started, RUNNING while one is open, STOPPED
 *   when they were closed from elsewhere (an interpreter restart); a later run makes it RUNNING again.
 * - Deleting the session's note by any other route stops the session too.
 */
import type { InterpreterSetting } from '../../protocol';
import type { Notebook, NoteEntry } from '../notes/notebook';
import { normalizeNotePath, SESSION_NOTES_FOLDER } from '../notes/paths';
import { formatFileDate } from '../util/dates';
import { ZeppelinError } from '../util/errors';
import type { InterpreterSession, SessionManager } from './sessions';
import type { InterpreterRegistry } from './settings';

export interface SessionInfo {
  sessionId: string;
  noteId: string;
  interpreter: string;
  state: 'READY' | 'RUNNING' | 'STOPPED';
  /** An interpreter's own web UI (Spark's, Flink's); none of this server's interpreters has one. */
  weburl?: string;
  /** When the session's interpreter started, `yyyy-MM-dd HH:mm:ss` in server time. */
  startTime?: string;
}

interface ZSession {
  sessionId: string;
  noteId: string;
  interpreter: string;
  /** Ids of the interpreter sessions its runs used (one per setting). */
  interpreterSessions: Set<string>;
  wasRunning: boolean;
}

export const noSuchSession = (id: string): ZeppelinError => new ZeppelinError(`No such session: ${id}`, 'NOT_FOUND');

export class ZSessionRegistry {
  private readonly byId = new Map<string, ZSession>();
  private readonly byNote = new Map<string, ZSession>();
  private lastStamp = 0;

  constructor(
    private readonly notebook: Notebook,
    private readonly interpreters: InterpreterRegistry,
    private readonly sessions: SessionManager,
  ) {
    notebook.onChange((e) => {
      if (e.kind !== 'removed') return;
      const gone = this.byNote.get(e.id);
      if (!gone) return;
      this.forget(gone);
      this.sessions.close([...gone.interpreterSessions]).catch((err: unknown) => console.error(`[sessions] closing ${gone.sessionId} failed:`, err));
    });
  }

  /** Checks everything before the note is made, so a refused request leaves nothing behind. */
  async create(interpreter: string | undefined): Promise<{ info: SessionInfo; note: NoteEntry }> {
    if (interpreter === undefined || interpreter.trim() === '') throw new ZeppelinError('interpreter is required', 'BAD_REQUEST');
    const resolved = this.interpreters.resolve(interpreter, undefined);
    if (!resolved?.info) throw new ZeppelinError(`Interpreter ${interpreter} not found`, 'BAD_REQUEST');
    const sessionId = this.freshId(interpreter);
    const path = normalizeNotePath(`${SESSION_NOTES_FOLDER}/${interpreter}/${sessionId}`);
    const note = await this.notebook.create(path, { defaultInterpreterGroup: resolved.setting.name });
    const session: ZSession = { sessionId, noteId: note.id, interpreter, interpreterSessions: new Set(), wasRunning: false };
    this.byId.set(sessionId, session);
    this.byNote.set(note.id, session);
    return { info: this.describe(session), note };
  }

  /** Zeppelin's `<interpreter>_<epoch millis>`, made unique when two sessions start within a millisecond. */
  private freshId(interpreter: string): string {
    this.lastStamp = Math.max(Date.now(), this.lastStamp + 1);
    return `${interpreter}_${this.lastStamp}`;
  }

  get(sessionId: string): SessionInfo | undefined {
    const s = this.byId.get(sessionId);
    return s && this.describe(s);
  }

  list(interpreter?: string): SessionInfo[] {
    return [...this.byId.values()].filter((s) => !interpreter || s.interpreter === interpreter).map((s) => this.describe(s));
  }

  /** Forgets the session and answers what has to be ended: its note and its interpreter sessions. */
  take(sessionId: string): { noteId: string; interpreterSessions: string[] } {
    const s = this.byId.get(sessionId);
    if (!s) throw noSuchSession(sessionId);
    this.forget(s);
    return { noteId: s.noteId, interpreterSessions: [...s.interpreterSessions] };
  }

  private forget(s: ZSession): void {
    this.byId.delete(s.sessionId);
    this.byNote.delete(s.noteId);
  }

  /** The interpreter session for a run of `setting` in `noteId`: the named session's, else the note's if it is a session note. */
  interpreterSession(setting: InterpreterSetting, noteId: string, sessionId?: string): InterpreterSession | undefined {
    const s = sessionId ? this.byId.get(sessionId) : this.byNote.get(noteId);
    if (!s) return undefined;
    const id = `${setting.id}-${s.sessionId}`;
    s.interpreterSessions.add(id);
    return this.sessions.named(id, setting, s.noteId);
  }

  private describe(s: ZSession): SessionInfo {
    const open = [...s.interpreterSessions]
      .map((id) => this.sessions.existing(id))
      .filter((x): x is InterpreterSession => x !== undefined && x.running().length > 0);
    const started = open.map((x) => x.startedAt).filter((d): d is Date => d !== undefined).sort((a, b) => a.getTime() - b.getTime())[0];
    if (open.length > 0) s.wasRunning = true;
    const state = open.length > 0 ? 'RUNNING' : s.wasRunning ? 'STOPPED' : 'READY';
    const info: SessionInfo = { sessionId: s.sessionId, noteId: s.noteId, interpreter: s.interpreter, state };
    if (started) info.startTime = formatFileDate(started).slice(0, 19);
    return info;
  }
}
