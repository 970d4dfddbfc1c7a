/** @jest-environment node */
/**
 * `%jdbc` on PostgreSQL reads a query's rows as COPY text where it can (postgresCopy.ts): against a throwaway cluster,
 * the table text must be the cursor's to the byte, for every type and awkward value, and what COPY cannot run must
 * go the cursor's way, run once.
 */
import { ADMIN_PASSWORD, ADMIN_USER, missingDatabase, startPostgres, type ThrowawayDb } from './helpers/databases';
import type { DbConnection, DbPool, ResultConsumer } from '../../server/interpreters/impl/jdbc/driver';
import { createPgPool, describePgError } from '../../server/interpreters/impl/jdbc/postgres';
import { TableOutput } from '../../server/interpreters/impl/jdbc/tableOutput';
import { parseJdbcUrl } from '../../server/interpreters/impl/jdbc/url';
import { OutputCollector } from '../../server/interpreters/output';

jest.setTimeout(90_000);

const TYPES_SETUP = `CREATE DOMAIN yes_no AS boolean;
CREATE TYPE pair AS (x int, s text);
CREATE TABLE odd (id int, t text, c char(4), vc varchar(10), i2 smallint, i8 bigint, num numeric, f8 float8, b boolean,
  yn yes_no, ba boolean[], ta text[], d date, ts timestamp, tstz timestamptz, tm time, iv interval, by bytea, j json,
  jb jsonb, u uuid, ip inet, p pair, m money);
INSERT INTO odd VALUES
  (1, E'tab\\there', 'ab', E'new\\nline', 1, 9223372036854775807, 123456789012345678901234567890.123456789, 0.1, true,
   true, '{t,f,NULL}', ARRAY[E'a\\\\b', E'c\\td', NULL, '"q"'], '2024-02-29', '2024-02-29 13:45:01.123456',
   '2024-02-29 13:45:01+00', '23:59:59', '1 day 02:03:04', E'\\\\x00ff5c', '{"k": "v\\\\n"}', '{"a": [1, 2]}',
   'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '192.168.0.1', ROW(1, E'x\\\\y'), 12.34),
  (2, E'back\\\\slash \\\\N and \\\\t', NULL, E'cr\\rlf\\r\\n', NULL, NULL, 'NaN', '-Infinity', false, false, '{}', '{}',
   'infinity', NULL, NULL, NULL, NULL, '', 'null', 'null', NULL, '::1/128', ROW(NULL, NULL), NULL),
  (3, 'null', '', 'bs' || chr(8) || 'ff' || chr(12) || 'vt' || chr(11), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
   NULL, NULL, NULL, NULL, NULL, NULL, NULL),
  (4, E'ünï → € 😀 \\\\', 'é', '', 0, -1, -0.0, 1e300, true, NULL, '{NULL}', '{""}', '0001-01-01 BC', 'epoch',
   '1970-01-01 00:00:00+00', '00:00', '-1 mons', '\\x', '[]', '{}', NULL, '10.0.0.0/8', NULL, -1)`;

/** A consumer that records what `%jdbc` would show, and whether rows came as COPY text or as values. */
function recorder(maxRows: number, copyText: boolean): { consumer: ResultConsumer; tables: () => string[]; via: Set<string> } {
  const out = new OutputCollector(64 * 1024 * 1024, { slotStarted: () => undefined, appended: () => undefined, changed: () => undefined, sealed: () => undefined });
  const table = new TableOutput(out, maxRows);
  const via = new Set<string>();
  const consumer: ResultConsumer = {
    columns: (names) => table.columns(names),
    rows: (batch) => via.add('rows') && table.rows(batch),
    affected: (n) => table.affected(n),
    ...(copyText ? { lines: (text: string, count: number) => via.add('copy') && table.lines(text, count) } : {}),
  };
  return { consumer, via, tables: () => {
    table.end();
    return out.finish().map((m) => `${m.type}:${m.data}`);
  } };
}

const missing = missingDatabase('postgresql');
const describeDb = missing ? describe.skip : describe;
if (missing) console.warn(`Skipping the PostgreSQL COPY tests: ${missing}`);

describeDb('%jdbc rows through COPY', () => {
  let db: ThrowawayDb;
  let pool: DbPool;
  let conn: DbConnection;

  /** Runs `sql` as %jdbc does (COPY allowed, or not): the messages shown, and the ways rows came. */
  const run = async (sql: string, copyText = true, maxRows = 1000): Promise<{ shown: string[]; via: string[] }> => {
    const r = recorder(maxRows, copyText);
    await conn.execute(sql, r.consumer, maxRows);
    return { shown: r.tables(), via: [...r.via] };
  };

  beforeAll(async () => {
    db = await startPostgres();
    await db.admin(TYPES_SETUP);
    pool = createPgPool({ target: parseJdbcUrl(db.url), user: ADMIN_USER, password: ADMIN_PASSWORD, applicationName: 'copy test', max: 1 });
    conn = await pool.acquire();
  });
  afterAll(async () => {
    conn?.release(true);
    await pool?.end();
    await db?.stop();
  });

  test('every type, NULL, tabs, line breaks, backslashes and multi-byte text read the same as through the cursor', async () => {
    const copied = await run('SELECT * FROM odd ORDER BY id');
    const cursor = await run('SELECT * FROM odd ORDER BY id', false);
    expect(copied.via).toEqual(['copy']);
    expect(cursor.via).toEqual(['rows']);
    expect(copied.shown).toEqual(cursor.shown);
    const lines = copied.shown[0].split('\n');
    expect(lines[1].split('\t').slice(0, 12)).toEqual([
      '1', 'tab here', 'ab  ', 'new line', '1', '9223372036854775807', '123456789012345678901234567890.123456789', '0.1', 'true',
      'true', '{t,f,NULL}', '{"a\\\\b","c d",NULL,"\\"q\\""}',
    ]);
    expect(lines[2].split('\t').slice(0, 4)).toEqual(['2', 'back\\slash \\N and \\t', 'null', 'cr lf  ']);
    expect(lines[3].split('\t').slice(0, 4)).toEqual(['3', 'null', '    ', 'bs\bff\fvt\v']);
    expect(lines[4].split('\t').slice(0, 2)).toEqual(['4', 'ünï → € 😀 \\']);
  });

  test('a large result with multi-byte text and NULLs reads the same both ways, COPY\'s chunks cut anywhere', async () => {
    const sql = "SELECT g, CASE WHEN g % 7 = 0 THEN NULL ELSE repeat('é€', g % 50) || E'\\\\' END AS s, g % 2 = 0 AS even FROM generate_series(1, 30000) AS g";
    const copied = await run(sql, true, 100_000);
    expect(copied.via).toEqual(['copy']);
    expect(copied.shown).toEqual((await run(sql, false, 100_000)).shown);
  });

  test('duplicate column names, a trailing comment and an empty result go through COPY', async () => {
    expect(await run('SELECT 1 AS a, 2 AS a -- a comment')).toEqual({ shown: ['TABLE:a\ta\n1\t2\n'], via: ['copy'] });
    const empty = await run('SELECT id FROM odd WHERE false');
    expect(empty.shown).toEqual(['TABLE:id\n']);
  });

  test('max_count: COPY reads one row more than shown, and the notice follows', async () => {
    const r = await run('SELECT n FROM generate_series(1, 100000) AS n', true, 5);
    expect(r.via).toEqual(['copy']);
    expect(r.shown[0]).toBe('TABLE:n\n1\n2\n3\n4\n5\n');
    expect(r.shown[1]).toContain('<strong>Output is truncated</strong> to 5 rows.');
  });

  test('what COPY cannot run goes the cursor\'s way, and runs once', async () => {
    expect(await run('SELECT 1 AS a;')).toEqual({ shown: ['TABLE:a\n1\n'], via: ['rows'] });
    expect((await run('SHOW DateStyle')).via).toEqual(['rows']);
    expect((await run('EXPLAIN SELECT 1')).via).toEqual(['rows']);
    await db.admin('CREATE TABLE ins (x int)');
    expect(await run('INSERT INTO ins VALUES (1), (2) RETURNING x')).toEqual({ shown: ['TABLE:x\n1\n2\n'], via: ['rows'] });
    expect((await run('WITH w AS (INSERT INTO ins VALUES (3) RETURNING x) SELECT x FROM w')).via).toEqual(['rows']);
    expect(await db.admin('SELECT count(*)::int AS n FROM ins')).toEqual([{ n: 3 }]);
    // A statement without rows reports them as before.
    expect((await run('UPDATE ins SET x = x')).shown).toEqual(['TEXT:Query executed successfully. Affected rows : 3\n']);
  });

  test('inside a transaction the cursor is used, so a refused COPY cannot abort it', async () => {
    await run('BEGIN');
    expect((await run('SELECT 1 AS one')).via).toEqual(['rows']);
    expect((await run('SHOW DateStyle')).via).toEqual(['rows']);
    expect((await run('SELECT 2 AS two')).shown).toEqual(['TABLE:two\n2\n']);
    await run('COMMIT');
    expect((await run('SELECT 1 AS one')).via).toEqual(['copy']);
  });

  test('an error while COPY runs is the database\'s error, and the statement is not run again', async () => {
    await db.admin('CREATE SEQUENCE calls');
    const sql = "SELECT nextval('calls') AS c, 1 / (n - 3) AS q FROM generate_series(1, 5) AS n";
    const err = await run(sql).catch((e: unknown) => describePgError(e));
    expect(err).toBe('ERROR: division by zero');
    expect(await db.admin('SELECT last_value::int AS v FROM calls')).toEqual([{ v: 3 }]);
    // A statement that does not parse gives the same message as through the cursor.
    const bad = await run('SELECT * FROM nope').catch((e: unknown) => describePgError(e));
    expect(bad).toBe(await run('SELECT * FROM nope', false).catch((e: unknown) => describePgError(e)));
    expect(bad).toMatch(/^ERROR: relation "nope" does not exist/);
    expect((await run('SELECT 1 AS ok')).shown).toEqual(['TABLE:ok\n1\n']);
  });
});
