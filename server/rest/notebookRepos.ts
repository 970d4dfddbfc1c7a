/** `/api/notebook-repositories` (PROTOCOL 3.8). */
import type { FastifyInstance } from 'fastify';
import { NotebookRepos } from '../admin/notebookRepos';
import { revisionSupported } from '../revisions/service';
import type { Services } from '../services';
import { ZeppelinError } from '../util/errors';
import { ok, sendError } from './envelope';

export function registerNotebookRepoRoutes(app: FastifyInstance, services: Services, confDir: string): void {
  // What serves notes now: git unless it could not start (then the plain folder, see storage/select.ts).
  const repos = new NotebookRepos(confDir, services.config.getString('zeppelin.notebook.dir'), revisionSupported(services) ? 'git' : 'plain',
    () => services.notebook.unreadable());

  app.get('/api/notebook-repositories', async (_req, reply) => ok(reply, repos.list()));

  app.get('/api/notebook-repositories/reload', async (_req, reply) => {
    try {
      await services.notebook.reload();
      services.broadcasts.notesInfo();
      return ok(reply, undefined, '');
    } catch (e) {
      return sendError(reply, e);
    }
  });

  app.put('/api/notebook-repositories', async (req, reply) => {
    const body = req.body;
    // Zeppelin's quirks: a blank payload is 404 with an empty object, malformed settings 406 with {error}.
    if (typeof body !== 'object' || body === null || Array.isArray(body) || Object.keys(body).length === 0) {
      return reply.code(404).type('application/json').send('{}');
    }
    const { name, settings } = body as { name?: unknown; settings?: unknown };
    if (typeof name !== 'string' || typeof settings !== 'object' || settings === null || Array.isArray(settings)) {
      return reply.code(406).type('application/json').send(JSON.stringify({ error: 'Expected {name, settings: {<setting>: value}}' }));
    }
    try {
      const { repo, changed } = await repos.update(name, settings as Record<string, unknown>);
      if (changed) services.broadcasts.notesInfo();
      return ok(reply, repo);
    } catch (e) {
      if (e instanceof ZeppelinError && e.status === 'NOT_ACCEPTABLE') {
        return reply.code(406).type('application/json').send(JSON.stringify({ error: e.message }));
      }
      return sendError(reply, e);
    }
  });
}
