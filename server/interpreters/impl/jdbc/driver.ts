/**
 * What `%jdbc` needs from a database driver, so PostgreSQL (pg) and MySQL/MariaDB (mysql2) look alike to it. Cells
 * arrive as the database's own text (null for SQL NULL): no number or date ever passes through a JavaScript value
 * that could round it or shift its time zone.
 */
import type { JdbcTarget } from './url';

export type Cell = string | null;

/** Where a statement's results go while they stream. */
export interface ResultConsumer {
  /** A result set begins. */
  columns(names: string[]): void;
  /** The next rows of that result set; false asks the driver to stop reading it. */
  rows(batch: Cell[][]): boolean;
  /**
   * The next `count` rows of that result set already as table lines (tableOutput.ts), for a driver that reads text
   * (PostgreSQL's COPY); false asks the driver to stop reading it. A consumer without it gets `rows`.
   */
  lines?(text: string, count: number): boolean;
  /** The statement returned no result set; `count` rows were changed. */
  affected(count: number): void;
}

/** A connection checked out of a user's pool for one run. */
export interface DbConnection {
  /** True the first time this physical connection is handed out (the precode runs on it then). */
  readonly fresh: boolean;
  /**
   * Runs one statement, streaming its results; at most `maxRows + 1` rows of each result set are read, so the
   * consumer can tell that more exist. `whole`: `sql` may hold several statements (splitQueries off).
   */
  execute(sql: string, into: ResultConsumer, maxRows: number, whole?: boolean): Promise<void>;
  /** Runs statements whose results nobody sees (the precodes). */
  quiet(sql: string): Promise<void>;
  /** Asks the server, over a connection of its own, to stop this connection's statement (pg_cancel_backend / KILL QUERY). */
  cancel(): Promise<void>;
  /** Back to the pool; `discard` closes it instead (after a cancel or an error that may have broken it). */
  release(discard: boolean): void;
}

export interface CatalogEntry {
  schema: string;
  table?: string;
  column?: string;
}

export interface DbPool {
  acquire(): Promise<DbConnection>;
  /** Schemas, tables and columns the user may see, for completion. */
  catalog(): Promise<CatalogEntry[]>;
  end(): Promise<void>;
}

export interface PoolOptions {
  target: JdbcTarget;
  user: string;
  password: string;
  /** Shown to database administrators (pg_stat_activity, PROCESSLIST where it exists). */
  applicationName: string;
  /** Connections at most in this user's pool. */
  max: number;
}

/** How long an unused pooled connection stays open. */
export const IDLE_MS = 30 * 60 * 1000;

/**
 * Rows handed to the consumer at once, and fetched from a PostgreSQL cursor per round trip: large enough that a
 * 100,000-row result takes ten round trips rather than fifty, small enough that a batch is a few megabytes at most.
 */
export const BATCH_ROWS = 10_000;

export const CATALOG_LIMIT = 50_000;
