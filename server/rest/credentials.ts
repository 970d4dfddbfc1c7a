/** `/api/credential` (PROTOCOL 3.6): the calling user's data-source credentials, stored encrypted. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { credentialStoreFor, type CredentialStore } from '../admin/credentialStore';
import { principalOf } from '../admin/principal';
import { bodyObject, ok, sendEnvelope, sendError } from './envelope';

const filled = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

export function registerCredentialRoutes(app: FastifyInstance, confDir: string): void {
  // Loaded on first use, so a broken credentials file only breaks this endpoint, not the whole server start.
  const credentials = (): CredentialStore => credentialStoreFor(confDir);

  app.get('/api/credential', async (req, reply) => {
    try {
      return ok(reply, { userCredentials: credentials().list(principalOf(req)) }, '');
    } catch (e) {
      return sendError(reply, e);
    }
  });

  const save = async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const { entity, username, password } = bodyObject(req.body);
    if (!filled(entity) || !filled(username) || !filled(password)) {
      return sendEnvelope(reply, 'BAD_REQUEST', undefined, 'entity, username and password must not be empty');
    }
    try {
      await credentials().put(principalOf(req), entity, { username, password });
      return ok(reply);
    } catch (e) {
      return sendError(reply, e);
    }
  };
  app.put('/api/credential', save);
  app.put('/api/credential/', save);

  app.delete('/api/credential', async (req, reply) => {
    try {
      if (!(await credentials().removeAll(principalOf(req)))) return sendEnvelope(reply, 'NOT_FOUND', undefined, 'No credentials to delete');
      return ok(reply);
    } catch (e) {
      return sendError(reply, e);
    }
  });

  app.delete<{ Params: { entity: string } }>('/api/credential/:entity', async (req, reply) => {
    try {
      const { entity } = req.params;
      if (!(await credentials().remove(principalOf(req), entity))) return sendEnvelope(reply, 'NOT_FOUND', undefined, `No credential for ${entity}`);
      return ok(reply);
    } catch (e) {
      return sendError(reply, e);
    }
  });
}
