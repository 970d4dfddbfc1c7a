/**
 * Who a REST request acts for. Until the login work lands every request is anonymous (PROTOCOL 1.4); the security
 * work can set `request.zeppelinPrincipal` in a hook, and every admin route picks it up through this one function.
 */
import type { FastifyRequest } from 'fastify';
import { ANONYMOUS } from '../ws/tickets';

export function principalOf(req: FastifyRequest): string {
  const p = (req as FastifyRequest & { zeppelinPrincipal?: unknown }).zeppelinPrincipal;
  return typeof p === 'string' && p !== '' ? p : ANONYMOUS;
}
