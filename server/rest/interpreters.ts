/** Read-only interpreter endpoints (PROTOCOL 3.5) over the same settings the websocket hands out. */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { ok, sendEnvelope } from './envelope';

export function registerInterpreterRoutes(app: FastifyInstance, s: Services): void {
  app.get('/api/interpreter/setting', async (_req, reply) => ok(reply, s.interpreters.all(), ''));
  app.get<{ Params: { id: string } }>('/api/interpreter/setting/:id', async (req, reply) => {
    const setting = s.interpreters.all().find((x) => x.id === req.params.id);
    return setting ? ok(reply, setting, '') : sendEnvelope(reply, 'NOT_FOUND');
  });
  app.get('/api/interpreter', async (_req, reply) =>
    ok(reply, Object.fromEntries(s.interpreters.all().map((x) => [x.group, x])), ''));
  app.get('/api/interpreter/property/types', async (_req, reply) =>
    ok(reply, ['textarea', 'string', 'number', 'url', 'password', 'checkbox'], ''));
}
