/**
 * PostgreSQL through `pg`: one pg.Pool per user. A query's rows are read as COPY text where the query allows it
 * (postgresCopy.ts), else through a cursor (pg-cursor) in batches; either way a large result never sits in memory as
 * rows and as table text at once. The next batch is asked for before the current one is turned into table text, so
 * the database and the server work at the same time.
 *
 * Notes:
 * - Every value keeps PostgreSQL's own text form (numeric, int8, arrays, json, bytea as `\x…`); dates and times are
 *   ISO because each connection sets DateStyle=ISO; booleans read `true`/`false`.
 * - A cursor (extended protocol) takes one statement; with splitQueries off the whole text goes through the simple
 *   protocol instead, which accepts several.
 * - Cancel is `pg_cancel_backend(pid)` on a connection of its own, with the same login.
 */
import pg from 'pg';
import Cursor from 'pg-cursor';
import { BATCH_ROWS, CATALOG_LIMIT, IDLE_MS, type CatalogEntry, type Cell, type DbConnection, type DbPool, type PoolOptions, type ResultConsumer } from './driver';
import { copyRows } from './postgresCopy';
import { connectTimeoutMs, type JdbcTarget } from './url';

const BOOL_OID = 16;
const asText = (v: string): string => v;
const asBool = (v: string): string => (v === 't' ? 'true' : v === 'f' ? 'false' : v);
const TYPES = { getTypeParser: (oid: number) => (oid === BOOL_OID ? asBool : asText) } as unknown as pg.CustomTypesConfig;

const SYSTEM_SCHEMAS = "('pg_catalog', 'information_schema')";

function ssl(params: Record<string, string>): pg.ClientConfig['ssl'] {
  const mode = (params.sslmode ?? (params.ssl === 'true' ? 'verify-full' : '')).toLowerCase();
  if (mode === 'require') return { rejectUnauthorized: false };
  if (mode === 'verify-ca' || mode === 'verify-full') return { rejectUnauthorized: true };
  return false;
}

/** Server options for each connection; spaces and backslashes in values are escaped as libpq's `options` wants. */
function serverOptions(t: JdbcTarget): string {
  const opts = ['-c DateStyle=ISO'];
  if (t.params.currentSchema) opts.push(`-c search_path=${t.params.currentSchema.replace(/[\\ ]/g, '\\$&')}`);
  return opts.join(' ');
}

function clientConfig(o: PoolOptions): pg.ClientConfig {
  const t = o.target;
  return {
    host: t.host, port: t.port, database: t.database || undefined, user: o.user, password: o.password,
    application_name: t.params.ApplicationName || o.applicationName, connectionTimeoutMillis: connectTimeoutMs(t),
    keepAlive: true, ssl: ssl(t.params), options: serverOptions(t), types: TYPES,
  };
}

/** pgjdbc's shape of a server error (`ERROR: … Detail: … Hint: … Position: n`), which Zeppelin users know. */
export function describePgError(e: unknown): string {
  const err = e as pg.DatabaseError;
  if (!err || typeof err !== 'object' || !err.severity) return e instanceof Error ? e.message : String(e);
  const lines = [`${err.severity}: ${err.message}`];
  if (err.detail) lines.push(`  Detail: ${err.detail}`);
  if (err.hint) lines.push(`  Hint: ${err.hint}`);
  if (err.position) lines.push(`  Position: ${err.position}`);
  return lines.join('\n');
}

const ignoreError = (): void => undefined;

function readBatch(cursor: Cursor<Cell[]>, n: number): Promise<{ rows: Cell[][]; result: pg.QueryResult }> {
  return new Promise((resolve, reject) => {
    cursor.read(n, (err, rows, result) => (err ? reject(err) : resolve({ rows, result })));
  });
}

class PgConnection implements DbConnection {
  private released = false;

  constructor(
    private readonly client: pg.PoolClient,
    readonly fresh: boolean,
    private readonly config: pg.ClientConfig,
  ) {
    // An error between statements (the server going away) must not become an unhandled 'error' event.
    client.on('error', ignoreError);
  }

  async execute(sql: string, into: ResultConsumer, maxRows: number, whole = false): Promise<void> {
    if (whole) return this.simple(sql, into, maxRows);
    if (into.lines && (await copyRows(this.client, sql, into as Required<ResultConsumer>, maxRows))) return;
    const cursor = this.client.query(new Cursor<Cell[]>(sql, undefined, { rowMode: 'array', types: TYPES }));
    let open = true;
    try {
      let read = 0;
      let described = false;
      let want = Math.min(BATCH_ROWS, maxRows + 1);
      let next = readBatch(cursor, want);
      for (;;) {
        const { rows, result } = await next;
        if (!described) {
          described = true;
          if (result.fields.length === 0) {
            into.affected(result.rowCount ?? 0);
            open = false;
            return;
          }
          into.columns(result.fields.map((f) => f.name));
        }
        read += rows.length;
        const last = rows.length < want || read > maxRows;
        if (!last) {
          // Asked for before this batch is handed over, so the database produces the next one meanwhile.
          want = Math.min(BATCH_ROWS, maxRows + 1 - read);
          next = readBatch(cursor, want);
          next.catch(ignoreError);
        }
        const more = rows.length > 0 && into.rows(rows);
        if (last) break;
        if (!more) {
          // The batch under way is read, and dropped, before the cursor closes.
          await next;
          break;
        }
      }
    } catch (e) {
      // After an error the cursor has already ended its portal; closing it again would wait forever.
      open = false;
      throw e;
    } finally {
      if (open) await cursor.close();
    }
  }

  private async simple(sql: string, into: ResultConsumer, maxRows: number): Promise<void> {
    const res = (await this.client.query({ text: sql, rowMode: 'array', types: TYPES })) as pg.QueryResult<Cell[]> | pg.QueryResult<Cell[]>[];
    for (const r of Array.isArray(res) ? res : [res]) {
      if (r.fields.length === 0) {
        into.affected(r.rowCount ?? 0);
      } else {
        into.columns(r.fields.map((f) => f.name));
        if (r.rows.length > 0) into.rows(r.rows.slice(0, maxRows + 1));
      }
    }
  }

  async quiet(sql: string): Promise<void> {
    await this.client.query(sql);
  }

  async cancel(): Promise<void> {
    const pid = (this.client as unknown as { processID: number | null }).processID;
    if (!pid) return;
    const other = new pg.Client(this.config);
    other.on('error', ignoreError);
    try {
      await other.connect();
      await other.query('SELECT pg_cancel_backend($1)', [pid]);
    } finally {
      await other.end().catch(ignoreError);
    }
  }

  release(discard: boolean): void {
    if (this.released) return;
    this.released = true;
    this.client.removeListener('error', ignoreError);
    this.client.release(discard);
  }
}

class PgPool implements DbPool {
  private readonly pool: pg.Pool;
  private readonly config: pg.ClientConfig;
  private readonly seen = new WeakSet<pg.PoolClient>();

  constructor(o: PoolOptions) {
    this.config = clientConfig(o);
    this.pool = new pg.Pool({ ...this.config, max: o.max, idleTimeoutMillis: IDLE_MS });
    // Idle connections dropped by the server are reported here; the pool replaces them.
    this.pool.on('error', (e) => console.warn(`[jdbc] idle PostgreSQL connection closed: ${e.message}`));
  }

  async acquire(): Promise<DbConnection> {
    const client = await this.pool.connect();
    const fresh = !this.seen.has(client);
    this.seen.add(client);
    return new PgConnection(client, fresh, this.config);
  }

  async catalog(): Promise<CatalogEntry[]> {
    const client = await this.pool.connect();
    try {
      const schemas = await client.query<{ s: string }>(
        `SELECT schema_name AS s FROM information_schema.schemata WHERE schema_name NOT IN ${SYSTEM_SCHEMAS} AND schema_name NOT LIKE 'pg\\_%'`,
      );
      const columns = await client.query<{ s: string; t: string; c: string }>(
        `SELECT table_schema AS s, table_name AS t, column_name AS c FROM information_schema.columns
          WHERE table_schema NOT IN ${SYSTEM_SCHEMAS} AND table_schema NOT LIKE 'pg\\_%'
          ORDER BY table_schema, table_name, ordinal_position LIMIT ${CATALOG_LIMIT}`,
      );
      return [...schemas.rows.map((r) => ({ schema: r.s })), ...columns.rows.map((r) => ({ schema: r.s, table: r.t, column: r.c }))];
    } finally {
      client.release();
    }
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}

export const createPgPool = (o: PoolOptions): DbPool => new PgPool(o);
