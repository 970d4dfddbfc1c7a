/**
 * The accounts and roles of shiro.ini, for whoever needs to know who exists: note permissions, the permission
 * dialog's auto-complete (`GET /api/security/userlist/{term}`), cron's executing user. `services.users` is this
 * directory when authentication is on and undefined in anonymous mode.
 */
import type { ShiroConfig } from './shiro';

export interface UserDirectory {
  /** Every user name, sorted. */
  all(): string[];
  has(user: string): boolean;
  /** The roles shiro.ini gives this user ([] for an unknown user). */
  rolesOf(user: string): string[];
  /** Every role name: those of [roles] and those given to users, sorted. */
  roles(): string[];
  /** PROTOCOL 3.2 userlist: at most 5 users containing `term` (case-insensitive, prefix matches first), and the matching roles. */
  search(term: string): { users: string[]; roles: string[] };
}

export const USERLIST_LIMIT = 5;

export function userDirectory(shiro: ShiroConfig): UserDirectory {
  const users = [...shiro.users.keys()].sort();
  const roles = [...new Set([...shiro.roles, ...[...shiro.users.values()].flatMap((u) => u.roles)])].sort();
  return {
    all: () => [...users],
    has: (user) => shiro.users.has(user),
    rolesOf: (user) => [...(shiro.users.get(user)?.roles ?? [])],
    roles: () => [...roles],
    search(term) {
      const t = term.toLowerCase();
      const hits = users.filter((u) => u.toLowerCase().includes(t));
      const prefix = hits.filter((u) => u.toLowerCase().startsWith(t));
      const rest = hits.filter((u) => !u.toLowerCase().startsWith(t));
      return { users: [...prefix, ...rest].slice(0, USERLIST_LIMIT), roles: roles.filter((r) => r.toLowerCase().includes(t)) };
    },
  };
}
