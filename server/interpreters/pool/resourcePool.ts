/**
 * Zeppelin's resource pool (`z.put` / `z.get` / `z.remove`, `%sql(saveAs=…)`). Zeppelin keeps one pool per
 * interpreter process and lets `get` look in its own process first, then in every other one. Here each interpreter
 * session has its pool, and a run looks in its own session's pool first, then in the pools of the sessions its note
 * and user may use: shared sessions, and sessions kept for this user or this note. A per-user or per-note session's
 * values thus never reach another user or note, where Zeppelin would hand them out.
 *
 * A value is JSON; a table is a folder of columns (pool/columnar.ts) under the pool's temp folder, removed when the
 * name is replaced or removed or its session closes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export type Resource =
  | { kind: 'value'; value: unknown }
  /** `text` is what Zeppelin's pool holds for a saved result: its message data (one string, or one per message). */
  | { kind: 'table'; dir: string; text?: string | string[] };

export interface PoolEntry {
  name: string;
  resource: Resource;
  /** Grows with every put in the server: a newer value under a name wins, and a reader knows when to reload. */
  version: number;
}

/** Who a session serves: undefined parts are shared by every note or user. */
export interface SessionOwner {
  id: string;
  noteId?: string;
  user?: string;
}

/** What an interpreter sees of the pool during one run. */
export interface PoolApi {
  /** Where a table's folder must be made (a direct child of it). */
  readonly dir: string;
  put(name: string, resource: Resource): void;
  get(name: string): PoolEntry | undefined;
  /** Removes the name wherever get() would find it; true when something was removed. */
  remove(name: string): boolean;
  /** Every table this run may read, the one get() would give for each name. */
  tables(): PoolEntry[];
}

interface SessionPool {
  owner: SessionOwner;
  entries: Map<string, PoolEntry>;
}

const NAME = /^[^\0]{1,256}$/;

export class ResourcePool {
  private readonly pools = new Map<string, SessionPool>();
  private version = 0;
  private root: string | undefined;

  /** The pool's temp folder, made on first use. */
  get dir(): string {
    this.root ??= mkdtempSync(join(tmpdir(), 'zeppelin-pool-'));
    return this.root;
  }

  /** The pool as one run of `session` by `user` in `noteId` sees it. */
  view(session: SessionOwner, noteId: string, user: string): PoolApi {
    const visible = (p: SessionPool): boolean => p.owner.id === session.id
      || ((p.owner.user === undefined || p.owner.user === user) && (p.owner.noteId === undefined || p.owner.noteId === noteId));
    const find = (name: string): { pool: SessionPool; entry: PoolEntry } | undefined => {
      const own = this.pools.get(session.id)?.entries.get(name);
      if (own) return { pool: this.pools.get(session.id) as SessionPool, entry: own };
      let best: { pool: SessionPool; entry: PoolEntry } | undefined;
      for (const pool of this.pools.values()) {
        const entry = visible(pool) ? pool.entries.get(name) : undefined;
        if (entry && (!best || entry.version > best.entry.version)) best = { pool, entry };
      }
      return best;
    };
    const root = (): string => this.dir;
    return {
      get dir() {
        return root();
      },
      put: (name, resource) => this.put(session, name, resource),
      get: (name) => find(name)?.entry,
      remove: (name) => {
        let removed = false;
        for (let hit = find(name); hit; hit = find(name)) {
          hit.pool.entries.delete(name);
          this.discard(hit.entry);
          removed = true;
        }
        return removed;
      },
      tables: () => {
        const names = new Set<string>();
        for (const pool of this.pools.values()) if (visible(pool)) for (const n of pool.entries.keys()) names.add(n);
        return [...names].map((n) => find(n)?.entry).filter((e): e is PoolEntry => e?.resource.kind === 'table');
      },
    };
  }

  private put(session: SessionOwner, name: string, resource: Resource): void {
    if (!NAME.test(name)) throw new Error('A resource name is 1 to 256 characters');
    if (resource.kind === 'table' && dirname(resolve(resource.dir)) !== this.dir) throw new Error('A table must be made in the pool folder');
    let pool = this.pools.get(session.id);
    if (!pool) {
      pool = { owner: { id: session.id, noteId: session.noteId, user: session.user }, entries: new Map() };
      this.pools.set(session.id, pool);
    }
    const before = pool.entries.get(name);
    pool.entries.set(name, { name, resource, version: ++this.version });
    if (before) this.discard(before);
  }

  /** A session closed: its values go, as a Zeppelin pool goes with its interpreter process. */
  dropSession(sessionId: string): void {
    const pool = this.pools.get(sessionId);
    if (!pool) return;
    this.pools.delete(sessionId);
    for (const entry of pool.entries.values()) this.discard(entry);
  }

  close(): void {
    for (const id of [...this.pools.keys()]) this.dropSession(id);
    if (this.root) rmSync(this.root, { recursive: true, force: true });
    this.root = undefined;
  }

  private discard(entry: PoolEntry): void {
    if (entry.resource.kind !== 'table') return;
    const dir = resolve(entry.resource.dir);
    if (dirname(dir) === this.root) rmSync(dir, { recursive: true, force: true });
  }
}
