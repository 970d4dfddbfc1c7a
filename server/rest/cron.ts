/**
 * The cron endpoints of PROTOCOL 3.4, and the scheduler's lifetime: it starts with the routes and stops when
 * the server closes.
 *
 * Deviations, both so that a schedule set here is not lost: the new config is saved (Zeppelin only changes it in
 * memory), and the note's viewers get NOTE_UPDATED (otherwise their next NOTE_UPDATE, which sends the whole
 * config, would drop the schedule again).
 */
import type { FastifyInstance } from 'fastify';
import { systemClock, type Clock } from '../cron/clock';
import { historyOf } from '../cron/history';
import { cronAllowedFor } from '../cron/policy';
import { isValidQuartz } from '../cron/quartz';
import { CronScheduler } from '../cron/scheduler';
import type { NoteEntry } from '../notes/notebook';
import { nameOf } from '../notes/paths';
import type { Services } from '../services';
import { ZeppelinError } from '../util/errors';
import { bodyObject, ok, wrap } from './envelope';

type NoteParams = { Params: { noteId: string } };

export function registerCronRoutes(app: FastifyInstance, s: Services, clock: Clock = systemClock): CronScheduler {
  const scheduler = new CronScheduler({ notebook: s.notebook, engine: s.engine, sessions: s.sessions, broadcasts: s.broadcasts, config: s.config, clock });
  scheduler.start();
  app.addHook('onClose', async () => {
    scheduler.stop();
    await scheduler.settled();
  });

  /** The note, once cron is possible for it: a folder outside the allow-list is as forbidden as cron being off. */
  const schedulable = (noteId: string): NoteEntry => {
    const entry = s.notebook.mustGet(noteId);
    if (!cronAllowedFor(s.config, entry.path)) throw new ZeppelinError('Cron is not enabled from Zeppelin server', 'FORBIDDEN');
    return entry;
  };

  const saveConfig = async (entry: NoteEntry, config: Record<string, unknown>): Promise<void> => {
    s.notebook.setNoteField(entry, 'config', config);
    await s.notebook.save(entry.id);
    s.connections.toRoom(entry.id, 'NOTE_UPDATED', { name: nameOf(entry.path), config: entry.note.config ?? {}, info: s.broadcasts.wsNote(entry).info ?? {} });
  };

  app.post('/api/notebook/cron/:noteId', wrap<NoteParams>(async (req, reply) => {
    const entry = schedulable(req.params.noteId);
    const body = bodyObject(req.body);
    const cron = body.cron;
    if (typeof cron !== 'string' || !isValidQuartz(cron)) throw new ZeppelinError('wrong cron expressions.', 'BAD_REQUEST');
    await saveConfig(entry, { ...(entry.note.config ?? {}), cron, releaseresource: body.releaseResource === true });
    return ok(reply);
  }));

  app.delete('/api/notebook/cron/:noteId', wrap<NoteParams>(async (req, reply) => {
    const entry = schedulable(req.params.noteId);
    const { cron: _cron, releaseresource: _release, ...rest } = entry.note.config ?? {};
    await saveConfig(entry, rest);
    return ok(reply);
  }));

  // Beyond Zeppelin: `history` (newest first) and, while scheduled, `nextFireTime` (epoch ms).
  app.get('/api/notebook/cron/:noteId', wrap<NoteParams>(async (req, reply) => {
    const entry = schedulable(req.params.noteId);
    const config = entry.note.config ?? {};
    const body: Record<string, unknown> = {};
    if (typeof config.cron === 'string') body.cron = config.cron;
    if (typeof config.releaseresource === 'boolean') body.releaseResource = config.releaseresource;
    const next = scheduler.nextFireTime(entry.id);
    if (next !== undefined) body.nextFireTime = next;
    body.history = historyOf(entry.note);
    return ok(reply, body, '');
  }));

  return scheduler;
}
