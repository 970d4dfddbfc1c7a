/** @jest-environment node */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Paragraph } from '../../protocol';
import { AngularService } from '../../server/angular/service';
import { DEFAULTS, ZeppelinConfig } from '../../server/config';
import type { Clock, TimerHandle } from '../../server/cron/clock';
import { historyOf, type CronRun } from '../../server/cron/history';
import { executingRoles, runAsRefusal } from '../../server/cron/policy';
import { CRON_PRESETS } from '../../protocol';
import { isValidQuartz, QuartzSchedule } from '../../server/cron/quartz';
import { CronScheduler } from '../../server/cron/scheduler';
import { ExecutionEngine } from '../../server/execution/engine';
import { StatusWriter } from '../../server/execution/status';
import { SessionManager } from '../../server/interpreters/sessions';
import { InterpreterRegistry, loadInterpreterSettings } from '../../server/interpreters/settings';
import { noteJobInfo } from '../../server/notes/jobs';
import { Notebook, type NoteEntry } from '../../server/notes/notebook';
import { NoteRepo } from '../../server/storage/noteRepo';
import { Broadcasts } from '../../server/ws/broadcasts';
import { ConnectionManager } from '../../server/ws/connections';
import { tempDir } from './helpers/harness';

jest.setTimeout(30000);

/** Timers fire only when the test moves time on, in due order, including timers set while firing. */
class FakeClock implements Clock {
  private timers: { due: number; fn: () => void; cancelled: boolean }[] = [];

  constructor(private t: number) {}

  now(): number {
    return this.t;
  }

  setTimer(fn: () => void, delayMs: number): TimerHandle {
    const timer = { due: this.t + delayMs, fn, cancelled: false };
    this.timers.push(timer);
    return { cancel: () => { timer.cancelled = true; } };
  }

  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const next = this.timers.filter((x) => !x.cancelled && x.due <= end).sort((x, y) => x.due - y.due)[0];
      if (!next) break;
      this.timers = this.timers.filter((x) => x !== next);
      this.t = next.due;
      next.fn();
    }
    this.t = end;
  }

  pending(): number {
    return this.timers.filter((x) => !x.cancelled).length;
  }
}

interface World {
  notebook: Notebook;
  engine: ExecutionEngine;
  sessions: SessionManager;
  scheduler: CronScheduler;
  clock: FakeClock;
  close(): Promise<void>;
}

// 10:00:30 local time, so a 1-minute schedule first fires 30 s later.
const START = new Date(2026, 2, 2, 10, 0, 30).getTime();

/** The server's parts wired as app.ts wires them, with a fake clock in the scheduler. */
async function world(settings: Record<string, string> = {}): Promise<World> {
  const dir = tempDir('zpl-cron-');
  const notebookDir = join(dir, 'notebook');
  const confDir = join(dir, 'conf');
  mkdirSync(confDir, { recursive: true });
  const config = new ZeppelinConfig({ ...DEFAULTS, 'zeppelin.notebook.dir': notebookDir, ...settings });
  const repo = new NoteRepo(notebookDir);
  await repo.init();
  const interpreters = new InterpreterRegistry(loadInterpreterSettings(confDir), config.getString('zeppelin.interpreter.group.default'), confDir);
  const notebook = new Notebook(repo, interpreters);
  await notebook.reload();
  const connections = new ConnectionManager(true);
  const broadcasts = new Broadcasts(notebook, connections, config, interpreters);
  const sessions = new SessionManager(interpreters, confDir);
  const angular = new AngularService(notebook, connections, interpreters, sessions);
  const engine = new ExecutionEngine({ notebook, connections, broadcasts, config, interpreters, sessions, angular, status: new StatusWriter(notebook, broadcasts) });
  const clock = new FakeClock(START);
  const scheduler = new CronScheduler({ notebook, engine, sessions, broadcasts, config, clock });
  scheduler.start();
  return {
    notebook, engine, sessions, scheduler, clock,
    close: async () => {
      scheduler.stop();
      await scheduler.settled();
      await engine.close();
      await notebook.flush();
    },
  };
}

async function scheduledNote(w: World, path: string, texts: string[], config: Record<string, unknown>): Promise<NoteEntry> {
  const entry = await w.notebook.create(path, { defaultInterpreterGroup: 'md', emptyParagraph: true });
  entry.note.paragraphs[0].text = texts[0];
  for (const text of texts.slice(1)) {
    const p: Paragraph = { ...structuredClone(entry.note.paragraphs[0]), id: `paragraph_${Math.random().toString(36).slice(2)}`, text };
    entry.note.paragraphs.push(p);
  }
  w.notebook.setNoteField(entry, 'config', { ...(entry.note.config ?? {}), ...config });
  await w.notebook.save(entry.id);
  return entry;
}

const resultText = (p: Paragraph): string => (p.results?.msg ?? []).map((m) => m.data).join('');

describe('Quartz expressions', () => {
  test('every preset is valid and fires where Quartz would', () => {
    const from = new Date(2026, 0, 1, 10, 7, 30);
    const next = (cron: string): Date | undefined => new QuartzSchedule(cron).next(from);
    for (const p of CRON_PRESETS.filter((x) => x.cron !== '')) expect(isValidQuartz(p.cron)).toBe(true);
    expect(next('0 0/1 * * * ?')).toEqual(new Date(2026, 0, 1, 10, 8, 0));
    expect(next('0 0/5 * * * ?')).toEqual(new Date(2026, 0, 1, 10, 10, 0));
    expect(next('0 0 0/1 * * ?')).toEqual(new Date(2026, 0, 1, 11, 0, 0));
    expect(next('0 0 0/3 * * ?')).toEqual(new Date(2026, 0, 1, 12, 0, 0));
    expect(next('0 0 0/6 * * ?')).toEqual(new Date(2026, 0, 1, 12, 0, 0));
    expect(next('0 0 0/12 * * ?')).toEqual(new Date(2026, 0, 1, 12, 0, 0));
    expect(next('0 0 0 * * ?')).toEqual(new Date(2026, 0, 2, 0, 0, 0));
  });

  test("Quartz weekdays (1 = Sunday), '#', 'L', 'W', a start offset and the year field", () => {
    // 2026-01-01 is a Thursday.
    const from = new Date(2026, 0, 1, 0, 0, 0);
    const next = (cron: string): Date | undefined => new QuartzSchedule(cron).next(from);
    expect(next('0 0 12 ? * 2')).toEqual(new Date(2026, 0, 5, 12, 0, 0));
    expect(next('0 0 12 ? * MON')).toEqual(new Date(2026, 0, 5, 12, 0, 0));
    expect(next('0 0 12 ? * 1')).toEqual(new Date(2026, 0, 4, 12, 0, 0));
    expect(next('0 0 12 ? * L')).toEqual(new Date(2026, 0, 3, 12, 0, 0));
    expect(next('0 0 12 ? * 6#3')).toEqual(new Date(2026, 0, 16, 12, 0, 0));
    expect(next('0 0 12 ? * 6L')).toEqual(new Date(2026, 0, 30, 12, 0, 0));
    expect(next('0 0 12 L * ?')).toEqual(new Date(2026, 0, 31, 12, 0, 0));
    expect(next('0 0 12 LW * ?')).toEqual(new Date(2026, 0, 30, 12, 0, 0));
    expect(next('0 0 12 3W * ?')).toEqual(new Date(2026, 0, 2, 12, 0, 0));
    expect(next('10/20 * * * * ?')).toEqual(new Date(2026, 0, 1, 0, 0, 10));
    expect(next('0 0 12 * * ? 2027')).toEqual(new Date(2027, 0, 1, 12, 0, 0));
    expect(new QuartzSchedule('0 0 12 * * ? 2020').next(from)).toBeUndefined();
  });

  test('what Quartz refuses is refused', () => {
    for (const bad of ['* * * * *', '0 0 12 * * *', '0 0 12 ? * ?', '0 0 12 ? * 8', '0 0 12 ? * 0', '0 61 * * * ?', '0 0 12 L-3 * ?', 'nonsense', '']) {
      expect([bad, isValidQuartz(bad)]).toEqual([bad, false]);
    }
  });
});

describe('run-as identity', () => {
  test('roles as a JSON string, an array or a list', () => {
    expect(executingRoles({ cronExecutingRoles: '["admin","ops"]' })).toEqual(['admin', 'ops']);
    expect(executingRoles({ cronExecutingRoles: ['admin'] })).toEqual(['admin']);
    expect(executingRoles({ cronExecutingRoles: 'a, b' })).toEqual(['a', 'b']);
    expect(executingRoles({ cronExecutingRoles: '' })).toEqual([]);
  });

  test('only the caller, or a role of the caller, may be named', () => {
    expect(runAsRefusal({ cronExecutingUser: 'anonymous', cronExecutingRoles: '[]' }, 'anonymous', [])).toBeUndefined();
    expect(runAsRefusal({ cronExecutingUser: 'ops' }, 'alice', ['ops'])).toBeUndefined();
    expect(runAsRefusal({ cronExecutingUser: 'bob' }, 'alice', [])).toMatch(/^Wrong configs/);
    expect(runAsRefusal({ cronExecutingRoles: '["admin"]' }, 'alice', ['ops'])).toMatch(/admin/);
  });
});

describe('cron scheduler with an injected clock', () => {
  let w: World;
  beforeEach(async () => {
    w = await world();
  });
  afterEach(async () => {
    await w.close();
  });

  test('a 1-minute note runs at the minute, as the executing user, and keeps a history', async () => {
    const entry = await scheduledNote(w, '/cron/every-minute', ['%md hello *cron*'], { cron: '0 0/1 * * * ?', cronExecutingUser: 'alice', cronExecutingRoles: '["analyst"]' });
    expect(w.scheduler.nextFireTime(entry.id)).toBe(new Date(2026, 2, 2, 10, 1, 0).getTime());
    expect(noteJobInfo(entry).noteType).toBe('cron');

    w.clock.advance(29_999);
    await w.scheduler.settled();
    expect(entry.note.paragraphs[0].status).not.toBe('FINISHED');
    expect(historyOf(entry.note)).toEqual([]);

    w.clock.advance(1);
    await w.scheduler.settled();
    const p = entry.note.paragraphs[0];
    expect(p.status).toBe('FINISHED');
    expect(resultText(p)).toContain('<em>cron</em>');
    expect(p.user).toBe('alice');
    expect(historyOf(entry.note)).toEqual([
      { startedAt: new Date(2026, 2, 2, 10, 1, 0).getTime(), durationMs: 0, outcome: 'SUCCESS', user: 'alice', roles: ['analyst'] },
    ]);
    expect(w.scheduler.nextFireTime(entry.id)).toBe(new Date(2026, 2, 2, 10, 2, 0).getTime());

    w.clock.advance(60_000);
    await w.scheduler.settled();
    expect(historyOf(entry.note)).toHaveLength(2);
    // The history is part of the note, so it is saved with it.
    await w.notebook.flush();
    await w.notebook.reloadOne(entry.id);
    expect(historyOf(w.notebook.mustGet(entry.id).note)).toHaveLength(2);
  });

  test('a firing is skipped while a paragraph of the note is pending or running', async () => {
    const entry = await scheduledNote(w, '/cron/busy', ['%md one', '%md two'], { cron: '0 0/1 * * * ?' });
    entry.note.paragraphs[1].status = 'RUNNING';
    w.clock.advance(30_000);
    await w.scheduler.settled();
    expect(entry.note.paragraphs[0].status).not.toBe('FINISHED');
    expect(w.engine.runsSequentially(entry.id)).toBe(false);
    const [skipped] = historyOf(entry.note);
    expect(skipped).toMatchObject({ outcome: 'SKIPPED', durationMs: 0, user: 'anonymous' });

    entry.note.paragraphs[1].status = 'READY';
    w.clock.advance(60_000);
    await w.scheduler.settled();
    expect(entry.note.paragraphs.map((p) => p.status)).toEqual(['FINISHED', 'FINISHED']);
    expect(historyOf(entry.note).map((r) => r.outcome)).toEqual(['SUCCESS', 'SKIPPED']);
  });

  test('the failing paragraph is recorded', async () => {
    const entry = await scheduledNote(w, '/cron/failing', ['%md fine', '%nosuch x', '%md after'], { cron: '0 0/1 * * * ?' });
    w.clock.advance(30_000);
    await w.scheduler.settled();
    const [run] = historyOf(entry.note);
    expect(run).toMatchObject<Partial<CronRun>>({ outcome: 'ERROR', paragraphId: entry.note.paragraphs[1].id, message: 'Interpreter nosuch not found' });
  });

  test('releaseresource closes the interpreter sessions after the run', async () => {
    const kept = await scheduledNote(w, '/cron/keep', ['%md keep'], { cron: '0 0/1 * * * ?' });
    w.clock.advance(30_000);
    await w.scheduler.settled();
    expect(historyOf(kept.note)[0].outcome).toBe('SUCCESS');
    expect(w.sessions.all().map((s) => s.setting.name)).toEqual(['md']);

    w.notebook.setNoteField(kept, 'config', { ...kept.note.config, cron: '', releaseresource: false });
    await w.notebook.save(kept.id);
    await scheduledNote(w, '/cron/release', ['%md release'], { cron: '0 0/1 * * * ?', releaseresource: true });
    w.clock.advance(60_000);
    await w.scheduler.settled();
    expect(w.sessions.all()).toEqual([]);
  });

  test('the schedule follows edits, bad expressions, trash and deletion', async () => {
    const entry = await scheduledNote(w, '/cron/edits', ['%md x'], { cron: 'not a cron' });
    expect(w.scheduler.isScheduled(entry.id)).toBe(false);
    expect(entry.note.info?.cron).toMatch(/Invalid cron expression 'not a cron'/);

    w.notebook.setNoteField(entry, 'config', { ...entry.note.config, cron: '0 0 0 * * ?' });
    await w.notebook.save(entry.id);
    expect(entry.note.info?.cron).toBeUndefined();
    expect(w.scheduler.nextFireTime(entry.id)).toBe(new Date(2026, 2, 3, 0, 0, 0).getTime());

    await w.notebook.trashNote(entry.id);
    expect(w.scheduler.isScheduled(entry.id)).toBe(false);
    await w.notebook.restoreNote(entry.id);
    expect(w.scheduler.isScheduled(entry.id)).toBe(true);

    await w.notebook.remove(entry.id);
    expect(w.scheduler.isScheduled(entry.id)).toBe(false);
    expect(w.clock.pending()).toBe(0);
  });
});

describe('cron configuration', () => {
  test('only notes under zeppelin.notebook.cron.folders are scheduled; moving a note in or out counts', async () => {
    const w = await world({ 'zeppelin.notebook.cron.folders': '/allowed, /also' });
    try {
      const outside = await scheduledNote(w, '/other/n', ['%md x'], { cron: '0 0/1 * * * ?' });
      const inside = await scheduledNote(w, '/allowed/n', ['%md x'], { cron: '0 0/1 * * * ?' });
      expect(w.scheduler.isScheduled(outside.id)).toBe(false);
      expect(w.scheduler.isScheduled(inside.id)).toBe(true);
      await w.notebook.rename(outside.id, '/also/n');
      expect(w.scheduler.isScheduled(outside.id)).toBe(true);
    } finally {
      await w.close();
    }
  });

  test('with zeppelin.notebook.cron.enable=false nothing is scheduled', async () => {
    const w = await world({ 'zeppelin.notebook.cron.enable': 'false' });
    try {
      const entry = await scheduledNote(w, '/off', ['%md x'], { cron: '0 0/1 * * * ?' });
      expect(w.scheduler.isScheduled(entry.id)).toBe(false);
      w.clock.advance(120_000);
      await w.scheduler.settled();
      expect(historyOf(entry.note)).toEqual([]);
    } finally {
      await w.close();
    }
  });
});
