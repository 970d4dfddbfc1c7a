/**
 * One connection pool per Zeppelin user of a `%jdbc` session: users never share a database session (temp tables,
 * SET values, transactions stay theirs). A pool is replaced when the user's login changes (a new password on the
 * credential page), and all pools close with the session (interpreter restart, setting edit, server stop).
 */
import type { Credential } from '../../types';
import type { CatalogEntry, DbPool, PoolOptions } from './driver';
import type { JdbcTarget } from './url';

interface UserPool {
  login: string;
  pool: DbPool;
  catalog?: { at: number; entries: Promise<CatalogEntry[]> };
}

export class UserPools {
  private readonly pools = new Map<string, UserPool>();

  constructor(
    private readonly create: (o: PoolOptions) => DbPool,
    private readonly target: JdbcTarget,
    private readonly settingName: string,
    private readonly maxConnections: number,
  ) {}

  private entry(user: string, login: Credential): UserPool {
    const key = JSON.stringify([login.username, login.password]);
    let e = this.pools.get(user);
    if (e && e.login !== key) {
      const old = e.pool;
      old.end().catch((err: unknown) => console.warn(`[jdbc] closing the old pool of ${user}: ${(err as Error).message}`));
      e = undefined;
    }
    if (!e) {
      e = {
        login: key,
        pool: this.create({
          target: this.target, user: login.username, password: login.password, applicationName: `Zeppelin %${this.settingName}`, max: this.maxConnections,
        }),
      };
      this.pools.set(user, e);
    }
    return e;
  }

  pool(user: string, login: Credential): DbPool {
    return this.entry(user, login).pool;
  }

  /** The catalog as this user sees it, cached for `ttlS` seconds (-1: reload every time, 0: load once). */
  catalog(user: string, login: Credential, ttlS: number): Promise<CatalogEntry[]> {
    const e = this.entry(user, login);
    const c = e.catalog;
    const fresh = c && (ttlS === 0 || (ttlS > 0 && Date.now() - c.at < ttlS * 1000));
    if (fresh) return c.entries;
    const entries = e.pool.catalog();
    e.catalog = { at: Date.now(), entries };
    // A failed load is not kept: the next completion tries again.
    entries.catch(() => {
      if (e.catalog?.entries === entries) e.catalog = undefined;
    });
    return entries;
  }

  async closeAll(): Promise<void> {
    const all = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(all.map((e) => e.pool.end().catch((err: unknown) => console.warn(`[jdbc] closing a pool: ${(err as Error).message}`))));
  }
}
