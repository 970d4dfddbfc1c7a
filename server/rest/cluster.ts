/**
 * `/api/cluster/**` for the cluster pages. Zeppelin removed its cluster resource (PROTOCOL 3.10); the pages still
 * exist, so this server answers as a one-node cluster whose processes are its interpreter sessions.
 */
import type { FastifyInstance } from 'fastify';
import { clusterNodes, nodeNameOf, nodeProcesses, type ClusterInfo } from '../admin/cluster';
import type { Services } from '../services';
import { ok, sendEnvelope } from './envelope';

export function registerClusterRoutes(app: FastifyInstance, services: Services): void {
  const startedAt = new Date();
  // The port is known only once the server listens, so the node name is computed per request.
  const info = (): ClusterInfo => {
    const addr = app.server.address();
    const port = typeof addr === 'object' && addr !== null ? addr.port : services.config.getInt('zeppelin.server.port', 8080);
    const host = services.config.getString('zeppelin.server.addr', '127.0.0.1');
    return { nodeName: nodeNameOf(host, port), host, port, startedAt };
  };

  app.get('/api/cluster/address', async (_req, reply) => {
    const i = info();
    return ok(reply, { clusterAddr: `${i.host}:${i.port}` });
  });
  app.get('/api/cluster/nodes', async (_req, reply) => ok(reply, clusterNodes(info(), services.sessions)));
  app.get<{ Params: { nodeName: string; intpName: string } }>('/api/cluster/node/:nodeName/:intpName', async (req, reply) => {
    const procs = nodeProcesses(info(), services.sessions, req.params.nodeName, req.params.intpName);
    return procs ? ok(reply, procs) : sendEnvelope(reply, 'NOT_FOUND', undefined, `No cluster node ${req.params.nodeName}`);
  });
}
