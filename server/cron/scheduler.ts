/**
 * Per-note cron (PROTOCOL 5.9). The schedule follows the notes: every notebook change reconciles the changed
 * note's timer with its config, so NOTE_UPDATE, REST, renames into or out of allowed folders, trash, clone,
 * delete and reload all take effect without each caller having to remember the scheduler.
 *
 * A firing runs the note's stored paragraphs (the engine's run-all, as REST POST /api/notebook/job does) as
 * `cronExecutingUser`, unless a paragraph is still pending or running; afterwards the interpreters may be
 * released (`config.releaseresource`) and the run is recorded in the note's history.
 */
import type { ZeppelinConfig } from '../config';
import type { ExecutionEngine } from '../execution/engine';
import type { SessionManager } from '../interpreters/sessions';
import type { Notebook, NotebookEvent, NoteEntry } from '../notes/notebook';
import { errorMessage } from '../util/errors';
import type { Broadcasts } from '../ws/broadcasts';
import type { Clock, TimerHandle } from './clock';
import { appendRun, outcomeOf, type CronRun } from './history';
import { cronAllowedFor, cronExpressionOf, executingRoles, executingUser } from './policy';
import { QuartzSchedule } from './quartz';

export interface CronDeps {
  notebook: Notebook;
  engine: ExecutionEngine;
  sessions: SessionManager;
  broadcasts: Broadcasts;
  config: ZeppelinConfig;
  clock: Clock;
}

interface Slot {
  expression: string;
  schedule: QuartzSchedule;
  timer?: TimerHandle;
  nextAt?: number;
}

const busy = (entry: NoteEntry): boolean => entry.note.paragraphs.some((p) => p.status === 'PENDING' || p.status === 'RUNNING');

export class CronScheduler {
  private readonly slots = new Map<string, Slot>();
  private readonly inFlight = new Set<Promise<void>>();
  private unsubscribe?: () => void;

  constructor(private readonly deps: CronDeps) {}

  start(): void {
    this.unsubscribe = this.deps.notebook.onChange((e) => this.onEvent(e));
    for (const entry of this.deps.notebook.all()) this.refresh(entry.id);
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    for (const slot of this.slots.values()) slot.timer?.cancel();
    this.slots.clear();
  }

  /** Resolves when every run started by the scheduler has ended (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  isScheduled(noteId: string): boolean {
    return this.slots.has(noteId);
  }

  /** Epoch ms of the next firing, if the note is scheduled and its expression fires again. */
  nextFireTime(noteId: string): number | undefined {
    return this.slots.get(noteId)?.nextAt;
  }

  private onEvent(e: NotebookEvent): void {
    if (e.kind === 'reloaded') {
      for (const id of [...this.slots.keys()]) if (!this.deps.notebook.get(id)) this.refresh(id);
      for (const entry of this.deps.notebook.all()) this.refresh(entry.id);
      return;
    }
    this.refresh(e.id);
  }

  /**
   * Brings the note's timer in line with its config. A bad expression is reported in `info.cron`, as Zeppelin
   * does; the info change travels with the save that caused this refresh, so nothing is written from here.
   */
  refresh(noteId: string): void {
    const entry = this.deps.notebook.get(noteId);
    const expression = entry && cronAllowedFor(this.deps.config, entry.path) ? cronExpressionOf(entry.note.config) : undefined;
    const current = this.slots.get(noteId);
    if (current && current.expression === expression) return;
    if (current) {
      current.timer?.cancel();
      this.slots.delete(noteId);
    }
    if (!entry) return;
    if (expression === undefined) {
      this.setError(entry, undefined);
      return;
    }
    let schedule: QuartzSchedule;
    try {
      schedule = new QuartzSchedule(expression);
    } catch (e) {
      this.setError(entry, errorMessage(e));
      return;
    }
    this.setError(entry, undefined);
    const slot: Slot = { expression, schedule };
    this.slots.set(noteId, slot);
    this.arm(noteId, slot, this.deps.clock.now());
  }

  private setError(entry: NoteEntry, message: string | undefined): void {
    const info = entry.note.info;
    if (message === undefined) {
      if (info && 'cron' in info) delete info.cron;
      return;
    }
    entry.note.info = { ...(info ?? {}), cron: message };
  }

  private arm(noteId: string, slot: Slot, after: number): void {
    const next = slot.schedule.next(new Date(after));
    slot.nextAt = next?.getTime();
    if (slot.nextAt === undefined) return;
    const due = slot.nextAt;
    slot.timer = this.deps.clock.setTimer(() => this.fire(noteId, slot, due), Math.max(0, due - this.deps.clock.now()));
  }

  private fire(noteId: string, slot: Slot, due: number): void {
    if (this.slots.get(noteId) !== slot) return;
    // From the due time, not "now": a timer that wakes a little early must not fire the same occurrence twice.
    this.arm(noteId, slot, Math.max(due, this.deps.clock.now()));
    const run = this.runNote(noteId).catch((e: unknown) => console.error(`[cron] run of ${noteId} failed:`, e));
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }

  private async runNote(noteId: string): Promise<void> {
    const { notebook, engine, clock } = this.deps;
    const entry = notebook.get(noteId);
    if (!entry) return;
    const config = entry.note.config;
    const base = { startedAt: clock.now(), user: executingUser(config), roles: executingRoles(config) };
    if (busy(entry) || engine.runsSequentially(noteId)) {
      await this.record(entry, { ...base, durationMs: 0, outcome: 'SKIPPED', message: 'A paragraph of the note is pending or running' });
      return;
    }
    let run: CronRun;
    try {
      await engine.runAllStored(entry, base.user);
      run = { ...base, durationMs: clock.now() - base.startedAt, ...outcomeOf(entry.note.paragraphs) };
    } catch (e) {
      run = { ...base, durationMs: clock.now() - base.startedAt, outcome: 'FAILED', message: errorMessage(e) };
    }
    if (!notebook.get(noteId)) return;
    if (entry.note.config?.releaseresource === true) await this.release(entry);
    await this.record(entry, run);
  }

  private async record(entry: NoteEntry, run: CronRun): Promise<void> {
    appendRun(entry.note, run);
    await this.deps.notebook.save(entry.id);
    // Viewers' cron panels refresh on it; it also carries the run's info to a note page that is open.
    this.deps.broadcasts.noteUpdated(entry);
  }

  /**
   * Closes the interpreter sessions the note used. A session shared with other notes is left alone while any
   * other note has a paragraph pending or running: closing it would abort their work.
   */
  private async release(entry: NoteEntry): Promise<void> {
    const { notebook, engine, sessions, broadcasts } = this.deps;
    const othersBusy = notebook.all().some((e) => e.id !== entry.id && busy(e));
    for (const binding of broadcasts.bindings(entry.note)) {
      const sessionId = engine.sessionIdFor(entry, binding.name, executingUser(entry.note.config));
      const session = sessionId === undefined ? undefined : sessions.existing(sessionId);
      if (!session || (session.noteId === undefined && othersBusy)) continue;
      try {
        await engine.restart(binding.id, entry.id);
      } catch (e) {
        console.warn(`[cron] releasing ${binding.name} after the run of ${entry.id} failed: ${errorMessage(e)}`);
      }
    }
  }
}
