/**
 * Login sessions behind the HttpOnly session cookie (Shiro's JSESSIONID in Zeppelin). In memory only: a restart
 * logs everybody out, as Zeppelin's tickets are lost on restart too (PROTOCOL 1.4).
 */
import { randomBytes } from 'node:crypto';

export interface LoginSession {
  id: string;
  principal: string;
  roles: string[];
  lastSeen: number;
}

const MAX_SESSIONS = 10_000;
/** Devices and browsers one user may be logged in from at once; the oldest login ends first. */
export const MAX_SESSIONS_PER_USER = 100;

export class SessionStore {
  private readonly byId = new Map<string, LoginSession>();
  /** Each user's session ids, oldest first. */
  private readonly byUser = new Map<string, Set<string>>();

  constructor(
    /** Idle timeout (Shiro's globalSessionTimeout). */
    private readonly timeoutMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A new session. A user at the per-user cap loses their own oldest session; only when the store is full does
   * anyone else's go, and then the oldest session of whoever holds the most.
   */
  create(principal: string, roles: string[]): LoginSession {
    this.prune();
    const own = this.byUser.get(principal);
    if (own && own.size >= MAX_SESSIONS_PER_USER) this.destroy(own.values().next().value);
    if (this.byId.size >= MAX_SESSIONS) this.evictFromLargest();
    const s: LoginSession = { id: randomBytes(32).toString('base64url'), principal, roles: [...roles], lastSeen: this.now() };
    this.byId.set(s.id, s);
    let ids = this.byUser.get(principal);
    if (!ids) {
      ids = new Set();
      this.byUser.set(principal, ids);
    }
    ids.add(s.id);
    return s;
  }

  private evictFromLargest(): void {
    let largest: Set<string> | undefined;
    for (const ids of this.byUser.values()) if (!largest || ids.size > largest.size) largest = ids;
    if (largest) this.destroy(largest.values().next().value);
  }

  /** The live session with this id, its idle clock restarted; undefined when unknown or expired. */
  touch(id: string | undefined): LoginSession | undefined {
    if (!id) return undefined;
    const s = this.byId.get(id);
    if (!s) return undefined;
    if (this.now() - s.lastSeen > this.timeoutMs) {
      this.destroy(id);
      return undefined;
    }
    s.lastSeen = this.now();
    return s;
  }

  destroy(id: string | undefined): LoginSession | undefined {
    if (!id) return undefined;
    const s = this.byId.get(id);
    if (!s) return undefined;
    this.byId.delete(id);
    const ids = this.byUser.get(s.principal);
    ids?.delete(id);
    if (ids?.size === 0) this.byUser.delete(s.principal);
    return s;
  }

  /** Sessions of a user that are still live (e.g. other devices). */
  countFor(principal: string): number {
    let n = 0;
    for (const id of this.byUser.get(principal) ?? []) {
      const s = this.byId.get(id);
      if (s && this.now() - s.lastSeen <= this.timeoutMs) n++;
    }
    return n;
  }

  private prune(): void {
    const t = this.now();
    for (const [id, s] of this.byId) if (t - s.lastSeen > this.timeoutMs) this.destroy(id);
  }
}
