/** Version and configuration endpoints (PROTOCOL 3.2, 3.7); login and ticket are in server/auth/routes.ts. */
import type { FastifyInstance } from 'fastify';
import type { ZeppelinConfig } from '../config';
import { ZEPPELIN_VERSION } from '../notes/notebook';
import { ok } from './envelope';

/** `resultHistoryMax`: runs kept per paragraph; our extension to the client configuration (docs/protocol.md 3.11). */
export function registerSystemRoutes(app: FastifyInstance, config: ZeppelinConfig, maxMessageSize: number, resultHistoryMax: number): void {
  app.get('/api/version', async (_req, reply) =>
    ok(reply, { version: ZEPPELIN_VERSION, 'git-commit-id': '', 'git-timestamp': '' }, 'Zeppelin version'));
  app.get('/api/', async (_req, reply) => reply.code(200).send(''));
  app.get('/api/configurations/client', async (_req, reply) => ok(reply, { wsMaxMessageSize: maxMessageSize, resultHistoryMax }, ''));
  app.get('/api/configurations/all', async (_req, reply) => ok(reply, config.publicEntries(), ''));
  app.get<{ Params: { prefix: string } }>('/api/configurations/prefix/:prefix', async (req, reply) => ok(reply, config.publicEntries(req.params.prefix), ''));
}
