/**
 * `/api/helium/**` (PROTOCOL 3.9) over the local registry. The routes live in their own Fastify scope because the
 * stock UI posts the artifact to /enable as a bare string, which the server-wide JSON parser would refuse.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rolesOf } from '../admin/principal';
import { HeliumApps } from '../helium/apps';
import { REGISTRY_SETTING, seedRegistry } from '../helium/registry';
import { HeliumService } from '../helium/service';
import type { Services } from '../services';
import { ZeppelinError } from '../util/errors';
import { ok, sendEnvelope, sendError } from './envelope';

type NameParams = { Params: { name: string } };
type NoteParagraphParams = { Params: { noteId: string; paragraphId: string } };

function artifactOf(body: unknown): string | undefined {
  if (typeof body === 'string' && body.trim() !== '') return body.trim();
  if (typeof body === 'object' && body !== null && typeof (body as { artifact?: unknown }).artifact === 'string') {
    return (body as { artifact: string }).artifact;
  }
  return undefined;
}

/** The role that may change Helium packages once logins are on (the role of shiro.ini's admin routes). */
export const HELIUM_ADMIN_ROLE = 'admin';

/**
 * Enabling a package lets its code run in every user's page (README, Security), so with logins on only admins may
 * enable, disable, configure or reorder packages, whatever shiro.ini's [urls] say; anonymous mode lets everybody,
 * as for every other admin page.
 */
function adminOnly(services: Services): (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined> {
  return async (req, reply) => {
    if (!services.authEnabled || rolesOf(req).includes(HELIUM_ADMIN_ROLE)) return undefined;
    return sendEnvelope(reply, 'FORBIDDEN', undefined, `Only users with the role ${HELIUM_ADMIN_ROLE} can change Helium packages`);
  };
}

async function guarded(reply: FastifyReply, work: () => Promise<FastifyReply>): Promise<FastifyReply> {
  try {
    return await work();
  } catch (e) {
    return sendError(reply, e);
  }
}

export function registerHeliumRoutes(app: FastifyInstance, services: Services, confDir: string): void {
  seedRegistry(confDir);
  const helium = new HeliumService(confDir, services.config.get(REGISTRY_SETTING));
  const apps = new HeliumApps(services, helium);
  const admin = { preHandler: adminOnly(services) };

  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
      const text = String(body).trim();
      if (text === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(null, text);
      }
    });

    scope.get('/api/helium/package', async (_req, reply) => ok(reply, await helium.allPackages()));
    scope.get('/api/helium/enabledPackage', async (_req, reply) => ok(reply, await helium.enabledPackages()));
    scope.get<NameParams>('/api/helium/package/:name', async (req, reply) => {
      const versions = await helium.packageVersions(req.params.name);
      return versions ? ok(reply, versions) : sendEnvelope(reply, 'NOT_FOUND', undefined, `Package ${req.params.name} not found`);
    });

    scope.post<NameParams>('/api/helium/enable/:name', admin, async (req, reply) =>
      guarded(reply, async () => {
        await helium.enable(req.params.name, artifactOf(req.body));
        return ok(reply);
      }));
    scope.post<NameParams>('/api/helium/disable/:name', admin, async (req, reply) =>
      guarded(reply, async () => {
        await helium.disable(req.params.name);
        return ok(reply);
      }));

    scope.get<NameParams>('/api/helium/bundle/load/:name', async (req, reply) =>
      reply.code(200).type('text/javascript; charset=utf-8').send(await helium.bundle(req.params.name)));

    scope.get<NameParams>('/api/helium/spell/config/:name', async (req, reply) =>
      guarded(reply, async () => ok(reply, await helium.config(req.params.name))));
    scope.get('/api/helium/config', async (_req, reply) => ok(reply, helium.allConfig()));
    scope.get<{ Params: { name: string; artifact: string } }>('/api/helium/config/:name/:artifact', async (req, reply) =>
      guarded(reply, async () => ok(reply, await helium.config(req.params.name, req.params.artifact))));
    scope.post<{ Params: { name: string; artifact: string } }>('/api/helium/config/:name/:artifact', admin, async (req, reply) =>
      guarded(reply, async () => {
        const body = req.body;
        if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ZeppelinError('Expected a JSON object of config values');
        return ok(reply, await helium.saveConfig(req.params.name, req.params.artifact, body as Record<string, unknown>));
      }));

    scope.get('/api/helium/order/visualization', async (_req, reply) => ok(reply, helium.visualizationOrder()));
    scope.post('/api/helium/order/visualization', admin, async (req, reply) =>
      guarded(reply, async () => {
        const order = req.body;
        if (!Array.isArray(order) || !order.every((x): x is string => typeof x === 'string')) throw new ZeppelinError('Expected a list of package names');
        await helium.setVisualizationOrder(order);
        return ok(reply);
      }));

    scope.get<NoteParagraphParams>('/api/helium/suggest/:noteId/:paragraphId', async (req, reply) =>
      guarded(reply, async () => ok(reply, await apps.suggest(req.params.noteId, req.params.paragraphId))));
    scope.post<NoteParagraphParams>('/api/helium/load/:noteId/:paragraphId', async (req, reply) =>
      guarded(reply, async () => ok(reply, await apps.load(req.params.noteId, req.params.paragraphId, req.body))));
  });
}
