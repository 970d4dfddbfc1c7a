/**
 * `%sql` / `%duckdb`: DuckDB through @duckdb/node-api, one database per session (`duckdb.database`: `:memory:`
 * or a file, relative to the conf dir). Every statement of the paragraph runs in order on the session's
 * connection, so tables persist across paragraphs; a query's rows become a `%table` (TSV) result capped at
 * `duckdb.maxResult` rows with a truncation note. CSV/Parquet/JSON files are read by path with DuckDB's own
 * syntax (`SELECT * FROM 'data.csv'`). Tables of the resource pool are tables here by their name, and
 * `%sql(saveAs=name)` keeps a query's result in the pool (pool/duckdbTables.ts).
 */
import { rmSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { DuckDBConnection, DuckDBInstance, ResultReturnType, type DuckDBPreparedStatement, type DuckDBValue } from '@duckdb/node-api';
import { PoolTables, poolTableColumns, saveResult } from '../pool/duckdbTables';
import type { PoolApi } from '../pool/resourcePool';
import { rowsLimitAlert } from '../output';
import type { Completion, CompletionContext, InterpretContext, Interpreter, InterpreterEnv, InterpretResult } from '../types';

const KEYWORDS = [
  'SELECT', 'FROM', 'WHERE', 'GROUP BY', 'ORDER BY', 'HAVING', 'LIMIT', 'OFFSET', 'JOIN', 'LEFT JOIN', 'INNER JOIN', 'ON', 'AS',
  'DISTINCT', 'COUNT', 'SUM', 'AVG', 'MIN', 'MAX', 'AND', 'OR', 'NOT', 'NULL', 'IS', 'IN', 'LIKE', 'BETWEEN', 'CASE', 'WHEN', 'THEN',
  'ELSE', 'END', 'CREATE', 'TABLE', 'VIEW', 'INSERT', 'INTO', 'VALUES', 'UPDATE', 'SET', 'DELETE', 'DROP', 'ALTER', 'WITH', 'UNION',
  'ALL', 'DESCRIBE', 'SHOW', 'TABLES', 'read_csv', 'read_parquet', 'read_json', 'COPY', 'EXPLAIN', 'SUMMARIZE',
];

function cell(v: DuckDBValue): string {
  if (v === null || v === undefined) return 'null';
  const s = typeof v === 'object' ? String(v) : String(v);
  return s.replace(/[\t\n\r]/g, ' ');
}

/** Writes the rows as a `%table` (and the truncation note past `max`); returns the table's text. */
function showTable(ctx: InterpretContext, names: string[], rows: DuckDBValue[][], max: number): string {
  const lines = [names.map((n) => n.replace(/[\t\n\r]/g, ' ')).join('\t')];
  for (const row of rows.slice(0, max)) lines.push(row.map(cell).join('\t'));
  const text = `${lines.join('\n')}\n`;
  ctx.out.message('TABLE', text);
  if (rows.length > max) ctx.out.message('HTML', rowsLimitAlert(max, 'duckdb.maxResult'));
  return text;
}

/** What a `saveAs` run keeps: its last query's table, and its messages' text as Zeppelin's pool holds it. */
interface Saved {
  dir?: string;
  messages: string[];
}

function keep(pool: PoolApi, name: string, saved: Saved): void {
  const text = saved.messages.length === 1 ? saved.messages[0] : saved.messages;
  pool.put(name, saved.dir ? { kind: 'table', dir: saved.dir, text } : { kind: 'value', value: text });
}

export class DuckDBInterpreter implements Interpreter {
  readonly savesResults = true;
  private instance: DuckDBInstance | undefined;
  private conn: DuckDBConnection | undefined;
  private meta: DuckDBConnection | undefined;
  private running: { paragraphId: string; cancelled: boolean } | undefined;
  private readonly poolTables = new PoolTables();

  constructor(private readonly env: InterpreterEnv) {}

  private get database(): string {
    const db = (this.env.properties['duckdb.database'] || ':memory:').trim();
    if (db === ':memory:' || db === '' || isAbsolute(db)) return db || ':memory:';
    return join(this.env.confDir, db);
  }

  /** DuckDB's own settings from `duckdb.threads` and `duckdb.memory_limit`; empty ones keep DuckDB's defaults. */
  private get options(): Record<string, string> {
    const out: Record<string, string> = {};
    const threads = String(this.env.properties['duckdb.threads'] ?? '').trim();
    const memory = String(this.env.properties['duckdb.memory_limit'] ?? '').trim();
    if (threads) out.threads = threads;
    if (memory) out.memory_limit = memory;
    return out;
  }

  async open(): Promise<void> {
    this.instance = await DuckDBInstance.create(this.database, this.options);
    this.conn = await this.instance.connect();
    // Completion reads the catalog on its own connection, so it never waits behind a long query.
    this.meta = await this.instance.connect();
  }

  async interpret(script: string, ctx: InterpretContext): Promise<InterpretResult> {
    const conn = this.conn;
    if (!conn) return { code: 'ERROR' };
    const saveAs = ctx.localProperties.saveAs;
    if (saveAs !== undefined && (!ctx.pool || saveAs.trim() === '')) {
      ctx.out.message('TEXT', 'saveAs needs a name: %sql(saveAs=name)\n');
      return { code: 'ERROR' };
    }
    const run = { paragraphId: ctx.paragraphId, cancelled: false };
    this.running = run;
    const saved: Saved = { messages: [] };
    try {
      if (ctx.pool) await this.poolTables.sync(conn, ctx.pool, script);
      const statements = await conn.extractStatements(script);
      for (let i = 0; i < statements.count; i++) {
        if (run.cancelled) return { code: 'ERROR', aborted: true };
        const prepared = await statements.prepare(i);
        if (saveAs !== undefined && ctx.pool) await this.runSaving(prepared, ctx, ctx.pool.dir, saved);
        else await this.runShowing(prepared, ctx);
      }
      if (saveAs !== undefined && ctx.pool) keep(ctx.pool, saveAs.trim(), saved);
      return { code: 'SUCCESS' };
    } catch (e) {
      if (saved.dir) rmSync(saved.dir, { recursive: true, force: true });
      if (run.cancelled) return { code: 'ERROR', aborted: true };
      ctx.out.message('TEXT', `${(e as Error).message}\n`);
      return { code: 'ERROR' };
    } finally {
      if (this.running === run) this.running = undefined;
    }
  }

  private get maxResult(): number {
    return Math.max(1, Number(this.env.properties['duckdb.maxResult'] || 1000));
  }

  /** Shows a statement's first `duckdb.maxResult` rows, reading no further. */
  private async runShowing(prepared: DuckDBPreparedStatement, ctx: InterpretContext): Promise<void> {
    const max = this.maxResult;
    const reader = await prepared.streamAndReadUntil(max + 1);
    if (reader.returnType === ResultReturnType.QUERY_RESULT) showTable(ctx, reader.columnNames(), reader.getRows(), max);
    else if (reader.returnType === ResultReturnType.CHANGED_ROWS) ctx.out.message('TEXT', `Query executed successfully. Affected rows : ${reader.rowsChanged}\n`);
  }

  /** As runShowing, and every row of a query goes to a pool table; the last query's is the one kept. */
  private async runSaving(prepared: DuckDBPreparedStatement, ctx: InterpretContext, root: string, saved: Saved): Promise<void> {
    const max = this.maxResult;
    const result = await prepared.stream();
    if (result.returnType === ResultReturnType.QUERY_RESULT) {
      const rows: DuckDBValue[][] = [];
      const dir = await saveResult(result, root, (chunk) => {
        rows.push(...chunk.slice(0, max + 1 - rows.length));
        return rows.length <= max;
      });
      if (saved.dir) rmSync(saved.dir, { recursive: true, force: true });
      saved.dir = dir;
      saved.messages.push(showTable(ctx, result.columnNames(), rows, max));
    } else if (result.returnType === ResultReturnType.CHANGED_ROWS) {
      const text = `Query executed successfully. Affected rows : ${result.rowsChanged}\n`;
      ctx.out.message('TEXT', text);
      saved.messages.push(text);
    }
  }

  /**
   * An interrupt only stops a query that is already executing; one that arrives while a statement is still being
   * prepared would be lost, so it is repeated until the run is over.
   */
  cancel(paragraphId: string): void {
    const run = this.running;
    if (run?.paragraphId !== paragraphId || run.cancelled) return;
    run.cancelled = true;
    this.conn?.interrupt();
    const timer = setInterval(() => {
      if (this.running !== run) clearInterval(timer);
      else this.conn?.interrupt();
    }, 50);
  }

  progress(paragraphId: string): number {
    if (this.running?.paragraphId !== paragraphId || !this.conn) return 0;
    const pct = this.conn.progress.percentage;
    return pct > 0 ? Math.min(100, Math.floor(pct)) : 0;
  }

  async completion(script: string, cursor: number, ctx?: CompletionContext): Promise<Completion[]> {
    const word = /[A-Za-z_][\w.]*$/.exec(script.slice(0, cursor))?.[0] ?? '';
    const prefix = word.slice(word.lastIndexOf('.') + 1).toLowerCase();
    const out: Completion[] = [];
    const seen = new Set<string>();
    const add = (name: string, meta: string): void => {
      if (!name.toLowerCase().startsWith(prefix) || seen.has(`${meta}:${name}`)) return;
      seen.add(`${meta}:${name}`);
      out.push({ name, value: name, meta });
    };
    if (this.meta) {
      try {
        const reader = await this.meta.runAndReadAll(
          "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema NOT IN ('information_schema', 'pg_catalog') ORDER BY table_name, ordinal_position",
        );
        for (const [table, column] of reader.getRows()) {
          add(String(table), 'table');
          add(String(column), 'column');
        }
      } catch (e) {
        console.warn(`[sql] completion: ${(e as Error).message}`);
      }
    }
    for (const [table, columns] of poolTableColumns(ctx?.pool)) {
      add(table, 'table');
      for (const c of columns) add(c, 'column');
    }
    for (const k of KEYWORDS) add(k, 'keyword');
    return out;
  }

  async close(): Promise<void> {
    this.conn?.interrupt();
    this.conn?.closeSync();
    this.meta?.closeSync();
    this.instance?.closeSync();
    this.conn = undefined;
    this.meta = undefined;
    this.instance = undefined;
  }
}
