/**
 * The `%jdbc` server tests, run once per database kind (exec-jdbc-postgresql.test.ts, exec-jdbc-mariadb.test.ts, so
 * the two databases start in parallel): a throwaway server of that kind is started once for its file, the Zeppelin
 * server talks to it over a real socket, and the results are checked as a user sees them.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { InterpreterProperty, ResultMessage } from '../../../protocol';
import { login, startAuthServer } from './auth';
import { DATABASE, missingDatabase, startDatabase, type DbKind, type ThrowawayDb } from './databases';
import { addParagraph, isStatus, newNote, run, startRun, textOf, waitFinal, type Identity } from './exec';
import { api, Client, startTestServer, type TestServer } from './harness';
import { BATCH_ROWS } from '../../../server/interpreters/impl/jdbc/driver';
import { createMysqlPool } from '../../../server/interpreters/impl/jdbc/mysql';
import { createPgPool } from '../../../server/interpreters/impl/jdbc/postgres';
import { parseJdbcUrl } from '../../../server/interpreters/impl/jdbc/url';

interface Dialect {
  /** Superuser statements run once: the database users the tests log in as. */
  setup: string[];
  types: { create: string; expected: string };
  multi: { script: string; tables: string[] };
  missingTable: RegExp;
  series(n: number): string;
  sleep: string;
  /** A statement that takes a second and a half, longer than the output's 100 ms flush. */
  pause: string;
  /** Superuser query: one row per session still running `sleep`. */
  runningSleeps: string;
  /** Superuser query: one row per open connection of database user `analyst`. */
  analystSessions: string;
  bigTable: string;
  whoAmI: string;
}

const DIALECTS: Record<DbKind, Dialect> = {
  postgresql: {
    setup: [
      "CREATE ROLE analyst LOGIN PASSWORD 'analyst-pw'",
      "CREATE ROLE alice_db LOGIN PASSWORD 'alice-db-pw'",
      "CREATE ROLE bob_db LOGIN PASSWORD 'bob-db-pw'",
      'GRANT ALL ON SCHEMA public TO analyst, alice_db, bob_db',
    ],
    types: {
      create: `CREATE TABLE types_t (id int, big bigint, num numeric(30,10), d date, ts timestamp, tstz timestamptz, b boolean, t text, j jsonb, n int);
INSERT INTO types_t VALUES (1, 9007199254740993, 12345678901234567890.0123456789, '2024-02-29', '2024-02-29 13:45:01.123456',
  '2024-02-29 13:45:01+00', true, E'tab\\there\\nnewline', '{"a": [1, 2]}', NULL);
SELECT * FROM types_t`,
      expected: 'id\tbig\tnum\td\tts\ttstz\tb\tt\tj\tn\n'
        + '1\t9007199254740993\t12345678901234567890.0123456789\t2024-02-29\t2024-02-29 13:45:01.123456\t2024-02-29 13:45:01+00\ttrue\ttab here newline\t{"a": [1, 2]}\tnull\n',
    },
    multi: {
      script: `CREATE TABLE m (a int, s text);
INSERT INTO m VALUES (1, 'semi;colon'), (2, $$dollar ; quoted$$);
-- a comment; with a semicolon
SELECT a, s FROM m ORDER BY a; /* a block; comment */ SELECT count(*) AS c FROM m`,
      tables: ['a\ts\n1\tsemi;colon\n2\tdollar ; quoted\n', 'c\n2\n'],
    },
    missingTable: /^ERROR: relation "nope" does not exist\n {2}Position: 16\n$/,
    series: (n) => `SELECT n FROM generate_series(1, ${n}) AS n`,
    sleep: 'SELECT pg_sleep(600)',
    pause: 'SELECT pg_sleep(1.5) AS slept',
    runningSleeps: "SELECT pid FROM pg_stat_activity WHERE query LIKE '%pg_sleep(600)%' AND pid <> pg_backend_pid()",
    analystSessions: "SELECT pid FROM pg_stat_activity WHERE usename = 'analyst'",
    bigTable: 'CREATE TABLE big AS SELECT g AS id, md5(g::text) AS h, g * 1.5 AS x, now() AS t, g % 2 = 0 AS even FROM generate_series(1, 150000) AS g',
    whoAmI: 'SELECT current_user AS who',
  },
  mariadb: {
    setup: [
      "CREATE USER 'analyst'@'%' IDENTIFIED BY 'analyst-pw'",
      "CREATE USER 'alice_db'@'%' IDENTIFIED BY 'alice-db-pw'",
      "CREATE USER 'bob_db'@'%' IDENTIFIED BY 'bob-db-pw'",
      `GRANT ALL ON ${DATABASE}.* TO 'analyst'@'%', 'alice_db'@'%', 'bob_db'@'%'`,
    ],
    types: {
      create: `CREATE TABLE types_t (id int, big bigint, num decimal(30,10), d date, ts datetime(6), b boolean, t text, bin varbinary(4), f double, n int);
INSERT INTO types_t VALUES (1, 9007199254740993, 12345678901234567890.0123456789, '2024-02-29', '2024-02-29 13:45:01.123456', true,
  'tab\\there\\nnewline', X'DEADBEEF', 0.1, NULL);
SELECT * FROM types_t`,
      expected: 'id\tbig\tnum\td\tts\tb\tt\tbin\tf\tn\n'
        + '1\t9007199254740993\t12345678901234567890.0123456789\t2024-02-29\t2024-02-29 13:45:01.123456\t1\ttab here newline\t0xdeadbeef\t0.1\tnull\n',
    },
    multi: {
      script: `CREATE TABLE m (a int, s text);
INSERT INTO m VALUES (1, 'semi;colon'), (2, "double ; quoted");
# a comment; with a semicolon
SELECT a, \`s\` FROM m ORDER BY a; /* a block; comment */ SELECT count(*) AS c FROM m`,
      tables: ['a\ts\n1\tsemi;colon\n2\tdouble ; quoted\n', 'c\n2\n'],
    },
    missingTable: new RegExp(`^Table '${DATABASE}\\.nope' doesn't exist\n$`),
    series: (n) => `SELECT seq AS n FROM seq_1_to_${n}`,
    sleep: 'SELECT sleep(600)',
    pause: 'SELECT sleep(1.5) AS slept',
    runningSleeps: "SELECT id FROM information_schema.processlist WHERE info LIKE '%sleep(600)%' AND id <> connection_id()",
    analystSessions: "SELECT id FROM information_schema.processlist WHERE user = 'analyst'",
    bigTable: 'CREATE TABLE big AS SELECT seq AS id, md5(seq) AS h, seq * 1.5 AS x, now() AS t, seq % 2 = 0 AS even FROM seq_1_to_150000',
    whoAmI: "SELECT substring_index(current_user(), '@', 1) AS who",
  },
};

const prop = (value: string | boolean, type: InterpreterProperty['type'] = 'string'): Pick<InterpreterProperty, 'value' | 'type'> => ({ value, type });

/** Properties of a jdbc setting for `db`, logging in as `analyst` unless `user` says otherwise. */
function jdbcProperties(url: string, extra: Record<string, string | boolean> = {}, user = 'analyst', password = 'analyst-pw'): Record<string, Pick<InterpreterProperty, 'value' | 'type'>> {
  const out: Record<string, Pick<InterpreterProperty, 'value' | 'type'>> = {
    'default.url': prop(url), 'default.user': prop(user), 'default.password': prop(password, 'password'),
    'default.completer.ttlInSeconds': prop('-1', 'number'),
  };
  for (const [k, v] of Object.entries(extra)) out[k] = prop(v, typeof v === 'boolean' ? 'checkbox' : 'string');
  return out;
}

/** Polls a superuser query until `done(rows)`: for what happens in the database, outside any socket. */
async function eventually(db: ThrowawayDb, sql: string, done: (rows: Record<string, unknown>[]) => boolean, what: string): Promise<void> {
  const end = Date.now() + 10_000;
  for (;;) {
    if (done(await db.admin(sql))) return;
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const types = (msgs: ResultMessage[] | undefined): string[] => (msgs ?? []).map((m) => m.type);

/** A TCP server that accepts connections and never says a word: a database host that does not answer. */
function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const srv: Server = createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return new Promise((resolve) => {
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      resolve({
        port: typeof addr === 'object' && addr ? addr.port : 0,
        close: () => new Promise((r) => {
          for (const s of sockets) s.destroy();
          srv.close(() => r());
        }),
      });
    });
  });
}

export function describeJdbc(kind: DbKind): void {
  const missing = missingDatabase(kind);
  if (missing) {
    console.warn(`Skipping the %jdbc tests on ${kind}: ${missing}`);
    describe.skip(`%jdbc on ${kind}`, () => undefined);
    return;
  }
  const d = DIALECTS[kind];
  let db: ThrowawayDb;

  beforeAll(async () => {
    db = await startDatabase(kind);
    for (const sql of d.setup) await db.admin(sql);
  });
  afterAll(async () => {
    await db?.stop();
  });

  describe(`%jdbc on ${kind}`, () => {
    let server: TestServer;
    let a: Client;
    let pid: string;
    let noteId: string;

    const setting = async (name: string, properties: Record<string, Pick<InterpreterProperty, 'value' | 'type'>>): Promise<void> => {
      const r = await api(server.url, '/api/interpreter/setting', { method: 'POST', json: { name, group: 'jdbc', properties } });
      expect(r.status).toBe(200);
    };

    beforeAll(async () => {
      server = await startTestServer();
      a = await Client.open(server.wsUrl, server.origin);
      ({ pid, noteId } = await newNote(a, `/jdbc ${kind}`, 'md'));
      await setting('db', jdbcProperties(db.url));
    });
    afterAll(async () => {
      await a.close();
      await server.close();
    });

    test('rows and types: a TABLE in the database\'s own text, NULL as null, big numbers exact, dates ISO', async () => {
      const r = await run(a, pid, `%db\n${d.types.create}`);
      expect(r.final.status).toBe('FINISHED');
      const msgs = r.final.results?.msg ?? [];
      expect(types(msgs)).toEqual(['TEXT', 'TEXT', 'TABLE']);
      expect(msgs[1].data).toBe('Query executed successfully. Affected rows : 1\n');
      expect(msgs[2].data).toBe(d.types.expected);
    });

    test('an error is ERROR with the database\'s message', async () => {
      const r = await run(a, pid, '%db\nSELECT * FROM nope');
      expect(r.final.status).toBe('ERROR');
      expect(textOf(r.final)).toMatch(d.missingTable);
    });

    test('several statements are split as Zeppelin splits them: quotes and comments respected', async () => {
      const r = await run(a, pid, `%db\n${d.multi.script}`);
      expect(r.final.status).toBe('FINISHED');
      expect(r.final.results?.msg).toEqual([
        { type: 'TEXT', data: 'Query executed successfully. Affected rows : 0\n' },
        { type: 'TEXT', data: 'Query executed successfully. Affected rows : 2\n' },
        ...d.multi.tables.map((data) => ({ type: 'TABLE', data })),
      ]);
    });

    test('common.max_count cuts the table with Zeppelin\'s notice', async () => {
      await setting('small', jdbcProperties(db.url, { 'common.max_count': '5' }));
      const r = await run(a, pid, `%small\n${d.series(20)}`);
      const msgs = r.final.results?.msg ?? [];
      expect(types(msgs)).toEqual(['TABLE', 'HTML']);
      expect(msgs[0].data).toBe('n\n1\n2\n3\n4\n5\n');
      expect(msgs[1].data).toContain('<strong>Output is truncated</strong> to 5 rows. Learn more about <strong>common.max_count</strong>');
    });

    test('a table shows whole while a later statement still runs: one output update, never appends', async () => {
      const r = await run(a, pid, `%db\n${d.series(3)};\n${d.pause}`);
      expect(r.final.status).toBe('FINISHED');
      const output = r.frames.filter((f) => f.op === 'PARAGRAPH_APPEND_OUTPUT' || f.op === 'PARAGRAPH_UPDATE_OUTPUT').map((f) => [f.op, f.data.index, f.data.data]);
      // The first table went out whole once the second statement began, before the run's end.
      expect(output).toContainEqual(['PARAGRAPH_UPDATE_OUTPUT', 0, 'n\n1\n2\n3\n']);
      expect(output.filter(([op]) => op === 'PARAGRAPH_APPEND_OUTPUT')).toEqual([]);
    });

    test('default.precode runs once on each new connection, default.statementPrecode before every run', async () => {
      await setting('pre', jdbcProperties(db.url, {
        'default.precode': 'CREATE TEMPORARY TABLE pre_marker (x int)', 'default.statementPrecode': 'INSERT INTO pre_marker VALUES (1)',
      }));
      expect(textOf((await run(a, pid, '%pre\nSELECT count(*) AS c FROM pre_marker')).final)).toBe('c\n1\n');
      expect(textOf((await run(a, pid, '%pre\nSELECT count(*) AS c FROM pre_marker')).final)).toBe('c\n2\n');
    });

    test('default.splitQueries off sends the paragraph whole', async () => {
      await setting('whole', jdbcProperties(db.url, { 'default.splitQueries': false }));
      const r = await run(a, pid, '%whole\nSELECT 1 AS a; SELECT 2 AS b');
      if (kind === 'postgresql') {
        expect(r.final.results?.msg).toEqual([{ type: 'TABLE', data: 'a\n1\n' }, { type: 'TABLE', data: 'b\n2\n' }]);
      } else {
        // Like Connector/J without allowMultiQueries: MySQL refuses two statements in one.
        expect(r.final.status).toBe('ERROR');
        expect(textOf(r.final)).toContain('You have an error in your SQL syntax');
      }
    });

    test('dynamic forms and ${...} substitution as in %sql', async () => {
      const r = await run(a, pid, "%db\nSELECT '${greeting=hello}' AS g, ${n=3} + 1 AS n", { params: { greeting: 'bonjour' } });
      expect(r.final.results?.msg).toEqual([{ type: 'TABLE', data: 'g\tn\nbonjour\t4\n' }]);
      expect(r.final.settings?.forms?.greeting).toMatchObject({ type: 'TextBox', defaultValue: 'hello' });
    });

    test('{name} interpolation from a shared object when zeppelin.jdbc.interpolation or interpolate=true asks for it', async () => {
      a.send('ANGULAR_OBJECT_CLIENT_BIND', { noteId, name: 'since', value: '2024-01-01', paragraphId: pid });
      await a.sync();
      const off = await run(a, pid, "%db\nSELECT '{since}' AS s");
      expect(textOf(off.final)).toBe('s\n{since}\n');
      const on = await run(a, pid, "%db(interpolate=true)\nSELECT '{since}' AS s, '{{x}}' AS e");
      expect(textOf(on.final)).toBe('s\te\n2024-01-01\t{x}\n');
    });

    test('{name} interpolation reads the resource pool first, as Zeppelin does: a value z.put in %python', async () => {
      const py = await addParagraph(a, 1);
      expect((await run(a, py, '%python\nz.put("since", "2023-05-06")')).final.status).toBe('FINISHED');
      const r = await run(a, pid, "%db(interpolate=true)\nSELECT '{since}' AS s");
      expect(textOf(r.final)).toBe('s\n2023-05-06\n');
    });

    test('cancel stops the query on the server and ends ABORT; meanwhile other paragraphs run; the next run works', async () => {
      const { from } = startRun(a, pid, `%db\n${d.sleep}`);
      await a.waitFor(isStatus(pid, ['RUNNING']), from);
      await eventually(db, d.runningSleeps, (rows) => rows.length === 1, 'the sleep runs in the database');
      // zeppelin.jdbc.concurrent.use: a second paragraph of the setting does not wait for the first.
      const other = await addParagraph(a, 1);
      expect(textOf((await run(a, other, '%db\nSELECT 2 AS two')).final)).toBe('two\n2\n');
      a.send('CANCEL_PARAGRAPH', { id: pid });
      expect((await waitFinal(a, pid, from)).final.status).toBe('ABORT');
      await eventually(db, d.runningSleeps, (rows) => rows.length === 0, 'the database no longer runs the sleep');
      expect(textOf((await run(a, pid, '%db\nSELECT 1 AS one')).final)).toBe('one\n1\n');
    });

    test('zeppelin.jdbc.query.timeout stops a long statement on the server with an ERROR saying so', async () => {
      await setting('impatient', jdbcProperties(db.url, { 'zeppelin.jdbc.query.timeout': '1' }));
      const r = await run(a, pid, `%impatient\n${d.sleep}`);
      expect(r.final.status).toBe('ERROR');
      expect(textOf(r.final)).toContain('Query timed out after 1 s (zeppelin.jdbc.query.timeout)');
      await eventually(db, d.runningSleeps, (rows) => rows.length === 0, 'the database no longer runs the sleep');
    });

    test('an unreachable database is an ERROR with the driver\'s message', async () => {
      const silent = await silentServer();
      try {
        // A URL parameter may hold a password: the message names the database without repeating the URL.
        const url = `${db.url.replace(`:${db.port}/`, `:${silent.port}/`)}?password=url-secret`;
        await setting('silent', jdbcProperties(url));
        const r = await run(a, pid, '%silent\nSELECT 1');
        expect(r.final.status).toBe('ERROR');
        expect(textOf(r.final)).not.toContain('url-secret');
        expect(textOf(r.final)).toMatch(new RegExp(`^Cannot connect to jdbc:[a-z]+://127\\.0\\.0\\.1:${silent.port}/${DATABASE} as analyst: .*(timeout|timed out|ETIMEDOUT)`, 'i'));
      } finally {
        await silent.close();
      }
    });

    test('credentials come from the credential page: entity "default" for the setting jdbc, the setting\'s name otherwise', async () => {
      await setting('mine', jdbcProperties(db.url, {}, '', ''));
      const none = await run(a, pid, `%mine\n${d.whoAmI}`);
      expect(none.final.status).toBe('ERROR');
      expect(textOf(none.final)).toContain('for the entity "mine" on the Credential page');
      const cred = await api(server.url, '/api/credential', { method: 'PUT', json: { entity: 'mine', username: 'alice_db', password: 'alice-db-pw' } });
      expect(cred.status).toBe(200);
      expect(textOf((await run(a, pid, `%mine\n${d.whoAmI}`)).final)).toBe('who\nalice_db\n');

      const edited = await api(server.url, '/api/interpreter/setting/jdbc', { method: 'PUT', json: { properties: jdbcProperties(db.url, {}, '', '') } });
      expect(edited.status).toBe(200);
      await api(server.url, '/api/credential', { method: 'PUT', json: { entity: 'default', username: 'bob_db', password: 'bob-db-pw' } });
      expect(textOf((await run(a, pid, `%jdbc\n${d.whoAmI}`)).final)).toBe('who\nbob_db\n');
    });

    test('completion offers schemas, tables and columns from the catalog', async () => {
      await run(a, pid, '%db\nCREATE TABLE sales (region varchar(20), amount int)');
      const schema = kind === 'postgresql' ? 'public' : DATABASE;
      const complete = async (buf: string): Promise<{ name: string; meta?: string }[]> =>
        (await a.request('COMPLETION', { id: pid, buf, cursor: buf.length }, 'COMPLETION_LIST')).data.completions;
      expect(await complete('%db\nSELECT reg')).toContainEqual({ name: 'region', value: 'region', meta: 'column' });
      expect(await complete('%db\nSELECT * FROM sa')).toContainEqual({ name: 'sales', value: 'sales', meta: 'table' });
      expect(await complete(`%db\nSELECT * FROM ${schema}.sa`)).toEqual([{ name: 'sales', value: 'sales', meta: 'table' }]);
      expect(await complete('%db\nSELECT sales.am')).toEqual([{ name: 'amount', value: 'amount', meta: 'column' }]);
      expect((await complete(`%db\nSELECT * FROM ${schema.slice(0, 3)}`)).map((c) => c.meta)).toContain('schema');
    });

    test('a large result is read from the database in batches; common.max_count 100,000 is honoured', async () => {
      await db.admin(`${d.bigTable}`);
      await db.admin(kind === 'postgresql' ? 'GRANT SELECT ON big TO analyst' : 'SELECT 1');
      await setting('big', jdbcProperties(db.url, { 'common.max_count': '100000', 'zeppelin.interpreter.output.limit': String(64 * 1024 * 1024) }));
      const r = await run(a, pid, '%big\nSELECT * FROM big ORDER BY id', { timeoutMs: 60_000 });
      expect(r.final.status).toBe('FINISHED');
      const msgs = r.final.results?.msg ?? [];
      expect(types(msgs)).toEqual(['TABLE', 'HTML']);
      const lines = msgs[0].data.split('\n');
      expect(lines[0]).toBe('id\th\tx\tt\teven');
      expect(lines).toHaveLength(100_002);
      expect(lines[100_000].split('\t')[0]).toBe('100000');
      // As in Zeppelin, the table reaches the page whole, with the result: not a second time in appends.
      expect(r.frames.filter((f) => f.op === 'PARAGRAPH_APPEND_OUTPUT')).toEqual([]);
      const whole = r.frames.filter((f) => f.op === 'PARAGRAPH_UPDATE_OUTPUT' && f.data.data !== '');
      expect(whole).toEqual([expect.objectContaining({ data: expect.objectContaining({ type: 'HTML' }) })]);

      // The driver hands the rows over batch by batch while it reads them, never all at once.
      const pool = (kind === 'postgresql' ? createPgPool : createMysqlPool)({
        target: parseJdbcUrl(db.url), user: 'analyst', password: 'analyst-pw', applicationName: 'jdbc test', max: 1,
      });
      const batches: number[] = [];
      try {
        const conn = await pool.acquire();
        await conn.execute('SELECT * FROM big ORDER BY id', { columns: () => undefined, affected: () => undefined, rows: (b) => batches.push(b.length) > 0 }, 100_000);
        conn.release(false);
      } finally {
        await pool.end();
      }
      expect(batches.reduce((x, y) => x + y, 0)).toBe(100_001);
      expect(batches.length).toBeGreaterThan(1);
      expect(Math.max(...batches)).toBeLessThanOrEqual(BATCH_ROWS);
    });

    test('restarting the setting closes its connections', async () => {
      await run(a, pid, '%db\nSELECT 1');
      expect((await db.admin(d.analystSessions)).length).toBeGreaterThan(0);
      const r = await api(server.url, '/api/interpreter/setting/restart/db', { method: 'PUT' });
      expect(r.status).toBe(200);
      for (const name of ['small', 'impatient', 'big', 'pre', 'whole']) await api(server.url, `/api/interpreter/setting/restart/${name}`, { method: 'PUT' });
      await eventually(db, d.analystSessions, (rows) => rows.length === 0, 'analyst has no connection left');
    });
  });

  describe(`%jdbc on ${kind} with logins: a pool per user`, () => {
    let server: TestServer;
    const SHIRO = '[users]\nadmin = admin, admin\nalice = alice-pw, analysts\nbob = bob-pw, analysts\n[roles]\nadmin = *\nanalysts = *\n'
      + '[urls]\n/api/interpreter/** = authc, roles[admin]\n/** = authc\n';

    beforeAll(async () => {
      server = await startAuthServer({ shiroIni: SHIRO });
    });
    afterAll(async () => {
      await server.close();
    });

    test('each user runs as their own database user, in their own session', async () => {
      const admin = await login(server.url, 'admin', 'admin');
      const created = await api(server.url, '/api/interpreter/setting', {
        method: 'POST', headers: { cookie: admin.cookie }, json: { name: 'shared', group: 'jdbc', properties: jdbcProperties(db.url, {}, '', '') },
      });
      expect(created.status).toBe(200);
      const users: { who: Identity; client: Client; dbUser: string }[] = [];
      for (const [name, password, dbUser, dbPassword] of [['alice', 'alice-pw', 'alice_db', 'alice-db-pw'], ['bob', 'bob-pw', 'bob_db', 'bob-db-pw']]) {
        const l = await login(server.url, name, password);
        const cred = await api(server.url, '/api/credential', { method: 'PUT', headers: { cookie: l.cookie }, json: { entity: 'shared', username: dbUser, password: dbPassword } });
        expect(cred.status).toBe(200);
        users.push({ who: { principal: name, ticket: l.body.body?.ticket ?? '' }, client: await Client.open(server.wsUrl, server.origin), dbUser });
      }
      try {
        const [alice, bob] = users;
        const { pid } = await newNote(alice.client, '/per user', 'md', alice.who);
        const mine = await run(alice.client, pid, `%shared\nCREATE TEMPORARY TABLE mine (x int);\n${d.whoAmI}`, { as: alice.who });
        expect(mine.final.results?.msg?.[1]).toEqual({ type: 'TABLE', data: 'who\nalice_db\n' });
        const { pid: bobPid } = await newNote(bob.client, '/per user bob', 'md', bob.who);
        expect(textOf((await run(bob.client, bobPid, `%shared\n${d.whoAmI}`, { as: bob.who })).final)).toBe('who\nbob_db\n');
        const theirs = await run(bob.client, bobPid, '%shared\nSELECT * FROM mine', { as: bob.who });
        expect(theirs.final.status).toBe('ERROR');
        expect(textOf((await run(alice.client, pid, '%shared\nSELECT count(*) AS c FROM mine', { as: alice.who })).final)).toBe('c\n0\n');
      } finally {
        await Promise.all(users.map((u) => u.client.close()));
      }
    });
  });
}
