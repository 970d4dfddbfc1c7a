/**
 * MySQL and MariaDB through `mysql2`: one pool per user, rows streamed from the query's events.
 *
 * Notes:
 * - Values are taken as the raw text the server sends (typeCast off), so DECIMAL, BIGINT, FLOAT and DATETIME read
 *   exactly as the server printed them; binary strings (BINARY, VARBINARY, BLOB, BIT, geometry) are shown as `0x…`.
 * - Like Connector/J's setMaxRows, `sql_select_limit` asks the server for at most `maxRows + 1` rows, so a huge
 *   table is not sent only to be thrown away.
 * - Cancel is `KILL QUERY <thread id>` on a connection of its own, with the same login.
 * - LOAD DATA LOCAL is refused: a server must never read files of the Zeppelin host.
 */
import mysql, { type FieldPacket, type PoolConnection, type QueryError } from 'mysql2';
import { BATCH_ROWS, CATALOG_LIMIT, IDLE_MS, type CatalogEntry, type Cell, type DbConnection, type DbPool, type PoolOptions, type ResultConsumer } from './driver';
import { connectTimeoutMs, type JdbcTarget } from './url';

const BINARY_CHARSET = 63;
// BIT, TINY/MEDIUM/LONG_BLOB, BLOB, VAR_STRING, STRING, VARCHAR, GEOMETRY: binary data when their charset is binary.
const BYTE_TYPES = new Set([0x10, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0x0f, 0xff]);

const SYSTEM_SCHEMAS = "('mysql', 'information_schema', 'performance_schema', 'sys')";

type Decode = (b: Buffer) => string;
const utf8: Decode = (b) => b.toString('utf8');
const hex: Decode = (b) => `0x${b.toString('hex')}`;

function decoderFor(f: FieldPacket): Decode {
  const binary = f.characterSet === BINARY_CHARSET && BYTE_TYPES.has(f.columnType ?? -1) && f.extendedFormat !== 'json';
  return binary ? hex : utf8;
}

function ssl(params: Record<string, string>): mysql.PoolOptions['ssl'] {
  const mode = (params.sslMode ?? (params.useSSL === 'true' ? 'REQUIRED' : '')).toUpperCase();
  if (mode === 'REQUIRED' || mode === 'PREFERRED') return { rejectUnauthorized: false };
  if (mode === 'VERIFY_CA' || mode === 'VERIFY_IDENTITY') return { rejectUnauthorized: true };
  return undefined;
}

function connectionOptions(t: JdbcTarget, o: PoolOptions): mysql.ConnectionOptions {
  return {
    host: t.host, port: t.port, database: t.database || undefined, user: o.user, password: o.password,
    connectTimeout: connectTimeoutMs(t), charset: 'utf8mb4', flags: ['-LOCAL_FILES'], ssl: ssl(t.params),
    enableKeepAlive: true, multipleStatements: false,
  };
}

export function describeMysqlError(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

const warn = (e: Error): void => console.warn(`[jdbc] MySQL connection error: ${e.message}`);

function streamQuery(conn: PoolConnection, sql: string, into: ResultConsumer): Promise<void> {
  return new Promise((resolve, reject) => {
    let decode: Decode[] = [];
    let batch: Cell[][] = [];
    let reading = false;
    let hadResultSet = false;
    let settled = false;
    const fail = (e: unknown): void => {
      if (settled) return;
      settled = true;
      reject(e);
    };
    // A throw inside an event handler would leave the query unsettled (and the paragraph running) forever.
    const safely = <A extends unknown[]>(handler: (...args: A) => void) => (...args: A): void => {
      try {
        handler(...args);
      } catch (e) {
        fail(e);
      }
    };
    const flush = (): void => {
      if (batch.length > 0 && reading) reading = into.rows(batch);
      batch = [];
    };
    const q = conn.query({ sql, rowsAsArray: true, typeCast: false });
    q.on('fields', safely((fields: unknown) => {
      // Statements without a result set report `undefined` fields.
      if (!Array.isArray(fields)) return;
      flush();
      const list = fields as FieldPacket[];
      decode = list.map(decoderFor);
      hadResultSet = true;
      reading = true;
      into.columns(list.map((f) => f.name));
    }));
    q.on('result', safely((row: unknown) => {
      if (!Array.isArray(row)) {
        // The OK packet of a statement without a result set (or the status after a procedure's result sets).
        if (!hadResultSet) into.affected(Number((row as { affectedRows?: number }).affectedRows ?? 0));
        return;
      }
      if (!reading) return;
      batch.push((row as (Buffer | null)[]).map((b, i) => (b === null ? null : decode[i](b))));
      if (batch.length >= BATCH_ROWS) flush();
    }));
    q.on('error', (e: QueryError) => fail(e));
    q.on('end', safely(() => {
      if (settled) return;
      flush();
      settled = true;
      resolve();
    }));
  });
}

class MysqlConnection implements DbConnection {
  private released = false;

  constructor(
    private readonly conn: PoolConnection,
    readonly fresh: boolean,
    private readonly options: mysql.ConnectionOptions,
    private readonly limits: WeakMap<PoolConnection, number>,
  ) {}

  async execute(sql: string, into: ResultConsumer, maxRows: number): Promise<void> {
    if (this.limits.get(this.conn) !== maxRows + 1) {
      await this.quiet(`SET SESSION sql_select_limit = ${maxRows + 1}`);
      this.limits.set(this.conn, maxRows + 1);
    }
    await streamQuery(this.conn, sql, into);
  }

  quiet(sql: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.conn.query(sql, (err) => (err ? reject(err) : resolve()));
    });
  }

  cancel(): Promise<void> {
    const other = mysql.createConnection(this.options);
    other.on('error', warn);
    return new Promise<void>((resolve, reject) => {
      other.query(`KILL QUERY ${Number(this.conn.threadId)}`, (err) => (err ? reject(err) : resolve()));
    }).finally(() => other.destroy());
  }

  release(discard: boolean): void {
    if (this.released) return;
    this.released = true;
    if (discard) this.conn.destroy();
    else this.conn.release();
  }
}

class MysqlPool implements DbPool {
  private readonly pool: mysql.Pool;
  private readonly options: mysql.ConnectionOptions;
  private readonly seen = new WeakSet<PoolConnection>();
  private readonly limits = new WeakMap<PoolConnection, number>();

  constructor(o: PoolOptions) {
    this.options = connectionOptions(o.target, o);
    this.pool = mysql.createPool({ ...this.options, connectionLimit: o.max, maxIdle: o.max, idleTimeout: IDLE_MS });
  }

  private connection(): Promise<{ conn: PoolConnection; fresh: boolean }> {
    return new Promise((resolve, reject) => {
      this.pool.getConnection((err, conn) => {
        if (err) return reject(err);
        const fresh = !this.seen.has(conn);
        if (fresh) {
          this.seen.add(conn);
          conn.on('error', warn);
        }
        resolve({ conn, fresh });
      });
    });
  }

  async acquire(): Promise<DbConnection> {
    const { conn, fresh } = await this.connection();
    return new MysqlConnection(conn, fresh, this.options, this.limits);
  }

  async catalog(): Promise<CatalogEntry[]> {
    const { conn } = await this.connection();
    const rows = (sql: string): Promise<string[][]> => new Promise((resolve, reject) => {
      conn.query({ sql, rowsAsArray: true }, (err, res) => (err ? reject(err) : resolve(res as string[][])));
    });
    try {
      const schemas = await rows(`SELECT schema_name FROM information_schema.schemata WHERE schema_name NOT IN ${SYSTEM_SCHEMAS}`);
      const columns = await rows(`SELECT table_schema, table_name, column_name FROM information_schema.columns
        WHERE table_schema NOT IN ${SYSTEM_SCHEMAS} ORDER BY table_schema, table_name, ordinal_position LIMIT ${CATALOG_LIMIT}`);
      return [...schemas.map(([s]) => ({ schema: s })), ...columns.map(([s, t, c]) => ({ schema: s, table: t, column: c }))];
    } finally {
      conn.release();
    }
  }

  end(): Promise<void> {
    return new Promise((resolve) => {
      this.pool.end(() => resolve());
    });
  }
}

export const createMysqlPool = (o: PoolOptions): DbPool => new MysqlPool(o);
