/**
 * Interpreter sessions: one per setting when the setting is shared, else one per (setting, user), (setting, note) or
 * (setting, user, note), as the setting's Per User and Per Note modes say (sessionKey). A session owns the scheduler (jobs start in order, one at a time,
 * or several at once for `%jdbc`) and lazily opens one interpreter instance per interpreter class, so `%sql` and
 * `%duckdb` of the same setting share a database.
 */
import type { InterpreterInfo, InterpreterSetting } from '../../protocol';
import { errorMessage } from '../util/errors';
import { createInterpreter, parallelOf } from './registry';
import { FifoScheduler } from './scheduler';
import { ResourcePool, type PoolApi } from './pool/resourcePool';
import { propertyValues, type InterpreterRegistry } from './settings';
import type { Interpreter } from './types';

export const SHARED = 'shared_process';

/** Who runs what: the scope a session is chosen for. */
export interface SessionScope {
  noteId: string;
  user: string;
}

const separate = (mode: string | undefined): boolean => (mode ?? 'shared') !== 'shared';

/**
 * The session a run belongs to, keyed as Zeppelin keys interpreter groups: `<setting id>-shared_process`, or the
 * setting id followed by the user when Per User is scoped or isolated and by the note when Per Note is. This server
 * starts a separate interpreter for every key, so scoped and isolated differ only in name here.
 */
export function sessionKey(setting: InterpreterSetting, scope: SessionScope): string {
  const parts = [
    ...(separate(setting.option?.perUser) ? [scope.user] : []),
    ...(separate(setting.option?.perNote) ? [scope.noteId] : []),
  ];
  return `${setting.id}-${parts.length === 0 ? SHARED : parts.join('-')}`;
}

export class InterpreterSession {
  readonly scheduler: FifoScheduler;
  private readonly instances = new Map<string, Promise<Interpreter>>();
  private readonly opened = new Map<string, Interpreter>();
  closed = false;
  /** When the session's first interpreter finished starting. */
  startedAt: Date | undefined;

  constructor(
    readonly id: string,
    /** Replaced, never edited, by `%<group>.conf` before the first interpreter starts (interpreters/conf.ts). */
    public setting: InterpreterSetting,
    /** The note or user the session serves alone; undefined when notes or users share it. */
    readonly noteId: string | undefined,
    readonly confDir: string,
    readonly user: string | undefined,
    private readonly resources: ResourcePool,
  ) {
    // Read when a job could start: `%<group>.conf` may still replace the setting.
    this.scheduler = new FifoScheduler(() => parallelOf(this.setting.interpreterGroup.map((i) => i.class), propertyValues(this.setting)));
  }

  /** The open interpreter for `info`, started on first use; a failed start is forgotten so the next run retries. */
  get(info: InterpreterInfo): Promise<Interpreter> {
    let p = this.instances.get(info.class);
    if (!p) {
      const cls = info.class;
      p = (async () => {
        const interp = await createInterpreter(cls, {
          properties: propertyValues(this.setting), confDir: this.confDir, sessionId: this.id, settingName: this.setting.name,
          poolDir: () => this.resources.dir,
        });
        await interp.open();
        this.opened.set(cls, interp);
        this.startedAt ??= new Date();
        return interp;
      })();
      p.catch(() => this.instances.delete(cls));
      this.instances.set(cls, p);
    }
    return p;
  }

  /** True once an interpreter of this session is starting or started: its properties are fixed from then on. */
  get started(): boolean {
    return this.instances.size > 0;
  }

  /** Interpreters already running in this session (completion and angular updates never start one). */
  running(): Interpreter[] {
    return [...this.opened.values()];
  }

  /** The resource pool as a run of `user` in `noteId` sees it from this session. */
  pool(noteId: string, user: string): PoolApi {
    return this.resources.view(this, noteId, user);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.scheduler.dropAll();
    this.resources.dropSession(this.id);
    const all = [...this.instances.values()];
    this.instances.clear();
    this.opened.clear();
    await Promise.all(all.map(async (p) => {
      try {
        await (await p).close();
      } catch (e) {
        console.warn(`[interpreters] closing ${this.id}: ${errorMessage(e)}`);
      }
    }));
  }
}

export class SessionManager {
  private readonly sessions = new Map<string, InterpreterSession>();
  /** One pool for the server; each session's values are its own part of it (pool/resourcePool.ts). */
  private readonly resources = new ResourcePool();

  constructor(
    private readonly registry: InterpreterRegistry,
    readonly confDir: string,
  ) {}

  static sessionId(setting: InterpreterSetting, scope: SessionScope): string {
    return sessionKey(setting, scope);
  }

  sessionFor(setting: InterpreterSetting, scope: SessionScope): InterpreterSession {
    const id = sessionKey(setting, scope);
    let s = this.sessions.get(id);
    if (!s) {
      const perNote = separate(setting.option?.perNote) ? scope.noteId : undefined;
      const perUser = separate(setting.option?.perUser) ? scope.user : undefined;
      s = new InterpreterSession(id, setting, perNote, this.confDir, perUser, this.resources);
      this.sessions.set(id, s);
    }
    return s;
  }

  /** A session under an id chosen by the caller (the sessions of /api/session, interpreters/zsessions.ts). */
  named(id: string, setting: InterpreterSetting, noteId: string): InterpreterSession {
    let s = this.sessions.get(id);
    if (!s) {
      s = new InterpreterSession(id, setting, noteId, this.confDir, undefined, this.resources);
      this.sessions.set(id, s);
    }
    return s;
  }

  /** Closes and forgets these sessions; the next run under one of the ids starts afresh. */
  async close(ids: readonly string[]): Promise<void> {
    const doomed = ids.map((id) => this.sessions.get(id)).filter((s): s is InterpreterSession => s !== undefined);
    for (const s of doomed) this.sessions.delete(s.id);
    await Promise.all(doomed.map((s) => s.close()));
  }

  existing(id: string): InterpreterSession | undefined {
    return this.sessions.get(id);
  }

  all(): InterpreterSession[] {
    return [...this.sessions.values()];
  }

  /**
   * Closes the sessions of a setting (all of them, or only the one serving `noteId`); the setting is re-read from
   * interpreter.json first, and the next run starts a fresh session lazily.
   */
  async restart(settingId: string, noteId?: string): Promise<InterpreterSetting | undefined> {
    const doomed = this.all().filter((s) => s.setting.id === settingId && (noteId === undefined || s.noteId === undefined || s.noteId === noteId));
    for (const s of doomed) this.sessions.delete(s.id);
    await Promise.all(doomed.map((s) => s.close()));
    return this.registry.reloadFromDisk(settingId);
  }

  async closeAll(): Promise<void> {
    const all = this.all();
    this.sessions.clear();
    await Promise.all(all.map((s) => s.close()));
    this.resources.close();
  }
}
