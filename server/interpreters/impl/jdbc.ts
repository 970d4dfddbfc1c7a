/**
 * `%jdbc`: PostgreSQL and MySQL/MariaDB the way Zeppelin's JDBC interpreter reaches them, on Node drivers chosen by
 * the scheme of `default.url`. Several databases are several settings of group `jdbc` (`%pg`, `%warehouse`).
 *
 * A run: `{name}` interpolation when enabled, the paragraph split into statements (splitSql.ts), a connection from
 * the running user's own pool (userPools.ts), `default.precode` on a new connection and `default.statementPrecode`
 * before the statements, then each statement's rows streamed into a TABLE (tableOutput.ts). Cancel and the query
 * time-out stop the statement on the server (runState.ts); a connection that was stopped or failed is closed rather
 * than pooled again.
 */
import { interpolate } from '../interpolate';
import type { Completion, CompletionContext, InterpretContext, Interpreter, InterpreterEnv, InterpretResult } from '../types';
import { completeFromCatalog } from './jdbc/completion';
import type { CatalogEntry, DbPool, PoolOptions } from './jdbc/driver';
import { createMysqlPool, describeMysqlError } from './jdbc/mysql';
import { createPgPool, describePgError } from './jdbc/postgres';
import { loginFor, readProperties, type JdbcProperties } from './jdbc/properties';
import { RunState, Stopped } from './jdbc/runState';
import { splitSql } from './jdbc/splitSql';
import { TableOutput } from './jdbc/tableOutput';
import { parseJdbcUrl, type JdbcTarget } from './jdbc/url';
import { UserPools } from './jdbc/userPools';

interface Driver {
  createPool(o: PoolOptions): DbPool;
  describeError(e: unknown): string;
}

const DRIVERS: Readonly<Record<JdbcTarget['dialect'], Driver>> = {
  postgresql: { createPool: createPgPool, describeError: describePgError },
  mysql: { createPool: createMysqlPool, describeError: describeMysqlError },
};

/** Zeppelin's parallel scheduler for JDBC: `zeppelin.jdbc.concurrent.use` (default on), up to `…max_connection` runs. */
/** The database for messages: never the URL as written, whose parameters may hold a password. */
const describeTarget = (t: JdbcTarget): string => `jdbc:${t.scheme}://${t.host.includes(':') ? `[${t.host}]` : t.host}:${t.port}/${t.database}`;

/** Runs are per paragraph and user: in personalized mode several users run their copies of one paragraph at once. */
const runKey = (paragraphId: string, user: string): string => `${paragraphId}\u0000${user}`;

export class JdbcInterpreter implements Interpreter {
  private readonly props: JdbcProperties;
  private target: JdbcTarget | undefined;
  private pools: UserPools | undefined;
  private readonly runs = new Map<string, RunState>();

  constructor(private readonly env: InterpreterEnv) {
    this.props = readProperties(env.properties);
  }

  private get driver(): Driver {
    return DRIVERS[this.target?.dialect ?? 'postgresql'];
  }

  /** Checks the URL; connections are made per user on first use. */
  async open(): Promise<void> {
    this.target = parseJdbcUrl(this.props.url);
    this.pools = new UserPools(this.driver.createPool, this.target, this.env.settingName, this.props.maxConnections);
  }

  private statements(script: string, ctx: InterpretContext): string[] {
    const interpolating = this.props.interpolation || ctx.localProperties.interpolate === 'true';
    const text = interpolating && ctx.sharedValue ? interpolate(script, ctx.sharedValue) : script;
    if (!this.props.splitQueries) return text.trim() === '' ? [] : [text];
    return splitSql(text, this.target?.dialect ?? 'postgresql');
  }

  async interpret(script: string, ctx: InterpretContext): Promise<InterpretResult> {
    const { target, pools } = this;
    if (!target || !pools) return { code: 'ERROR' };
    const key = runKey(ctx.paragraphId, ctx.user);
    const run = new RunState(ctx.paragraphId);
    this.runs.set(key, run);
    const timeout = this.props.queryTimeoutS > 0 ? setTimeout(() => run.stop('timeout'), this.props.queryTimeoutS * 1000) : undefined;
    let broken = false;
    try {
      const statements = this.statements(script, ctx);
      if (statements.length === 0) return { code: 'SUCCESS' };
      const login = loginFor(this.props, target, this.env.settingName, ctx.credential);
      const acquiring = pools.pool(ctx.user, login).acquire();
      // A connection that arrives after the run gave up goes straight back, closed.
      acquiring.then((c) => run.stopped && c.release(true), () => undefined);
      run.conn = await run.guard(acquiring.catch((e: unknown) => {
        throw new Error(`Cannot connect to ${describeTarget(target)} as ${login.username}: ${this.driver.describeError(e)}`);
      }));
      await this.runStatements(run, statements, ctx);
      return this.ended(run, ctx, undefined);
    } catch (e) {
      broken = true;
      return this.ended(run, ctx, e instanceof Stopped ? 'The database did not answer the cancel request; the connection was closed.' : this.driver.describeError(e));
    } finally {
      if (timeout) clearTimeout(timeout);
      run.done();
      run.conn?.release(broken || run.stopped !== undefined);
      if (this.runs.get(key) === run) this.runs.delete(key);
    }
  }

  /**
   * The run's outcome: ABORT after a cancel; after the time-out an ERROR saying so (MariaDB ends a killed SLEEP()
   * without an error, so the time-out is reported whether or not the driver failed); else the driver's error.
   */
  private ended(run: RunState, ctx: InterpretContext, error: string | undefined): InterpretResult {
    if (run.stopped === 'cancel') return { code: 'ERROR', aborted: true };
    const lines = error === undefined ? [] : [error];
    if (run.stopped === 'timeout') lines.push(`Query timed out after ${this.props.queryTimeoutS} s (zeppelin.jdbc.query.timeout)`);
    if (lines.length === 0) return { code: 'SUCCESS' };
    ctx.out.message('TEXT', `${lines.join('\n')}\n`);
    return { code: 'ERROR' };
  }

  private async runStatements(run: RunState, statements: string[], ctx: InterpretContext): Promise<void> {
    const conn = run.conn;
    if (!conn) return;
    if (conn.fresh && this.props.precode.trim() !== '') await run.guard(conn.quiet(this.props.precode));
    if (this.props.statementPrecode.trim() !== '') await run.guard(conn.quiet(this.props.statementPrecode));
    const table = new TableOutput(ctx.out, this.props.maxCount);
    for (const sql of statements) {
      if (run.stopped) break;
      await run.guard(conn.execute(sql, table, this.props.maxCount, !this.props.splitQueries));
      table.end();
    }
  }

  cancel(paragraphId: string, user?: string): void {
    for (const [key, run] of this.runs) if (run.paragraphId === paragraphId && (user === undefined || key === runKey(paragraphId, user))) run.stop('cancel');
  }

  progress(): number {
    return 0;
  }

  async completion(script: string, cursor: number, ctx: CompletionContext): Promise<Completion[]> {
    let catalog: CatalogEntry[] = [];
    if (this.target && this.pools) {
      try {
        const login = loginFor(this.props, this.target, this.env.settingName, ctx.credential);
        catalog = await this.pools.catalog(ctx.user, login, this.props.completerTtlS);
      } catch (e) {
        console.warn(`[jdbc] completion without the catalog: ${this.driver.describeError(e)}`);
      }
    }
    return completeFromCatalog(catalog, script, cursor);
  }

  /** Stops what runs (on the server too), then closes every user's pool. */
  async close(): Promise<void> {
    for (const run of this.runs.values()) run.stop('cancel');
    await this.pools?.closeAll();
  }
}
