/** The `{status, message, body}` envelope of PROTOCOL 3.1. */
import type { FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';
import { STATUS_CODES, ZeppelinError, type RestStatus } from '../util/errors';

export function sendEnvelope(reply: FastifyReply, status: RestStatus | 'OK', body?: unknown, message?: string): FastifyReply {
  const envelope: Record<string, unknown> = { status };
  if (message !== undefined) envelope.message = message;
  if (body !== undefined) envelope.body = body;
  return reply.code(STATUS_CODES[status]).type('application/json; charset=utf-8').send(JSON.stringify(envelope));
}

export const ok = (reply: FastifyReply, body?: unknown, message?: string): FastifyReply => sendEnvelope(reply, 'OK', body, message);

/** Zeppelin's hand-written 500 uses a lower-case "error" status. */
export function sendError(reply: FastifyReply, e: unknown): FastifyReply {
  if (e instanceof ZeppelinError) return sendEnvelope(reply, e.status, undefined, e.message);
  console.error('[rest] unexpected failure:', e);
  return reply.code(500).type('application/json; charset=utf-8').send(JSON.stringify({ status: 'error', message: 'Internal server error' }));
}

/** A route handler whose thrown errors become the envelope's error answers instead of fastify's own. */
export const wrap = <R extends RouteGenericInterface = RouteGenericInterface>(
  fn: (req: FastifyRequest<R>, reply: FastifyReply) => Promise<FastifyReply> | FastifyReply,
) => async (req: FastifyRequest<R>, reply: FastifyReply): Promise<FastifyReply> => {
  try {
    return await fn(req, reply);
  } catch (e) {
    return sendError(reply, e);
  }
};

/** Request bodies are read leniently, like Gson: anything that is not an object counts as empty. */
export const bodyObject = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
