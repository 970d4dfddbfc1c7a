/** `/api/session` (Zeppelin's SessionRestApi): interpreter sessions for scripts, see interpreters/zsessions.ts. */
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../admin/principal';
import type { Services } from '../services';
import { noSuchSession } from '../interpreters/zsessions';
import { ok, wrap } from './envelope';
import { subjectOf } from './permissions';

type SessionParams = { Params: { sessionId: string } };
type InterpreterQuery = { Querystring: { interpreter?: string } };

export function registerSessionRoutes(app: FastifyInstance, s: Services): void {
  // Only sessions whose note the caller may read are listed; GET and DELETE of one are checked in rest/permissions.ts.
  app.get('/api/session', wrap<InterpreterQuery>(async (req, reply) => {
    const subject = subjectOf(req);
    const visible = s.zsessions.list(req.query.interpreter).filter((info) => s.authorization.allows(info.noteId, subject, 'READER'));
    return ok(reply, visible);
  }));

  app.post('/api/session', wrap<InterpreterQuery>(async (req, reply) => {
    const { info, note } = await s.zsessions.create(req.query.interpreter);
    s.authorization.noteCreated(note.id, principalOf(req));
    return ok(reply, info);
  }));

  app.get('/api/session/:sessionId', wrap<SessionParams>(async (req, reply) => {
    const info = s.zsessions.get(req.params.sessionId);
    if (!info) throw noSuchSession(req.params.sessionId);
    return ok(reply, info, '');
  }));

  // Runs end and interpreter processes exit before the answer, so a script that stops a session leaves nothing behind.
  app.delete('/api/session/:sessionId', wrap<SessionParams>(async (req, reply) => {
    const { noteId, interpreterSessions } = s.zsessions.take(req.params.sessionId);
    if (s.notebook.get(noteId)) {
      await s.notebook.remove(noteId);
      s.connections.dropRoom(noteId);
    }
    await s.engine.closeSessions(interpreterSessions);
    return ok(reply, undefined, req.params.sessionId);
  }));
}
