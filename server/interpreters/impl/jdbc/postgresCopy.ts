/**
 * A PostgreSQL query's rows read as `COPY (…) TO STDOUT` text (pg-copy-streams), which arrives as bytes already close
 * to the table text: no message, array or string per row or value, as the cursor's rows cost (postgres.ts).
 *
 * How a statement gets here:
 * - Only outside an explicit transaction: a COPY the database refuses is then harmless, and the statement goes the
 *   cursor's way instead. Inside one, that error would abort the user's transaction.
 * - The statement is first described (parse and describe, nothing executed) for its column names and types; one
 *   without columns, or that does not parse, goes the cursor's way (which reports its error).
 * - It is wrapped as `SELECT … FROM (statement) AS q(c1, …) LIMIT max_count + 1`: the row limit stops the database
 *   as the cursor's last batch does, the positional aliases allow duplicate or odd column names, and booleans are
 *   cast to text, which reads `true`/`false` as the cursor's rows are shown. What cannot be a subquery (EXPLAIN,
 *   SHOW, INSERT … RETURNING, a trailing `;`, parameters) is refused by the database before anything runs (SQLSTATE
 *   class 42 or 0A) and goes the cursor's way.
 */
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { CopyTextDecoder } from './copyText';
import type { ResultConsumer } from './driver';

const BOOL_OID = 16;
const { DatabaseError } = pg;

interface Field {
  name: string;
  dataTypeID: number;
}

/**
 * Parse and describe, unnamed, with nothing bound or executed: the result's columns, or none (no rows, or the
 * database's error, which the cursor then reports as usual). A broken connection fails.
 */
class Describe implements pg.Submittable {
  private fields: Field[] = [];
  private settled = false;

  constructor(
    private readonly text: string,
    private readonly done: (fields: Field[] | undefined) => void,
    private readonly fail: (e: unknown) => void,
  ) {}

  submit(connection: pg.Connection): void {
    const c = connection as unknown as { parse(q: { text: string }): void; describe(m: { type: 'S'; name: string }): void; sync(): void };
    c.parse({ text: this.text });
    c.describe({ type: 'S', name: '' });
    c.sync();
  }

  handleRowDescription(msg: { fields: Field[] }): void {
    this.fields = msg.fields;
  }

  handleError(e: unknown): void {
    // The statement's own error (severity ERROR); FATAL and socket errors are the connection's.
    if (e instanceof DatabaseError && e.severity === 'ERROR') this.settle(undefined);
    else if (!this.settled) {
      this.settled = true;
      this.fail(e);
    }
  }

  handleReadyForQuery(): void {
    this.settle(this.fields);
  }

  private settle(fields: Field[] | undefined): void {
    if (this.settled) return;
    this.settled = true;
    this.done(fields);
  }
}

function describe(client: pg.PoolClient, sql: string): Promise<Field[] | undefined> {
  return new Promise((resolve, reject) => {
    void client.query(new Describe(sql, resolve, reject));
  });
}

/** SQLSTATE classes of a statement refused before it runs: syntax and access rules (42), unsupported features (0A). */
const refusedBeforeRunning = (e: unknown): boolean => /^(42|0A)/.test(String((e as { code?: unknown })?.code ?? ''));

export function copyStatement(fields: readonly Field[], sql: string, limit: number): string {
  const aliases = fields.map((_, i) => `c${i + 1}`);
  const columns = fields.map((f, i) => (f.dataTypeID === BOOL_OID ? `${aliases[i]}::text` : aliases[i]));
  // Line breaks around the statement: a `--` comment at its end must not swallow the closing parenthesis.
  // A limit too large to write as an integer (a max_count of 1e30) limits nothing.
  const rows = Number.isSafeInteger(limit) ? String(limit) : 'ALL';
  return `COPY (SELECT ${columns.join(', ')} FROM (\n${sql}\n) AS q(${aliases.join(', ')}) LIMIT ${rows}) TO STDOUT`;
}

/**
 * Reads `sql`'s rows through COPY into `into` (at most `maxRows + 1`, so the consumer knows of more). False when the
 * statement is not for COPY (see the file's notes) and nothing has reached `into`: the caller then runs it its way.
 */
export async function copyRows(client: pg.PoolClient, sql: string, into: Required<ResultConsumer>, maxRows: number): Promise<boolean> {
  if (client.getTransactionStatus() !== 'I') return false;
  const fields = await describe(client, sql);
  if (!fields || fields.length === 0) return false;
  const stream = client.query(copyTo(copyStatement(fields, sql, maxRows + 1)));
  const decoder = new CopyTextDecoder();
  let begun = false;
  let wanted = true;
  const begin = (): void => {
    if (begun) return;
    begun = true;
    into.columns(fields.map((f) => f.name));
  };
  return new Promise((resolve, reject) => {
    stream.on('data', (chunk: Buffer) => {
      begin();
      if (!wanted) return;
      const { text, rows } = decoder.push(chunk);
      // Past the row limit or the output limit the rest is read and dropped: the LIMIT bounds it.
      if (rows > 0) wanted = into.lines(text, rows);
    });
    stream.on('end', () => {
      begin();
      resolve(true);
    });
    stream.on('error', (e) => (!begun && refusedBeforeRunning(e) ? resolve(false) : reject(e)));
  });
}
