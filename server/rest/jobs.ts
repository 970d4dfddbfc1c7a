/** The job endpoints of PROTOCOL 3.4 that need no execution; the others answer 503 until execution lands. */
import type { FastifyInstance } from 'fastify';
import { noteJobInfo, paragraphJobStatus } from '../notes/jobs';
import { findParagraph } from '../notes/paragraphs';
import type { Services } from '../services';
import { errorMessage, noSuchParagraph, ZeppelinError } from '../util/errors';
import { ok, sendEnvelope, sendError } from './envelope';

export function registerJobRoutes(app: FastifyInstance, s: Services): void {
  app.get<{ Params: { noteId: string } }>('/api/notebook/job/:noteId', async (req, reply) => {
    try {
      const entry = s.notebook.mustGet(req.params.noteId);
      const paragraphs = entry.note.paragraphs.map(paragraphJobStatus);
      const isRunning = entry.note.paragraphs.some((p) => p.status === 'RUNNING' || p.status === 'PENDING');
      return ok(reply, { id: entry.id, isRunning, paragraphs }, '');
    } catch (e) {
      return sendError(reply, e);
    }
  });

  app.get<{ Params: { noteId: string; pid: string } }>('/api/notebook/job/:noteId/:pid', async (req, reply) => {
    try {
      const found = findParagraph(s.notebook.mustGet(req.params.noteId).note, req.params.pid);
      if (!found) throw noSuchParagraph(req.params.pid);
      return ok(reply, paragraphJobStatus(found.paragraph), '');
    } catch (e) {
      return sendError(reply, e);
    }
  });

  const jobManager = (since: number) => async (_req: unknown, reply: Parameters<typeof ok>[0]) => {
    if (!s.broadcasts.jobManagerEnabled()) return sendEnvelope(reply, 'FORBIDDEN', undefined, 'Job Manager is disabled in the current configuration.');
    const jobs = s.notebook.all().map((e) => noteJobInfo(e)).filter((j) => j.unixTimeLastRun > since);
    return ok(reply, { lastResponseUnixTime: Date.now(), jobs }, '');
  };
  app.get('/api/notebook/jobmanager/', jobManager(0));
  app.get<{ Params: { since: string } }>('/api/notebook/jobmanager/:since/', async (req, reply) => jobManager(Number(req.params.since) || 0)(req, reply));

  const notYet = async (_req: unknown, reply: Parameters<typeof ok>[0]) =>
    sendEnvelope(reply, 'SERVICE_UNAVAILABLE', undefined, 'Paragraph execution is not available yet on this server');
  app.post('/api/notebook/job/:noteId', notYet);
  app.delete('/api/notebook/job/:noteId', notYet);
  app.post('/api/notebook/job/:noteId/:pid', notYet);
  app.delete('/api/notebook/job/:noteId/:pid', notYet);
  app.post('/api/notebook/run/:noteId/:pid', notYet);

  const cronDisabled = async (_req: unknown, reply: Parameters<typeof ok>[0]) => {
    try {
      throw new ZeppelinError('Cron is not enabled from Zeppelin server', 'FORBIDDEN');
    } catch (e) {
      return sendEnvelope(reply, 'FORBIDDEN', undefined, errorMessage(e));
    }
  };
  app.get('/api/notebook/cron/:noteId', cronDisabled);
  app.post('/api/notebook/cron/:noteId', cronDisabled);
  app.delete('/api/notebook/cron/:noteId', cronDisabled);
}
