/**
 * Note permissions for REST (PROTOCOL 3.3, 3.4, 5.11): one table of route → permission, enforced by a single
 * preHandler hook, so the notebook, job, revision, cron, helium and interpreter routes need no checks of their own
 * and a refused call never reaches its handler.
 *
 * Notes:
 * - A route with a `:noteId` parameter that is missing from the table still gets checked: READER for GET, WRITER
 *   otherwise. Forgetting a route therefore fails closed.
 * - With logins on, anonymous callers are refused on every note route (the shiro.ini [urls] rules may let them
 *   through to /api, but a note is never theirs to see).
 * - Notes that do not exist are not checked: the route answers its own 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { principalOf, rolesOf } from '../admin/principal';
import type { NotePermission, Subject } from '../notes/authorization';
import type { Services } from '../services';
import { ANONYMOUS } from '../ws/tickets';
import { bodyObject, sendEnvelope } from './envelope';

interface RestRule {
  perm: NotePermission;
  /** The note the call acts on; default: the `:noteId` path parameter. */
  note?: (req: FastifyRequest, s: Services) => string | undefined;
  /** A fixed refusal text instead of the standard one of PROTOCOL 1.8. */
  message?: string;
}

const byPath = (req: FastifyRequest, s: Services): string | undefined => {
  const raw = bodyObject(req.body).notePath;
  if (typeof raw !== 'string') return undefined;
  return s.notebook.byPath(raw.startsWith('/') ? raw : `/${raw}`)?.id;
};

const bodyNoteId = (req: FastifyRequest): string | undefined => {
  const id = bodyObject(req.body).noteId;
  return typeof id === 'string' && id !== '' ? id : undefined;
};

/** The note of the `/api/session/:sessionId` session. */
const sessionNote = (req: FastifyRequest, s: Services): string | undefined =>
  s.zsessions.get((req.params as { sessionId?: string }).sessionId ?? '')?.noteId;

const R = (perm: NotePermission, extra: Omit<RestRule, 'perm'> = {}): RestRule => ({ perm, ...extra });

/** `METHOD url-pattern` as fastify registers it → the permission the call needs. */
export const REST_PERMISSIONS: Readonly<Record<string, RestRule>> = {
  'GET /api/notebook/:noteId': R('READER'),
  'POST /api/notebook/getByPath': R('READER', { note: byPath }),
  'DELETE /api/notebook/:noteId': R('OWNER'),
  'POST /api/notebook/:noteId': R('WRITER'), // clone
  'PUT /api/notebook/:noteId/rename': R('OWNER'),
  'GET /api/notebook/export/:noteId': R('READER'),
  'GET /api/notebook/:noteId/permissions': R('READER'),
  'PUT /api/notebook/:noteId/permissions': R('OWNER'),
  'PUT /api/notebook/:noteId/clear': R('WRITER'),
  'POST /api/notebook/:noteId/paragraph': R('WRITER'),
  'POST /api/notebook/:noteId/paragraph/next': R('WRITER'),
  'GET /api/notebook/:noteId/paragraph/:pid': R('READER'),
  'PUT /api/notebook/:noteId/paragraph/:pid': R('WRITER'),
  'PUT /api/notebook/:noteId/paragraph/:pid/config': R('WRITER'),
  'POST /api/notebook/:noteId/paragraph/:pid/move/:newIndex': R('WRITER'),
  'DELETE /api/notebook/:noteId/paragraph/:pid': R('WRITER'),
  'GET /api/notebook/:noteId/paragraph/:pid/history': R('READER'),
  'GET /api/notebook/:noteId/paragraph/:pid/history/:runId': R('READER'),
  'GET /api/notebook/:noteId/revision': R('READER'),
  'POST /api/notebook/:noteId/revision': R('WRITER'),
  'GET /api/notebook/:noteId/revision/:revisionId': R('READER'),
  'PUT /api/notebook/:noteId/revision/:revisionId': R('WRITER'),
  'POST /api/notebook/job/:noteId': R('RUNNER'),
  'DELETE /api/notebook/job/:noteId': R('RUNNER'),
  'GET /api/notebook/job/:noteId': R('READER'),
  'GET /api/notebook/job/:noteId/:pid': R('READER'),
  'POST /api/notebook/job/:noteId/:pid': R('RUNNER'),
  'DELETE /api/notebook/job/:noteId/:pid': R('RUNNER'),
  'POST /api/notebook/run/:noteId/:pid': R('RUNNER'),
  'POST /api/notebook/cron/:noteId': R('RUNNER'),
  'DELETE /api/notebook/cron/:noteId': R('OWNER'),
  'GET /api/notebook/cron/:noteId': R('READER'),
  'GET /api/session/:sessionId': R('READER', { note: sessionNote }),
  'DELETE /api/session/:sessionId': R('OWNER', { note: sessionNote }),
  'GET /api/helium/suggest/:noteId/:paragraphId': R('READER'),
  'POST /api/helium/load/:noteId/:paragraphId': R('WRITER'),
  // PROTOCOL 3.5: restarting a note's own interpreter needs run, write or owner permission on it.
  'PUT /api/interpreter/setting/restart/:id': R('RUNNER', { note: bodyNoteId, message: 'No privilege to restart interpreter' }),
};

export const ANONYMOUS_NOTE_ACCESS = 'Anonymous access to notes is not allowed while logins are on. Please log in.';

export const subjectOf = (req: FastifyRequest): Subject => ({ user: principalOf(req), roles: rolesOf(req) });

function ruleFor(method: string, url: string | undefined): RestRule | undefined {
  if (url === undefined) return undefined;
  const rule = REST_PERMISSIONS[`${method} ${url}`];
  if (rule) return rule;
  if (/\/:noteId(\/|$)/.test(url)) return { perm: method === 'GET' || method === 'HEAD' ? 'READER' : 'WRITER' };
  return undefined;
}

export function registerNotePermissionHook(app: FastifyInstance, s: Services): void {
  app.addHook('preHandler', async (req, reply) => {
    const url = req.routeOptions.url;
    const rule = ruleFor(req.method, url);
    const notesRoute = url !== undefined && url.startsWith('/api/notebook');
    if (!rule && !notesRoute) return undefined;
    const subject = subjectOf(req);
    if (s.authEnabled && subject.user === ANONYMOUS && url !== '/api/notebook/capabilities') {
      return sendEnvelope(reply, 'FORBIDDEN', undefined, ANONYMOUS_NOTE_ACCESS);
    }
    if (!rule) return undefined;
    const noteId = rule.note ? rule.note(req, s) : (req.params as { noteId?: string }).noteId;
    if (noteId === undefined || !s.notebook.get(noteId)) return undefined;
    if (s.authorization.allows(noteId, subject, rule.perm)) return undefined;
    return sendEnvelope(reply, 'FORBIDDEN', undefined, rule.message ?? s.authorization.denial(noteId, subject, rule.perm));
  });
}
