/** Revision endpoints of PROTOCOL 3.3 and `/api/notebook/capabilities`. */
import type { FastifyInstance } from 'fastify';
import { toRestNote } from '../notes/wire';
import { CHECKPOINT_FAILED, checkpoint, listRevisions, noteAtRevision, restoreRevision, revisionSupported } from '../revisions/service';
import type { Services } from '../services';
import { ZeppelinError } from '../util/errors';
import { bodyObject, ok, wrap } from './envelope';

type NoteParams = { Params: { noteId: string } };
type RevisionParams = { Params: { noteId: string; revisionId: string } };

export function registerRevisionRoutes(app: FastifyInstance, s: Services): void {
  // Zeppelin's LIST_CONFIGURATIONS carries the flag too; as a configuration value it reaches both the websocket
  // and /api/configurations, and the UI shows its revision controls only when it is "true".
  s.config.set('isRevisionSupported', String(revisionSupported(s)));

  app.get('/api/notebook/capabilities', wrap(async (_req, reply) => ok(reply, { isRevisionSupported: revisionSupported(s) }, '')));

  // Without versioning the body is left out entirely, as Zeppelin answers (an empty list means "no commits yet").
  app.get('/api/notebook/:noteId/revision', wrap<NoteParams>(async (req, reply) => ok(reply, await listRevisions(s, req.params.noteId), '')));

  app.post('/api/notebook/:noteId/revision', wrap<NoteParams>(async (req, reply) => {
    s.notebook.mustGet(req.params.noteId);
    const message = bodyObject(req.body).commitMessage;
    if (typeof message !== 'string' || message === '') throw new ZeppelinError('commitMessage cannot be empty', 'BAD_REQUEST');
    const revision = await checkpoint(s, req.params.noteId, message);
    return revision ? ok(reply, revision.id, '') : ok(reply, undefined, CHECKPOINT_FAILED);
  }));

  app.get('/api/notebook/:noteId/revision/:revisionId', wrap<RevisionParams>(async (req, reply) => {
    const found = await noteAtRevision(s, req.params.noteId, req.params.revisionId);
    if (!found) throw new ZeppelinError(`No revision ${req.params.revisionId} of note ${req.params.noteId}`, 'NOT_FOUND');
    return ok(reply, toRestNote(found.note, found.path), '');
  }));

  // Zeppelin sends nothing to the note's viewers here; this server refreshes them, or their next save would
  // silently undo the restore.
  app.put('/api/notebook/:noteId/revision/:revisionId', wrap<RevisionParams>(async (req, reply) => {
    const entry = await restoreRevision(s, req.params.noteId, req.params.revisionId);
    s.broadcasts.note(entry);
    return ok(reply);
  }));
}
