/**
 * Ticket checks of PROTOCOL 1.4. Only the anonymous entry exists until authentication lands; the store and the
 * outcome type are shaped so a login can add entries and the SESSION_LOGOUT path is already exercised.
 */
import type { SendOp } from '../../src/protocol';

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

export class TicketStore {
  private readonly entries = new Map<string, TicketEntry>([[ANONYMOUS, { ticket: ANONYMOUS, roles: [] }]]);

  lookup(principal: string): TicketEntry | undefined {
    return this.entries.get(principal);
  }

  /** For the login work: one ticket per principal, shared by all of that user's devices. */
  issue(principal: string, ticket: string, roles: string[]): void {
    this.entries.set(principal, { ticket, roles });
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
  if (!entry) return { kind: 'drop' };
  if (entry.ticket !== frame.ticket) {
    if (frame.op === 'PING') return { kind: 'drop' };
    return { kind: 'logout', info: 'Your ticket is invalid possibly due to server restart. Please login again.' };
  }
  if (authEnabled && frame.principal === ANONYMOUS) return { kind: 'drop' };
  return { kind: 'ok', user: frame.principal, roles: entry.roles };
}
