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

export class SessionStore {
  private readonly byId = new Map<string, LoginSession>();

  constructor(
    /** Idle timeout (Shiro's globalSessionTimeout). */
    private readonly timeoutMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  create(principal: string, roles: string[]): LoginSession {
    this.prune();
    if (this.byId.size >= MAX_SESSIONS) {
      // Map order is insertion order: the oldest session goes first.
      const oldest = this.byId.keys().next().value;
      if (oldest !== undefined) this.byId.delete(oldest);
    }
    const s: LoginSession = { id: randomBytes(32).toString('base64url'), principal, roles: [...roles], lastSeen: this.now() };
    this.byId.set(s.id, s);
    return s;
  }

  /** The live session with this id, its idle clock restarted; undefined when unknown or expired. */
  touch(id: string | undefined): LoginSession | undefined {
    if (!id) return undefined;
    const s = this.byId.get(id);
    if (!s) return undefined;
    if (this.now() - s.lastSeen > this.timeoutMs) {
      this.byId.delete(id);
      return undefined;
    }
    s.lastSeen = this.now();
    return s;
  }

  destroy(id: string | undefined): LoginSession | undefined {
    if (!id) return undefined;
    const s = this.byId.get(id);
    this.byId.delete(id);
    return s;
  }

  /** Sessions of a user that are still live (e.g. other devices). */
  countFor(principal: string): number {
    let n = 0;
    for (const s of this.byId.values()) if (s.principal === principal && this.now() - s.lastSeen <= this.timeoutMs) n++;
    return n;
  }

  private prune(): void {
    const t = this.now();
    for (const [id, s] of this.byId) if (t - s.lastSeen > this.timeoutMs) this.byId.delete(id);
  }
}
