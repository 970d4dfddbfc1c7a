/**
 * Result history over REST (docs/protocol.md 3.11, our extension): a paragraph's kept runs, and one run with its
 * results. READER on the note is checked by rest/permissions.ts; which runs a user sees is the store's rule.
 */
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../admin/principal';
import { findParagraph } from '../notes/paragraphs';
import type { Services } from '../services';
import { noSuchParagraph, ZeppelinError } from '../util/errors';
import { ok, wrap } from './envelope';

type ParagraphParams = { Params: { noteId: string; pid: string } };
type RunParams = { Params: { noteId: string; pid: string; runId: string } };

export function registerResultHistoryRoutes(app: FastifyInstance, s: Services): void {
  const entryOf = (noteId: string, pid: string) => {
    const entry = s.notebook.mustGet(noteId);
    if (!findParagraph(entry.note, pid)) throw noSuchParagraph(pid);
    return entry;
  };

  app.get('/api/notebook/:noteId/paragraph/:pid/history', wrap<ParagraphParams>(async (req, reply) => {
    const entry = entryOf(req.params.noteId, req.params.pid);
    return ok(reply, { runs: s.history.list(entry, req.params.pid, principalOf(req)) }, '');
  }));

  app.get('/api/notebook/:noteId/paragraph/:pid/history/:runId', wrap<RunParams>(async (req, reply) => {
    const entry = entryOf(req.params.noteId, req.params.pid);
    const run = s.history.run(entry, req.params.pid, req.params.runId, principalOf(req));
    if (!run) throw new ZeppelinError(`No run ${req.params.runId} in the result history of paragraph ${req.params.pid}`, 'NOT_FOUND');
    return ok(reply, run, '');
  }));
}
