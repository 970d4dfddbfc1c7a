/**
 * Who a REST request acts for. An onRequest hook of the login work sets `request.zeppelinPrincipal` and
 * `request.zeppelinRoles` from the session; every route reads them through these two functions only, so anonymous
 * mode (PROTOCOL 1.4) needs no special case in the routes.
 */
import type { FastifyRequest } from 'fastify';
import { ANONYMOUS } from '../ws/tickets';

type WithPrincipal = FastifyRequest & { zeppelinPrincipal?: unknown; zeppelinRoles?: unknown };

export function principalOf(req: FastifyRequest): string {
  const p = (req as WithPrincipal).zeppelinPrincipal;
  return typeof p === 'string' && p !== '' ? p : ANONYMOUS;
}

export function rolesOf(req: FastifyRequest): string[] {
  const r = (req as WithPrincipal).zeppelinRoles;
  return Array.isArray(r) ? r.filter((x): x is string => typeof x === 'string') : [];
}
