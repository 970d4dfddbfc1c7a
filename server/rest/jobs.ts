/** The job endpoints of PROTOCOL 3.4: run a note or a paragraph, stop them, and their status. */
import { principalOf } from '../admin/principal';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { noteJobInfo, paragraphJobStatus } from '../notes/jobs';
import type { FormParams, Paragraph } from '../../protocol';
import { findParagraph, setParagraphField } from '../notes/paragraphs';
import type { Services } from '../services';
import { noSuchSession } from '../interpreters/zsessions';
import { noSuchParagraph, ZeppelinError } from '../util/errors';
import { bodyObject, ok, sendEnvelope, sendError } from './envelope';
import { subjectOf } from './permissions';
import { isInFolder, TRASH_PREFIX } from '../notes/paths';

/** `{params: {...}}` of a run request, when it is an object. */
function paramsOf(body: unknown): FormParams | undefined {
  const params = bodyObject(body).params;
  return typeof params === 'object' && params !== null && !Array.isArray(params) ? (params as FormParams) : undefined;
}

/** A single-paragraph run with `params` stores them as the paragraph's form values first. */
function applyParams(p: Paragraph, body: unknown): void {
  const params = paramsOf(body);
  if (!params) return;
  const settings = p.settings ?? { params: {}, forms: {} };
  settings.params = { ...params };
  setParagraphField(p, 'settings', settings);
}

type ParagraphReq = { Params: { noteId: string; pid: string }; Querystring: { sessionId?: string }; Body: unknown };

/**
 * The `sessionId` of a run (the Python SDK sends it, empty when there is none): a session of /api/session, whose
 * note the caller must be allowed to run when it is another note than the paragraph's.
 */
function runSession(s: Services, req: FastifyRequest<ParagraphReq>): string | undefined {
  const id = req.query.sessionId;
  if (id === undefined || id === '') return undefined;
  const session = s.zsessions.get(id);
  if (!session) throw noSuchSession(id);
  const subject = subjectOf(req);
  if (session.noteId !== req.params.noteId && !s.authorization.allows(session.noteId, subject, 'RUNNER')) {
    throw new ZeppelinError(s.authorization.denial(session.noteId, subject, 'RUNNER'), 'FORBIDDEN');
  }
  return id;
}

export function registerJobRoutes(app: FastifyInstance, s: Services): void {
  app.get<{ Params: { noteId: string } }>('/api/notebook/job/:noteId', async (req, reply) => {
    try {
      const entry = s.notebook.mustGet(req.params.noteId);
      const paragraphs = entry.note.paragraphs.map(paragraphJobStatus);
      const isRunning = s.engine.runsSequentially(entry.id) || entry.note.paragraphs.some((p) => p.status === 'RUNNING' || p.status === 'PENDING');
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

  const jobManager = (since: number) => async (req: FastifyRequest, reply: Parameters<typeof ok>[0]) => {
    if (!s.broadcasts.jobManagerEnabled()) return sendEnvelope(reply, 'FORBIDDEN', undefined, 'Job Manager is disabled in the current configuration.');
    const all = s.notebook.all().filter((e) => !isInFolder(e.path, TRASH_PREFIX)).map((e) => noteJobInfo(e)).filter((j) => j.unixTimeLastRun > since);
    const jobs = s.broadcasts.jobsVisibleTo(all, subjectOf(req));
    return ok(reply, { lastResponseUnixTime: Date.now(), jobs }, '');
  };
  app.get('/api/notebook/jobmanager/', jobManager(0));
  app.get<{ Params: { since: string } }>('/api/notebook/jobmanager/:since/', async (req, reply) => jobManager(Number(req.params.since) || 0)(req, reply));

  type NoteReq = { Params: { noteId: string }; Querystring: { blocking?: string }; Body: unknown };

  /** Run the note's stored paragraphs (PROTOCOL 5.6); `blocking=true` answers once the run is over. */
  app.post<NoteReq>('/api/notebook/job/:noteId', async (req, reply) => {
    let entry;
    try {
      entry = s.notebook.mustGet(req.params.noteId);
    } catch (e) {
      return sendError(reply, e);
    }
    let done: Promise<void>;
    try {
      done = s.engine.runAllStored(entry, principalOf(req), paramsOf(req.body));
    } catch {
      return sendEnvelope(reply, 'INTERNAL_SERVER_ERROR', undefined, 'Fail to run note');
    }
    if (req.query.blocking === 'true') await done;
    else done.catch((e: unknown) => console.error('[rest] run-all failed:', e));
    return ok(reply);
  });

  app.delete<NoteReq>('/api/notebook/job/:noteId', async (req, reply) => {
    try {
      s.notebook.mustGet(req.params.noteId);
      s.engine.cancelNote(req.params.noteId);
      return ok(reply);
    } catch (e) {
      return sendError(reply, e);
    }
  });

  const paragraphOf = (noteId: string, pid: string) => {
    const entry = s.notebook.mustGet(noteId);
    const found = findParagraph(entry.note, pid);
    if (!found) throw noSuchParagraph(pid);
    return { entry, paragraph: found.paragraph };
  };

  /** Runs the stored text asynchronously. */
  app.post<ParagraphReq>('/api/notebook/job/:noteId/:pid', async (req, reply) => {
    try {
      const { entry, paragraph } = paragraphOf(req.params.noteId, req.params.pid);
      const sessionId = runSession(s, req);
      applyParams(paragraph, req.body);
      s.engine.submit(entry, paragraph, principalOf(req), { sessionId }).catch((e: unknown) => console.error('[rest] run failed:', e));
      return ok(reply);
    } catch (e) {
      return sendError(reply, e);
    }
  });

  app.delete<ParagraphReq>('/api/notebook/job/:noteId/:pid', async (req, reply) => {
    try {
      paragraphOf(req.params.noteId, req.params.pid);
      s.engine.cancel(req.params.pid);
      return ok(reply);
    } catch (e) {
      return sendError(reply, e);
    }
  });

  /** Synchronous run: the body is the paragraph's results once it has ended (code may be ERROR). */
  app.post<ParagraphReq>('/api/notebook/run/:noteId/:pid', async (req, reply) => {
    let target;
    try {
      target = { ...paragraphOf(req.params.noteId, req.params.pid), sessionId: runSession(s, req) };
    } catch (e) {
      return sendError(reply, e);
    }
    try {
      applyParams(target.paragraph, req.body);
      const status = await s.engine.submit(target.entry, target.paragraph, principalOf(req), { sessionId: target.sessionId });
      const results = target.paragraph.results ?? { code: status === 'ERROR' ? 'ERROR' : 'SUCCESS', msg: [] };
      return ok(reply, { code: results.code, msg: results.msg ?? [] });
    } catch (e) {
      console.error('[rest] synchronous run failed:', e);
      return sendEnvelope(reply, 'INTERNAL_SERVER_ERROR', undefined, 'Fail to run paragraph');
    }
  });

  // The cron endpoints: server/rest/cron.ts.
}
