/** @jest-environment node */
/** The pure parts of `%jdbc`: statement splitting, URLs, logins, interpolation, completion and table output. */
import { interpolate } from '../../server/interpreters/interpolate';
import { completeFromCatalog } from '../../server/interpreters/impl/jdbc/completion';
import { credentialEntity, loginFor, readProperties } from '../../server/interpreters/impl/jdbc/properties';
import { splitSql } from '../../server/interpreters/impl/jdbc/splitSql';
import { TableOutput } from '../../server/interpreters/impl/jdbc/tableOutput';
import { connectTimeoutMs, CONNECT_TIMEOUT_MS, parseJdbcUrl } from '../../server/interpreters/impl/jdbc/url';
import { OutputCollector } from '../../server/interpreters/output';

describe('splitSql', () => {
  test('splits on semicolons outside strings and comments, dropping empty statements and comments', () => {
    expect(splitSql("select 1; select ';' as s;;\n-- c; d\nselect 2 /* x; y */", 'postgresql')).toEqual([
      'select 1', " select ';' as s", '\n\nselect 2 ',
    ]);
  });

  test('each statement starts on its own line of the paragraph, so "at line N" stays true', () => {
    const parts = splitSql('select 1;\n\nselect\n2;\nselect 3', 'mysql');
    expect(parts).toEqual(['select 1', '\n\nselect\n2', '\n\n\n\nselect 3']);
    expect(parts.map((p) => p.slice(0, p.indexOf('select')).split('\n').length - 1)).toEqual([0, 2, 4]);
  });

  test('PostgreSQL: dollar quoting, E-strings, doubled quotes, quoted names and nested block comments', () => {
    const fn = "create function f() returns int as $body$ begin return 1; end; $body$ language plpgsql";
    expect(splitSql(`${fn}; select $$a;b$$, E'it\\'s;', 'x'';y', "we;ird" from t /* a /* nested; */ still; */; select 2`, 'postgresql')).toEqual([
      fn, ` select $$a;b$$, E'it\\'s;', 'x'';y', "we;ird" from t `, ' select 2',
    ]);
    // `$1` is a parameter and `a$b$` a name, not dollar quotes.
    expect(splitSql('select a$b$c; select 1', 'postgresql')).toEqual(['select a$b$c', ' select 1']);
  });

  test('MySQL: backslash escapes, backquoted names, # comments, "--" only before a space, executable comments kept', () => {
    expect(splitSql("select 'it\\'s;', \"a\\\";b\", `we;ird` # c; d\n; select 5--1; select /*! STRAIGHT_JOIN */ 1", 'mysql')).toEqual([
      "select 'it\\'s;', \"a\\\";b\", `we;ird` \n", '\n select 5--1', '\n select /*! STRAIGHT_JOIN */ 1',
    ]);
    expect(splitSql('select 1 -- comment; not a statement\n', 'mysql')).toEqual(['select 1 \n']);
  });

  test('optimizer hints stay; an unterminated string runs to the end', () => {
    expect(splitSql("select /*+ index(t) */ 1; select 'open; string", 'postgresql')).toEqual(['select /*+ index(t) */ 1', " select 'open; string"]);
  });
});

describe('jdbc URLs and logins', () => {
  test('the scheme picks the driver; host, port, database and parameters are read', () => {
    expect(parseJdbcUrl('jdbc:postgresql://db.example.com:6543/sales?sslmode=require&currentSchema=mart')).toEqual({
      dialect: 'postgresql', scheme: 'postgresql', host: 'db.example.com', port: 6543, database: 'sales', params: { sslmode: 'require', currentSchema: 'mart' },
    });
    expect(parseJdbcUrl('jdbc:mariadb://[::1]/shop')).toMatchObject({ dialect: 'mysql', host: '::1', port: 3306, database: 'shop' });
    expect(parseJdbcUrl('jdbc:mysql://localhost')).toMatchObject({ dialect: 'mysql', port: 3306, database: '' });
    expect(() => parseJdbcUrl('jdbc:oracle:thin:@host:1521:db')).toThrow('default.url must be jdbc:postgresql://host:port/database');
  });

  test('connect time-out: 5 s by default, else the URL\'s connectTimeout in its JDBC driver\'s unit', () => {
    expect(CONNECT_TIMEOUT_MS).toBeLessThan(10_000);
    expect(connectTimeoutMs(parseJdbcUrl('jdbc:postgresql://h/db'))).toBe(CONNECT_TIMEOUT_MS);
    expect(connectTimeoutMs(parseJdbcUrl('jdbc:postgresql://h/db?connectTimeout=2'))).toBe(2000);
    expect(connectTimeoutMs(parseJdbcUrl('jdbc:mysql://h/db?connectTimeout=2500'))).toBe(2500);
  });

  test('the credential entity is Zeppelin\'s: "default" for the setting jdbc, else the setting\'s name', () => {
    expect(credentialEntity('jdbc')).toBe('default');
    expect(credentialEntity('warehouse')).toBe('warehouse');
  });

  test('default.user wins, then the credential page, then the URL; with none the error names the entity', () => {
    const target = parseJdbcUrl('jdbc:postgresql://h/db?user=urluser&password=urlpw');
    const cred = (entity: string) => (entity === 'pg' ? { username: 'ann', password: 'pw' } : undefined);
    expect(loginFor(readProperties({ 'default.user': 'svc', 'default.password': 's' }), target, 'pg', cred)).toEqual({ username: 'svc', password: 's' });
    expect(loginFor(readProperties({ 'default.user': '' }), target, 'pg', cred)).toEqual({ username: 'ann', password: 'pw' });
    expect(loginFor(readProperties({}), target, 'other', cred)).toEqual({ username: 'urluser', password: 'urlpw' });
    expect(() => loginFor(readProperties({}), parseJdbcUrl('jdbc:postgresql://h/db'), 'jdbc', cred)).toThrow('for the entity "default" on the Credential page');
  });

  test('properties: Zeppelin\'s names and defaults', () => {
    expect(readProperties({})).toMatchObject({ maxCount: 1000, splitQueries: true, queryTimeoutS: 0, interpolation: false, completerTtlS: 120, maxConnections: 10 });
    expect(readProperties({ 'common.max_count': '50', 'default.splitQueries': 'false', 'zeppelin.jdbc.interpolation': 'true' }))
      .toMatchObject({ maxCount: 50, splitQueries: false, interpolation: true });
  });
});

describe('interpolate ({name} as in Zeppelin)', () => {
  const values: Record<string, unknown> = { since: '2024-01-01', n: 3, obj: { a: 1 } };
  const lookup = (name: string) => (name in values ? { found: true, value: values[name] } : { found: false });

  test('fills known names, turns {{x}} into {x}', () => {
    expect(interpolate("where d > '{since}' and n < {n} and re ~ 'a{{2}}' and j = '{obj}'", lookup)).toBe("where d > '2024-01-01' and n < 3 and re ~ 'a{2}' and j = '{\"a\":1}'");
  });

  test('an unknown name or an odd run of braces leaves the whole text as written', () => {
    expect(interpolate('{since} {nope}', lookup)).toBe('{since} {nope}');
    expect(interpolate('{since} {}', lookup)).toBe('{since} {}');
    expect(interpolate('{since} {{n}', lookup)).toBe('{since} {{n}');
  });

  test('a lone closing brace ends interpolation there; the rest is kept', () => {
    expect(interpolate('{since} } {n}', lookup)).toBe('2024-01-01 } {n}');
  });
});

describe('completion from the catalog', () => {
  const catalog = [
    { schema: 'public' }, { schema: 'mart' },
    { schema: 'public', table: 'sales', column: 'region' }, { schema: 'public', table: 'sales', column: 'amount' },
    { schema: 'mart', table: 'sales', column: 'margin' }, { schema: 'mart', table: 'regions', column: 'name' },
  ];
  const names = (text: string) => completeFromCatalog(catalog, text, text.length).map((c) => `${c.meta}:${c.name}`);

  test('a bare word: schemas, tables, columns, keywords with that start', () => {
    expect(names('select re')).toEqual(['table:regions', 'column:region', 'keyword:REVOKE']);
    expect(names('select m')).toEqual(['schema:mart', 'column:margin', 'keyword:MIN', 'keyword:MAX']);
  });

  test('after schema. its tables; after table. or schema.table. its columns', () => {
    expect(names('from mart.')).toEqual(['table:sales', 'table:regions']);
    expect(names('select sales.')).toEqual(['column:region', 'column:amount', 'column:margin']);
    expect(names('select mart.sales.')).toEqual(['column:margin']);
    expect(names('select "public"."sales".am')).toEqual(['column:amount']);
  });
});

describe('TableOutput', () => {
  const collect = () => {
    const events = { slotStarted: () => undefined, appended: () => undefined, changed: () => undefined, sealed: () => undefined };
    return new OutputCollector(1_000_000, events);
  };

  test('rows stream into one TABLE; NULL, tabs and line breaks as Zeppelin prints them; a cut adds the notice', () => {
    const out = collect();
    const t = new TableOutput(out, 3);
    t.columns(['a', 'b\tc']);
    expect(t.rows([['1', null], ['x\ty', 'l1\nl2\r']])).toBe(true);
    expect(t.rows([['3', '3'], ['4', '4']])).toBe(false);
    t.end();
    t.affected(7);
    const msgs = out.finish();
    expect(msgs.map((m) => m.type)).toEqual(['TABLE', 'HTML', 'TEXT']);
    expect(msgs[0].data).toBe('a\tb c\n1\tnull\nx y\tl1 l2 \n3\t3\n');
    expect(msgs[1].data).toContain('<strong>Output is truncated</strong> to 3 rows. Learn more about <strong>common.max_count</strong>');
    expect(msgs[2].data).toBe('Query executed successfully. Affected rows : 7\n');
  });

  test('a table is sent whole, as Zeppelin sends table output: no appends while rows arrive; sealed once another message follows', () => {
    const log: string[] = [];
    const out = new OutputCollector(1_000_000, {
      slotStarted: (i, t) => log.push(`start ${i} ${t}`),
      appended: (i) => log.push(`append ${i}`),
      changed: (i) => log.push(`changed ${i}`),
      sealed: (i) => log.push(`sealed ${i}`),
    });
    const t = new TableOutput(out, 2);
    t.columns(['a']);
    t.rows([['1'], ['2']]);
    expect(log).toEqual(['start 0 TABLE']);
    t.rows([['3']]);
    t.end();
    expect(log).toEqual(['start 0 TABLE', 'sealed 0', 'start 1 HTML', 'changed 1']);
    expect(out.finish().map((m) => m.data)).toEqual(['a\n1\n2\n', expect.stringContaining('truncated')]);
  });

  test('a table is not parsed for display markers: a value "%html <b>" stays a cell', () => {
    const out = collect();
    const t = new TableOutput(out, 10);
    t.columns(['v']);
    t.rows([['%html <b>x</b>']]);
    t.end();
    expect(out.finish()).toEqual([{ type: 'TABLE', data: 'v\n%html <b>x</b>\n' }]);
  });
});
