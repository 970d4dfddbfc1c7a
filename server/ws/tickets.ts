/**
 * Ticket checks of PROTOCOL 1.4. The anonymous entry always exists; a login (server/auth) adds one entry per
 * principal, shared by all of that user's devices, and a logout removes it.
 */
import { randomUUID } from 'node:crypto';
import type { SendOp } from '../../protocol';

export interface TicketEntry {
  ticket: string;
  roles: string[];
}

export type AuthOutcome =
  | { kind: 'ok'; user: string; roles: string[] }
  | { kind: 'drop' }
  | { kind: 'logout'; info: string }
  | { kind: 'error'; info: string };

export const ANONYMOUS = 'anonymous';

/** Zeppelin's SESSION_LOGOUT text. */
export const STALE_TICKET_INFO = 'Your ticket is invalid possibly due to server restart. Please login again.';

export class TicketStore {
  private readonly entries = new Map<string, TicketEntry>([[ANONYMOUS, { ticket: ANONYMOUS, roles: [] }]]);

  lookup(principal: string): TicketEntry | undefined {
    return this.entries.get(principal);
  }

  /** One ticket per principal, shared by all of that user's devices. */
  issue(principal: string, ticket: string, roles: string[]): void {
    this.entries.set(principal, { ticket, roles });
  }

  /** The principal's ticket, made (a random UUID, as Zeppelin's TicketContainer) when it has none; roles are refreshed. */
  obtain(principal: string, roles: string[]): string {
    const entry = this.entries.get(principal);
    if (entry) {
      if (principal !== ANONYMOUS) entry.roles = [...roles];
      return entry.ticket;
    }
    const ticket = randomUUID();
    this.issue(principal, ticket, [...roles]);
    return ticket;
  }

  revoke(principal: string): void {
    if (principal !== ANONYMOUS) this.entries.delete(principal);
  }
}

export function authenticate(
  frame: { op: SendOp; principal?: string; ticket?: string },
  store: TicketStore,
  authEnabled: boolean,
): AuthOutcome {
  if (typeof frame.principal !== 'string') {
    return { kind: 'error', info: `${frame.op} was refused: the frame has no principal (send "anonymous" when not logged in)` };
  }
  const entry = store.lookup(frame.principal);
  if (!entry) {
    // Zeppelin drops such frames silently. With logins on, a named principal without a ticket is a session that
    // ended (logout on another device, server restart): say so, or the page would wait forever.
    if (authEnabled && frame.principal !== '' && frame.op !== 'PING') return { kind: 'logout', info: STALE_TICKET_INFO };
    return { kind: 'drop' };
  }
  if (entry.ticket !== frame.ticket) {
    if (frame.op === 'PING') return { kind: 'drop' };
    return { kind: 'logout', info: STALE_TICKET_INFO };
  }
  if (authEnabled && frame.principal === ANONYMOUS) return { kind: 'drop' };
  return { kind: 'ok', user: frame.principal, roles: entry.roles };
}
